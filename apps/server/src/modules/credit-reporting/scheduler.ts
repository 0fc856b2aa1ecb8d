import type { AppContext } from '../../context';
import type { JobLog } from '../../jobs/in-process';
import { intervalCron } from '../loan-book/scheduler';
import { runMonthlyFurnishing } from './use-cases/furnishing';

export const CREDIT_REPORTING_QUEUE = 'credit-reporting.monthly';

/**
 * The monthly Metro 2 job as a queue (docs/credit-reporting.md): on the SERVICING_RUN_INTERVAL_MINUTES
 * schedule (a quarter past), it furnishes the latest month that has ended on the business date, unless that
 * month's file exists. Several instances may run it: the month is unique, so exactly one file is kept.
 */
export function defineCreditReportingQueue(ctx: AppContext, log: JobLog): void {
  const runCron = intervalCron(ctx.config.collections.runIntervalMinutes);
  ctx.jobs.define<Record<string, never>>({
    name: CREDIT_REPORTING_QUEUE,
    description: 'Generates the monthly Metro 2 credit-reporting file once a month has been serviced to its end.',
    retryLimit: 3,
    retryDelaySeconds: 600,
    retryBackoff: true,
    expireInSeconds: 3600,
    concurrency: 1,
    ...(runCron ? { schedule: runCron.startsWith('0 ') ? `15 ${runCron.slice(2)}` : runCron } : {}),
    handler: async () => {
      const file = await runMonthlyFurnishing(ctx);
      if (file) log.info({ period: file.period, base_records: file.base_records }, 'metro 2 file generated');
    },
  });
}
