import type { AppContext } from '../../context';
import { runMonthlyFurnishing } from './use-cases/furnishing';

/**
 * The monthly Metro 2 job's in-process timer (docs/credit-reporting.md): every
 * `SERVICING_RUN_INTERVAL_MINUTES` it furnishes the latest month that has ended on the business date,
 * unless that month's file exists. Several instances may run it: the month is unique, so exactly one file
 * is kept. Returns a stop function.
 */
export function startCreditReportingTimer(ctx: AppContext, log: { error: (obj: unknown, msg: string) => void; info: (obj: unknown, msg: string) => void }): () => Promise<void> {
  const minutes = ctx.config.collections.runIntervalMinutes;
  if (minutes <= 0) return async () => undefined;
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = runMonthlyFurnishing(ctx)
      .then((file) => {
        if (file) log.info({ period: file.period, base_records: file.base_records }, 'metro 2 file generated');
      })
      .catch((err: unknown) => log.error({ err }, 'metro 2 file generation failed'))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(tick, 15_000);
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
