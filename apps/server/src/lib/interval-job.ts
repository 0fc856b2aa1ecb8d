/**
 * An in-process job that runs every `minutes` (first after `firstDelayMs`), never overlapping itself in
 * this process. `minutes <= 0` turns it off. The job reports its own outcome; a rejection is given to
 * `onError`. Returns a stop function that waits for a run in progress. The timers do not keep the
 * process alive.
 */
export function startIntervalJob(job: () => Promise<void>, o: { minutes: number; firstDelayMs: number; onError: (err: unknown) => void }): () => Promise<void> {
  if (o.minutes <= 0) return async () => undefined;
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = job()
      .catch(o.onError)
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(tick, o.firstDelayMs);
  const timer = setInterval(tick, o.minutes * 60_000);
  first.unref();
  timer.unref();
  return async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
