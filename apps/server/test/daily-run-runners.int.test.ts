import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TAdvanceResponse } from '@payrail/contract/servicing-backoffice';
import type { IsoDate } from '@payrail/domain/dates';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import type { Database } from '../src/db/client';
import { seedDemo, seedReference } from '../src/db/seed';
import { DAILY_JOB, runDailyServicing } from '../src/modules/loan-book/use-cases/daily-run';
import type { RunReport } from '../src/modules/loan-book/use-cases/daily-run';
import { staffToken } from './application-helpers';
import { fundedLoan } from './collections-helpers';
import { auth, call } from './identity-helpers';
import { scratchPostgresDatabase } from './support/scratch-databases';
import { testConfig } from './test-app';
import type { TestApp } from './test-app';

/**
 * Two runners on one business date: the scheduled job (or another instance) works the day while a
 * servicer moves the business clock or presses "Run now". The claims are taken with FOR UPDATE SKIP
 * LOCKED, so the servicer's run skips the ones the other runner holds; it must then wait for them and
 * answer with the whole day — not at once, with the part it took.
 *
 * Its own database (a fresh one beside TEST_DATABASE_URL on PostgreSQL, PGlite in memory otherwise): the
 * day's claims are exactly this file's loans, and no other file's planned-but-unfinished day is in the way
 * of a clock move. On PGlite every connection is one: a second runner can never hold a claim beside ours,
 * so only the plain behaviour (a run alone answers at once, with the whole day) is asserted there.
 */
const usePostgres = process.env.TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL;
// One date after the other, in the order of the tests (a run resumes after the last completed day).
const D1 = '2027-03-02' as IsoDate;
const D2 = '2027-03-03' as IsoDate;
const D3 = '2027-03-04' as IsoDate;
const D4 = '2027-03-05' as IsoDate;
const D5 = '2027-03-06' as IsoDate;
const D6 = '2027-03-07' as IsoDate;
const D7 = '2027-03-08' as IsoDate;
const LOANS = 4;

let database: Database;
let app: TestApp;
let servicer: string;
let dbUrl: string | undefined;
let dropDatabase: () => Promise<void> = async () => undefined;
const loanIds: number[] = [];

beforeAll(async () => {
  if (usePostgres) {
    const base = new URL(process.env.TEST_DATABASE_URL!);
    const scratch = await scratchPostgresDatabase(`${base.pathname.slice(1) || 'payrail'}_runners`);
    dbUrl = scratch.url;
    dropDatabase = scratch.drop;
  }
  database = await openDatabase(dbUrl ? { databaseUrl: dbUrl } : { dataDir: 'memory://' });
  await database.migrate();
  await seedReference(database.db);
  await seedDemo(database.db);
  app = await buildApp({ config: testConfig(), database, now: () => new Date(`${D1}T12:00:00Z`) });
  await app.ready();
  servicer = await staffToken(app, 'servicer@payrail.test');
  for (let i = 0; i < LOANS; i += 1) loanIds.push((await fundedLoan(app, { disbursementDate: '2027-03-01', firstPaymentDate: '2027-04-01' })).loanId);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  await dropDatabase();
});

/** The claims of a date by status, read straight from the table. */
async function claimsOf(date: IsoDate): Promise<Record<string, number>> {
  const res = (await database.db.execute(
    `select status, count(*)::int as n from servicing_runs where job = '${DAILY_JOB}' and business_date = '${date}' group by status` as never,
  )) as unknown as { rows: { status: string; n: number }[] };
  return Object.fromEntries(res.rows.map((r) => [r.status, Number(r.n)]));
}

const runNow = () => call(app, { method: 'POST', url: '/api/backoffice/servicing/run', headers: auth(servicer) });
const moveClock = (date: IsoDate) => call(app, { method: 'POST', url: '/api/backoffice/servicing/business_date', headers: auth(servicer), payload: { date } });

/** A promise that tells whether it has settled yet (an answer that has not come yet). */
function tracked<T>(p: Promise<T>): { promise: Promise<{ value: T }>; settled: () => boolean } {
  let settled = false;
  const promise = p.then((value) => {
    settled = true;
    return { value };
  });
  return { promise, settled: () => settled };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a run alone (both databases)', () => {
  it('"Run now" with no other runner answers with the whole day at once, and completes it', async () => {
    const started = Date.now();
    const res = await runNow();
    expect(res.statusCode).toBe(200);
    const body = res.json<TAdvanceResponse>();
    expect(body.clock.business_date).toBe(D1);
    expect(body.run.dates).toEqual([{ date: D1, done: LOANS, failed: 0 }]);
    expect(body.run.loans_processed).toBe(LOANS);
    expect(body.clock.last_completed_run).toBe(D1);
    expect(await claimsOf(D1)).toEqual({ done: LOANS });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('the claims as they stand: a planned day has them all free, none held', async () => {
    await app.ctx.repos.loanBook.planDay(DAILY_JOB, D2, app.ctx.now());
    expect(await app.ctx.repos.loanBook.claimsNow(DAILY_JOB, D2)).toEqual({ held: 0, free: LOANS });
    const alone = await runDailyServicing(app.ctx, { through: D2 });
    expect(alone.dates).toEqual([{ date: D2, done: LOANS, failed: 0 }]);
    expect(alone.heldElsewhere).toEqual([]);
    expect(await app.ctx.repos.loanBook.claimsNow(DAILY_JOB, D2)).toEqual({ held: 0, free: 0 });
  });
});

describe.skipIf(!usePostgres)('two runners on one date (PostgreSQL only: PGlite serialises its connections)', () => {
  let blocker: pg.Client;
  let watcher: pg.Client;
  beforeAll(async () => {
    blocker = new pg.Client({ connectionString: dbUrl });
    watcher = new pg.Client({ connectionString: dbUrl });
    await blocker.connect();
    await watcher.connect();
  });
  // A failed test must not leave its lock behind for the next one (a rollback outside a transaction is a no-op).
  afterEach(async () => {
    await blocker.query('rollback');
  });
  afterAll(async () => {
    await blocker?.end();
    await watcher?.end();
  });

  /** Until a session of this database waits on a lock (the other runner, stopped on the loan we hold). */
  async function untilSomeoneWaits(): Promise<void> {
    for (let i = 0; i < 200; i += 1) {
      const res = await watcher.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (Number(res.rows[0]!.n) > 0) return;
      await sleep(50);
    }
    throw new Error('the other runner never got stuck on the loan');
  }

  /** Pending claims of a date that a NOWAIT lock cannot take, one by one (the rows another transaction holds). */
  async function heldClaims(date: IsoDate): Promise<number> {
    const ids = await watcher.query<{ id: number }>(`select id from servicing_runs where job = $1 and business_date = $2 and status = 'pending'`, [
      DAILY_JOB,
      date,
    ]);
    let held = 0;
    for (const { id } of ids.rows) {
      await watcher.query('begin');
      try {
        await watcher.query('select id from servicing_runs where id = $1 for key share nowait', [id]);
      } catch {
        held += 1;
      } finally {
        await watcher.query('rollback');
      }
    }
    return held;
  }

  /**
   * The other runner (the scheduled job) working `through`, slowed: one loan is locked by a transaction
   * of ours, so the runner's batch — which has claimed all the day's claims — waits on it, holding them.
   * Then until the claims are seen held (an independent look: pending, and not lockable).
   */
  async function slowedRunner(through: IsoDate): Promise<{ release: () => Promise<void>; run: ReturnType<typeof tracked<RunReport>> }> {
    await blocker.query('begin');
    // FOR NO KEY UPDATE, as the run's batch locks its loans (not FOR UPDATE: that would stop the planning
    // itself, whose claims reference the loan).
    await blocker.query('select id from loans where id = $1 for no key update', [loanIds[0]]);
    // One worker, one batch of every claim: all of them wait behind the loan (with several workers, one
    // could take a share without that loan and finish it).
    const run = tracked(runDailyServicing(app.ctx, { through, workers: 1, batchSize: 100 }));
    await untilSomeoneWaits();
    expect(await heldClaims(through)).toBe(LOANS);
    return { release: () => blocker.query('commit').then(() => undefined), run };
  }

  it('"Run now" while the scheduled job holds the day\'s claims answers after it, with the whole day', async () => {
    // The business date is D3 (the clock set a day on, without a run of its own); the job works D3.
    await app.ctx.repos.loanBook.setBusinessDateOverride(D3, null, app.ctx.now());
    const other = await slowedRunner(D3);
    expect(await app.ctx.repos.loanBook.claimsNow(DAILY_JOB, D3)).toEqual({ held: LOANS, free: 0 });

    const ours = tracked(runNow());
    await sleep(1500);
    expect(ours.settled()).toBe(false); // not at once, with a part of the day
    expect(other.run.settled()).toBe(false);
    await other.release();

    const [theirs, mine] = await Promise.all([other.run.promise, ours.promise]);
    expect(theirs.value.dates).toEqual([{ date: D3, done: LOANS, failed: 0 }]);
    expect(mine.value.statusCode).toBe(200);
    const body = mine.value.json<TAdvanceResponse>();
    expect(body.clock.business_date).toBe(D3);
    expect(body.run.dates).toEqual([{ date: D3, done: LOANS, failed: 0 }]);
    expect(body.run.loans_processed).toBe(0); // the other runner serviced them all
    expect(body.clock.last_completed_run).toBe(D3);
    expect(await claimsOf(D3)).toEqual({ done: LOANS });
  }, 60_000);

  it('a clock move past a day the scheduled job is working waits for that day and reports it whole, then runs the next', async () => {
    const other = await slowedRunner(D4); // the job runs through D4 (the business date it was queued for)
    const ours = tracked(moveClock(D5));
    await sleep(1500);
    expect(ours.settled()).toBe(false);
    expect(other.run.settled()).toBe(false);
    await other.release();

    const [theirs, mine] = await Promise.all([other.run.promise, ours.promise]);
    expect(theirs.value.dates).toEqual([{ date: D4, done: LOANS, failed: 0 }]);
    expect(mine.value.statusCode).toBe(200);
    const body = mine.value.json<TAdvanceResponse>();
    expect(body.clock.business_date).toBe(D5);
    expect(body.run.dates).toEqual([
      { date: D4, done: LOANS, failed: 0 },
      { date: D5, done: LOANS, failed: 0 },
    ]);
    expect(body.run.loans_processed).toBe(LOANS); // D5's: D4's were the job's
    expect(body.clock.last_completed_run).toBe(D5);
    expect(await claimsOf(D4)).toEqual({ done: LOANS });
    expect(await claimsOf(D5)).toEqual({ done: LOANS });
  }, 60_000);

  it('claims the other runner gives back (its transaction rolled back) are serviced by the waiting run', async () => {
    const D = D6;
    await app.ctx.repos.loanBook.planDay(DAILY_JOB, D, app.ctx.now());
    // Another runner has claimed every claim of the day, and will fail.
    await blocker.query('begin');
    const held = await blocker.query(`select id from servicing_runs where job = $1 and business_date = $2 and status = 'pending' for update`, [DAILY_JOB, D]);
    expect(held.rowCount).toBe(LOANS);
    const ours = tracked(runDailyServicing(app.ctx, { through: D }));
    await sleep(1000);
    expect(ours.settled()).toBe(false);
    await blocker.query('rollback');
    const { value } = await ours.promise;
    expect(value.dates).toEqual([{ date: D, done: LOANS, failed: 0 }]);
    expect(value.loansProcessed).toBe(LOANS);
    expect(value.heldElsewhere).toEqual([]);
    expect(await claimsOf(D)).toEqual({ done: LOANS });
  }, 60_000);

  it('the wait has a cap: past it the run answers with the day as it stands and says what is still held', async () => {
    const D = D7;
    const other = await slowedRunner(D);
    const started = Date.now();
    const ours = await runDailyServicing(app.ctx, { through: D, waitForOthersMs: 500 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    expect(ours.dates).toEqual([{ date: D, done: 0, failed: 0 }]);
    expect(ours.heldElsewhere).toEqual([{ date: D, claims: LOANS }]);
    expect(other.run.settled()).toBe(false);
    await other.release();
    expect((await other.run.promise).value.dates).toEqual([{ date: D, done: LOANS, failed: 0 }]);
  }, 60_000);
});
