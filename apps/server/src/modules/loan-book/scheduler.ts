import type { AppContext } from '../../context';
import { startIntervalJob } from '../../lib/interval-job';
import { metricsOf } from '../../lib/metrics';
import { runDailyServicing } from './use-cases/daily-run';
import { generateStatements } from '../statements/use-cases/generate-statements';

/**
 * The in-process timer of the daily run (every server instance starts one): every
 * `SERVICING_RUN_INTERVAL_MINUTES` it runs servicing through the business date, then issues the
 * statements that are due. Runs never overlap in one process; across instances the claim table shares the
 * loans (FOR UPDATE SKIP LOCKED), so starting several servers is safe. A failed run does not stop the
 * statements. Returns a stop function.
 */
export function startServicingTimer(
  ctx: AppContext,
  log: { error: (obj: unknown, msg: string) => void; info: (obj: unknown, msg: string) => void },
): () => Promise<void> {
  return startIntervalJob(
    async () => {
      try {
        const r = await runDailyServicing(ctx);
        metricsOf(ctx).job('daily_run', 'completed');
        if (r.loansProcessed > 0) log.info({ dates: r.dates, loans: r.loansProcessed, seconds: r.seconds }, 'daily servicing run');
      } catch (err) {
        metricsOf(ctx).job('daily_run', 'failed');
        log.error({ err }, 'daily servicing run failed');
      }
      const s = await generateStatements(ctx);
      metricsOf(ctx).job('statements', 'completed');
      if (s.issued + s.yearEndIssued + s.failed > 0) log.info(s, 'statements issued');
    },
    {
      minutes: ctx.config.collections.runIntervalMinutes,
      firstDelayMs: 5_000,
      onError: (err) => {
        metricsOf(ctx).job('statements', 'failed');
        log.error({ err }, 'statements run failed');
      },
    },
  );
}
