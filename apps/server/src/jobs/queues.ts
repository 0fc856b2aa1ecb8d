import { nachaSpool } from '../adapters/ach/nacha-spool';
import { nachaTransmitterFor } from '../adapters/ach/transmitter';
import type { Config } from '../config';
import { type AppContext, createContext } from '../context';
import type { Database } from '../db/client';
import type { JobLog } from './in-process';
import { defineCreditReportingQueue } from '../modules/credit-reporting/scheduler';
import { defineServicingQueues } from '../modules/loan-book/scheduler';
import { defineMessageQueue } from '../modules/messages/scheduler';
import { defineStatementsQueue } from '../modules/statements/scheduler';
import { defineRateCheckQueue } from '../modules/newflow/rate-check';
import { defineAchTransmitQueue } from '../modules/ach-transmission/transmit';
import { defineReferralPayoutQueue } from '../modules/referral/use-cases/originate-payout';

/**
 * Every background queue of the app, defined on `ctx.jobs` by buildApp (each module defines its own). The
 * Jobs page lists them in this order. Defining is cheap (no connection, no timer); main.ts starts the workers.
 */
export function defineQueues(ctx: AppContext, log: JobLog): void {
  defineServicingQueues(ctx, log);
  defineStatementsQueue(ctx, log);
  defineCreditReportingQueue(ctx, log);
  defineMessageQueue(ctx);
  defineRateCheckQueue(ctx);
  defineAchTransmitQueue(ctx, log, { transmitter: nachaTransmitterFor(ctx.config), spool: nachaSpool(ctx.config.ach.nachaDir, ctx.cryptoBox) });
  defineReferralPayoutQueue(ctx);
}

/**
 * Least privilege on PostgreSQL (db/roles.ts): pg-boss's schema and the app's queues are created by the
 * schema OWNER at migrate time (a queue is a partition of `pgboss.job`, and only the owner of that table may
 * attach one); the app role then only reads and writes their rows (grantAppRole). Nothing on PGlite.
 */
export async function prepareJobSchema(config: Config, owner: Database): Promise<void> {
  if (owner.kind !== 'postgres') return;
  const ctx = createContext(config, owner);
  const quiet = { error: () => undefined, info: () => undefined };
  defineQueues(ctx, quiet);
  try {
    await ctx.jobs.open();
  } finally {
    await ctx.jobs.stop(0);
  }
}
