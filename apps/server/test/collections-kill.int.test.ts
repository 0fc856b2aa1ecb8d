import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { seedReference } from '../src/db/seed';
import { fundedLoan } from './collections-helpers';
import { type DatabaseTarget, pgliteTarget, pgTarget } from './support/scratch-databases';
import { testConfig } from './test-app';

/**
 * kill -9 of the daily run: the same loans are serviced over the same dates twice — once by a child
 * process that is SIGKILLed mid-run and then restarted, once without interruption — and the two ledgers
 * (and transactions, statuses, notifications) must be identical. The kill lands wherever the child is
 * when the parent has read its 40th "done" line: usually inside a loan's transaction.
 */
const KEY = randomBytes(32).toString('base64');
const FROM = '2027-01-04';
const THROUGH = '2027-02-26';
const CHILD = path.resolve(import.meta.dirname, 'support/servicing-child.ts');
const ROOT = path.resolve(import.meta.dirname, '../../..');
const usePostgres = process.env.TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL;

/** Builds the loans on a fresh database (the same ones, in the same order, on each target). */
async function prepare(target: DatabaseTarget): Promise<void> {
  const database = await target.open();
  await database.migrate();
  await seedReference(database.db);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-kill-files-'));
  const app = await buildApp({
    config: { ...testConfig(), dataDir, encryptionKey: Buffer.from(KEY, 'base64') },
    database,
    now: () => new Date(`${FROM}T12:00:00Z`),
  });
  await app.ready();
  const dates = { disbursementDate: FROM, firstPaymentDate: '2027-02-04' };
  for (const account of ['6789', '0001', '0101', '0010', '6789', '0002', '6789', '0001']) await fundedLoan(app, { ...dates, account });
  await fundedLoan(app, { ...dates, allotment: true });
  await app.close();
  await database.close();
}

/** Runs the child; with `killAfter`, SIGKILLs it once that many loans are reported done. */
function runChild(target: DatabaseTarget, batchSize: number, killAfter?: number): Promise<{ killed: boolean; finished: boolean; done: number }> {
  return new Promise((resolve, reject) => {
    // `node --import tsx`, not the tsx CLI: the CLI runs the script in a child node process, and a SIGKILL of
    // the CLI would leave that process running on (a kill that kills nothing).
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, target.arg, FROM, THROUGH], {
      cwd: ROOT,
      env: { ...process.env, ENCRYPTION_KEY: KEY, TZ: 'UTC', SERVICING_BATCH_SIZE: String(batchSize) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let killed = false;
    child.stdout.on('data', (b: Buffer) => {
      out += b.toString();
      if (killAfter !== undefined && !killed && (out.match(/^done /gm)?.length ?? 0) >= killAfter) {
        killed = true;
        child.kill('SIGKILL');
      }
    });
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (!killed && code !== 0) reject(new Error(`child exited ${String(code)} ${String(signal)}: ${err}`));
      else resolve({ killed: signal === 'SIGKILL', finished: out.includes('finished\n'), done: out.match(/^done /gm)?.length ?? 0 });
    });
  });
}

/** Everything the run writes, without generated ids and instants (entries named by their idempotency keys). */
async function picture(target: DatabaseTarget) {
  const database = await target.open();
  const q = async (sql: string) => ((await database.db.execute(sql as never)) as unknown as { rows: Record<string, unknown>[] }).rows;
  try {
    return {
      // Keys that embed a generated id (payment:txn:<id>, reversal:<entry id>) are compared by their prefix;
      // a reversal is compared with the kind and date of the payment it reverses.
      ledger: await q(`select e.loan_id, e.kind, e.effective_date::text, e.amount_cents, e.installment_n, e.reason_code,
          regexp_replace(e.idempotency_key, '^(payment:txn|reversal):[0-9]+$', '\\1') as key, r.kind as reverses_kind, r.effective_date::text as reverses_date
        from ledger_entries e left join ledger_entries r on r.id = e.reverses_entry_id
        order by e.loan_id, e.effective_date, e.kind, e.amount_cents, e.installment_n, r.effective_date`),
      // The trace id ends with a digest of the transaction's id (ids are not reused after a rollback): compared without it.
      transactions:
        await q(`select loan_id, mode, status, amount_cents, scheduled_date::text, installment_n, regexp_replace(ach_trace_id, '-[0-9A-F]+$', '') as trace, settled_on::text, returned_on::text, return_code, retry_of_id is not null as retry
        from loan_transactions order by loan_id, scheduled_date, installment_n, status`),
      loans: await q('select id, status from loans order by id'),
      notifications: await q('select user_id, message from notifications order by user_id, message'),
      claims: await q(`select loan_id, business_date::text, status from servicing_runs order by loan_id, business_date`),
    };
  } finally {
    await database.close();
  }
}

describe(`kill -9 of the daily run (${usePostgres ? 'PostgreSQL' : 'embedded PGlite on disk'})`, () => {
  let killedTarget: DatabaseTarget;
  let cleanTarget: DatabaseTarget;
  beforeAll(async () => {
    if (usePostgres) {
      killedTarget = await pgTarget('payrail_kill_a');
      cleanTarget = await pgTarget('payrail_kill_b');
    } else {
      killedTarget = pgliteTarget(fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-kill-a-')));
      cleanTarget = pgliteTarget(fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-kill-b-')));
    }
    await prepare(killedTarget);
    await prepare(cleanTarget);
  }, 240_000);
  afterAll(async () => {
    await killedTarget?.drop();
    await cleanTarget?.drop();
  });

  it('killed mid-run and restarted, the ledger equals that of an uninterrupted run', async () => {
    // The killed run and its restart service the loans in batches of 4 (set-based, several batches a day);
    // the uninterrupted run one loan per transaction, statement by statement: the same ledger proves both
    // kill safety and that the batch store does exactly what the per-loan queries do.
    const first = await runChild(killedTarget, 4, 40);
    expect(first.killed).toBe(true);
    expect(first.finished).toBe(false);
    const restart = await runChild(killedTarget, 4);
    expect(restart.finished).toBe(true);
    const clean = await runChild(cleanTarget, 0);
    expect(clean.finished).toBe(true);

    const a = await picture(killedTarget);
    const b = await picture(cleanTarget);
    expect(b.ledger.filter((e) => e.kind === 'reversal').length).toBeGreaterThan(0); // the timeline has returns…
    expect(b.ledger.filter((e) => e.kind === 'late_fee').length).toBeGreaterThan(0); // …and late fees
    expect(a.ledger).toEqual(b.ledger);
    expect(a.transactions).toEqual(b.transactions);
    expect(a.loans.map((l) => l.status)).toEqual(b.loans.map((l) => l.status));
    expect(a.notifications.length).toBe(b.notifications.length);
    expect(a.claims.every((c) => c.status === 'done')).toBe(true);
    const key = (c: Record<string, unknown>) => `${String(c.loan_id)}@${String(c.business_date)}`;
    expect([...new Set(a.claims.map(key))].sort()).toEqual(b.claims.map(key).sort());
    // Exactly one claim per (loan, date), on both databases.
    expect(a.claims).toEqual(b.claims);
  }, 300_000);
});
