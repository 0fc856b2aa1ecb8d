/**
 * One save in flight per key. A save asked while another of the same key is running waits for it and
 * then runs once (several asks collapse into one), so it reads and sends the newest value: an older
 * value can never reach the server after a newer one.
 */
export class LatestSaves {
  private readonly running = new Set<string>();
  private readonly queued = new Map<string, () => Promise<unknown>>();

  run(key: string, task: () => Promise<unknown>): void {
    if (this.running.has(key)) {
      this.queued.set(key, task);
      return;
    }
    this.running.add(key);
    void task()
      .catch(() => undefined)
      .finally(() => {
        this.running.delete(key);
        const next = this.queued.get(key);
        if (next) {
          this.queued.delete(key);
          this.run(key, next);
        }
      });
  }

  /** A save of this key is running or waiting. */
  busy(key: string): boolean {
    return this.running.has(key) || this.queued.has(key);
  }

  /** Drops a waiting save of this key (the value became unsendable, e.g. an incomplete date). */
  cancel(key: string): void {
    this.queued.delete(key);
  }
}
