import type { IsoDate } from '@payrail/domain/dates';
import type { AppContext } from '../../context';
import type { JobLog } from '../../jobs/in-process';
import { intervalCron } from '../loan-book/scheduler';
import { generateStatements } from './use-cases/generate-statements';

export const STATEMENTS_QUEUE = 'statements.issue';

/**
 * After each daily run (the loan book's `dailyRunFinished` hook, module-hooks.ts): queues `statements.issue`
 * for the date the run reached, one job per date while one is queued or running (the singleton key).
 */
export async function queueStatements(ctx: AppContext, through: IsoDate): Promise<void> {
  await ctx.jobs.send(STATEMENTS_QUEUE, { through }, { singletonKey: through });
}

/**
 * The statements as a queue (docs/statements.md): `statements.issue` issues the monthly statements and
 * year-end summaries that are due. The daily run sends it when it has run; it also runs on its own
 * schedule (the daily run's, five minutes later when that runs hourly or less often), so a failed run does
 * not stop them.
 */
export function defineStatementsQueue(ctx: AppContext, log: JobLog): void {
  const runCron = intervalCron(ctx.config.collections.runIntervalMinutes);
  ctx.jobs.define<{ through?: IsoDate }>({
    name: STATEMENTS_QUEUE,
    description: 'Issues the monthly statements and year-end summaries that are due (after each daily run).',
    retryLimit: 3,
    retryDelaySeconds: 300,
    retryBackoff: true,
    expireInSeconds: 3600,
    concurrency: 1,
    ...(runCron ? { schedule: runCron.startsWith('0 ') ? `5 ${runCron.slice(2)}` : runCron } : {}),
    subject: (d) => d.through ?? null,
    handler: async () => {
      const s = await generateStatements(ctx);
      if (s.issued + s.yearEndIssued + s.failed > 0) log.info(s, 'statements issued');
    },
  });
}
