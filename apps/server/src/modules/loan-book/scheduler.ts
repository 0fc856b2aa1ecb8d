import type { IsoDate } from '@payrail/domain/dates';
import type { AppContext } from '../../context';
import type { JobLog } from '../../jobs/in-process';
import { businessDate } from './servicing-policy';
import { runDailyServicing } from './use-cases/daily-run';

export const DAILY_RUN_QUEUE = 'servicing.daily-run';

/** The daily run's job: servicing through `through` (default: the business date when it runs). */
export type DailyRunJob = { through?: IsoDate };

/**
 * SERVICING_RUN_INTERVAL_MINUTES as a cron schedule (UTC): under an hour, every N minutes of the hour;
 * from an hour, on the hour every N/60 hours (rounded down); 0: no schedule.
 */
export function intervalCron(minutes: number): string | undefined {
  if (minutes <= 0) return undefined;
  if (minutes < 60) return `*/${minutes} * * * *`;
  const hours = Math.floor(minutes / 60);
  return hours >= 24 ? '0 0 * * *' : hours === 1 ? '0 * * * *' : `0 */${hours} * * *`;
}

/** Queues the daily run for the business date: one job per date while one is queued or running (the singleton key). */
export async function queueDailyRun(ctx: AppContext): Promise<string | null> {
  const date = await businessDate(ctx);
  return ctx.jobs.send<DailyRunJob>(DAILY_RUN_QUEUE, { through: date }, { singletonKey: date });
}

/**
 * The daily run as a queue (docs/servicing-operations.md, "The scheduler"): `servicing.daily-run` runs
 * servicing through the business date on the SERVICING_RUN_INTERVAL_MINUTES schedule, one job per business
 * date at a time (singleton key), and is resumable: the per-loan claims in servicing_runs make a second run
 * of a date a no-op. When it has run it calls the `dailyRunFinished` hook (loan-book/hooks.ts), with which
 * the statements module queues `statements.issue` (statements/scheduler.ts).
 */
export function defineServicingQueues(ctx: AppContext, log: JobLog): void {
  const schedule = intervalCron(ctx.config.collections.runIntervalMinutes);
  ctx.jobs.define<DailyRunJob>({
    name: DAILY_RUN_QUEUE,
    description: 'The daily servicing run: accrual, due payments, auto-debits, late fees, delinquency and collections for each business day not yet run.',
    retryLimit: 3,
    retryDelaySeconds: 60,
    retryBackoff: true,
    expireInSeconds: 4 * 3600,
    concurrency: 1,
    ...(schedule ? { schedule } : {}),
    subject: (d) => d.through ?? null,
    handler: async (data) => {
      const r = await runDailyServicing(ctx, data.through ? { through: data.through } : {});
      if (r.loansProcessed > 0) log.info({ dates: r.dates, loans: r.loansProcessed, seconds: r.seconds }, 'daily servicing run');
      const through = r.dates.at(-1)?.date ?? data.through ?? (await businessDate(ctx));
      await ctx.hooks.loanBook.dailyRunFinished(ctx, through);
    },
  });
}
