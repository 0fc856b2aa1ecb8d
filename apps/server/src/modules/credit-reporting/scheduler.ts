import type { AppContext } from '../../context';
import { startIntervalJob } from '../../lib/interval-job';
import { metricsOf } from '../../lib/metrics';
import { runMonthlyFurnishing } from './use-cases/furnishing';

/**
 * The monthly Metro 2 job's in-process timer (docs/credit-reporting.md): every
 * `SERVICING_RUN_INTERVAL_MINUTES` it furnishes the latest month that has ended on the business date,
 * unless that month's file exists. Several instances may run it: the month is unique, so exactly one file
 * is kept. Returns a stop function.
 */
export function startCreditReportingTimer(
  ctx: AppContext,
  log: { error: (obj: unknown, msg: string) => void; info: (obj: unknown, msg: string) => void },
): () => Promise<void> {
  return startIntervalJob(
    async () => {
      const file = await runMonthlyFurnishing(ctx);
      metricsOf(ctx).job('metro2', 'completed');
      if (file) log.info({ period: file.period, base_records: file.base_records }, 'metro 2 file generated');
    },
    {
      minutes: ctx.config.collections.runIntervalMinutes,
      firstDelayMs: 15_000,
      onError: (err) => {
        metricsOf(ctx).job('metro2', 'failed');
        log.error({ err }, 'metro 2 file generation failed');
      },
    },
  );
}
