import type { Config } from '../config';
import type { Database } from '../db/client';
import { createInProcessQueue, type JobLog, type JobOutcome } from './in-process';
import type { JobQueue } from './port';
import { createPgBossQueue } from './pg-boss';
import { jobsRepository, pgBossExecutor } from './repository';

/** The job port as the app holds it (`ctx.jobs`): the port, plus where its log lines go. */
export type AppJobQueue = JobQueue & {
  setLog(log: JobLog): void;
  /** Whether a job with this id is in the queue, in any state (the Jobs page's 404 or 409). */
  exists(queue: string, id: string): Promise<boolean>;
};

export type JobQueueOptions = {
  /** Called after every attempt (the metrics' job outcome counter). */
  onOutcome?: (queue: string, outcome: JobOutcome) => void;
  /** Whether `start()` sends the queues' cron jobs; default: not in tests (a test asks for them). */
  schedules?: boolean;
  pollMs?: number;
};

/**
 * The job port's driver for this database (docs/architecture.md "Jobs"): pg-boss on PostgreSQL, the
 * in-process runner on the embedded database. Building it costs nothing: no connection, no timer;
 * `open()` (lazily, on the first send or read) creates what the driver needs and only `start()` works jobs.
 */
export function createJobQueue(config: Config, database: Database, o: JobQueueOptions = {}): AppJobQueue {
  const runner = {
    schedules: o.schedules ?? config.env !== 'test',
    ...(o.onOutcome ? { onOutcome: o.onOutcome } : {}),
    ...(o.pollMs ? { pollMs: o.pollMs } : {}),
  };
  if (database.kind === 'postgres')
    return createPgBossQueue(pgBossExecutor(database.db), { ...runner, ...(config.env === 'test' ? { maintenanceIntervalSeconds: 1 } : {}) });
  return createInProcessQueue(jobsRepository(database.db), runner);
}
