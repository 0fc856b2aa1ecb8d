import type { AppContext } from '../../context';
import { runDailyServicing } from './use-cases/daily-run';
import { generateStatements } from '../statements/use-cases/generate-statements';

/**
 * The in-process timer of the daily run (every server instance starts one): every
 * `SERVICING_RUN_INTERVAL_MINUTES` it runs servicing through the business date. Runs never overlap in one
 * process; across instances the claim table shares the loans (FOR UPDATE SKIP LOCKED), so starting
 * several servers is safe. Returns a stop function.
 */
export function startServicingTimer(ctx: AppContext, log: { error: (obj: unknown, msg: string) => void; info: (obj: unknown, msg: string) => void }): () => Promise<void> {
  const minutes = ctx.config.collections.runIntervalMinutes;
  if (minutes <= 0) return async () => undefined;
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = runDailyServicing(ctx)
      .then((r) => {
        if (r.loansProcessed > 0) log.info({ dates: r.dates, loans: r.loansProcessed, seconds: r.seconds }, 'daily servicing run');
      })
      .catch((err: unknown) => log.error({ err }, 'daily servicing run failed'))
      .then(() => generateStatements(ctx).then((s) => { if (s.issued + s.yearEndIssued + s.failed > 0) log.info(s, 'statements issued'); }, (err: unknown) => log.error({ err }, 'statements run failed')))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(tick, 5_000);
  const timer = setInterval(tick, minutes * 60_000);
  first.unref();
  timer.unref();
  return async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
