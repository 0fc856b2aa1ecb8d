/**
 * Kept answers of a signed-in page (http/kept-member-answers.ts, migration 0042; docs/architecture.md "Kept
 * answers of a signed-in page"), on both databases:
 * - the guard that cannot rot: the statements each kept route runs on a miss are captured, the tables they read
 *   found (PostgreSQL's own plan of each statement, and every quoted name that is a table), and each must carry
 *   the version triggers (pg_trigger);
 * - a hit is one statement and sends the same bytes; a write through the app (a notification read, a payment, a
 *   profile change, a loan funded, the business date) changes the next answer;
 * - two apps on one database never send an answer older than the data.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureSql } from '../bench/api-capture';
import { forgetKeptMemberAnswers, keptMemberAnswerCount } from '../src/http/kept-member-answers';
import { approvedAndSigned, fund, fundedBorrower } from './servicing-helpers';
import { CLEARBROOK } from './banking-helpers';
import { auth, availableStateId, call } from './identity-helpers';
import { countStatements } from './support/statement-counter';
import { hashToken } from '../src/lib/tokens';
import { type TestApp, testApp, testDatabase } from './test-app';

const KEPT = [
  '/api/token_is_valid',
  '/api/loans/ongoing_loans',
  '/api/notifications',
  '/api/banners',
  '/api/benefits',
  '/api/loans/last',
  '/api/loans/history/payments',
];
/**
 * Read by a request but never part of a kept answer: the session (its rules run on every request), the versions
 * themselves, and the 503 gate's event (platform/system-gate.ts: an app-wide hook before any route, which answers 503
 * or lets the request on; read when its cached answer expires, whichever request that is).
 */
const NOT_KEPT_INPUTS = new Set(['user_sessions', 'member_versions', 'data_versions', 'system_events']);

type Rows<T> = { rows: T[] };
/** Whether a request's statements answered the route (more than the session read kept answers start with). */
const answeredAgain = (statements: string[]) => statements.some((text) => !text.includes('"member_versions"'));
const rows = async <T>(app: TestApp, query: ReturnType<typeof sql>): Promise<T[]> => ((await app.ctx.database.db.execute(query)) as unknown as Rows<T>).rows;

describe('kept answers of a signed-in page', () => {
  let app: TestApp;
  let other: TestApp;
  let who: Awaited<ReturnType<typeof fundedBorrower>>;
  const get = (a: TestApp, url: string, token = who.token) => call(a, { method: 'GET', url, headers: auth(token) });

  beforeAll(async () => {
    app = await testApp();
    other = await testApp(); // a second instance on the same database
    who = await fundedBorrower(app);
  });
  afterAll(async () => {
    await other?.close();
    await app?.close();
  });

  it('every table a kept route reads on a miss has the version triggers', async () => {
    const database = await testDatabase();
    const tables = new Set(
      (await rows<{ name: string }>(app, sql`select table_name as name from information_schema.tables where table_schema = 'public'`)).map((r) => r.name),
    );
    const triggered = new Set(
      (
        await rows<{ name: string; events: string }>(
          app,
          sql`select c.relname as name, string_agg(t.tgname, ' ') as events from pg_trigger t join pg_class c on c.oid = t.tgrelid
              where not t.tgisinternal and t.tgname like '%_kept_%' group by c.relname`,
        )
      )
        .filter((r) => /_kept_write/.test(r.events) || ['insert', 'update', 'delete', 'truncate'].every((e) => r.events.includes(`_kept_${e}`)))
        .map((r) => r.name),
    );
    const read = new Set<string>();
    const explain = database.kind === 'postgres' ? new pg.Client({ connectionString: process.env.TEST_DATABASE_URL }) : null;
    await explain?.connect();
    try {
      for (const url of KEPT) {
        forgetKeptMemberAnswers(app.ctx);
        const texts = await countStatements(database, () => get(app, url));
        expect(texts.length, url).toBeGreaterThan(0);
        for (const text of texts) for (const [, name] of text.matchAll(/"([a-z_0-9]+)"/g)) if (tables.has(name!)) read.add(name!);
        if (explain) {
          forgetKeptMemberAnswers(app.ctx);
          const steps = await captureSql(async () => void (await get(app, url)));
          for (const q of steps.flatMap((s) => s.queries)) {
            const plan = await explain.query({ text: `explain (format json) ${q.text}`, values: q.values });
            const walk = (node: unknown): void => {
              if (node === null || typeof node !== 'object') return;
              const name = (node as Record<string, unknown>)['Relation Name'];
              if (typeof name === 'string') read.add(name);
              for (const v of Object.values(node)) walk(v);
            };
            walk((plan.rows[0] as Record<string, unknown>)['QUERY PLAN']);
          }
        }
      }
    } finally {
      await explain?.end();
    }
    expect(read.has('loans') && read.has('notifications') && read.has('application_members')).toBe(true);
    const missing = [...read].filter((t) => !NOT_KEPT_INPUTS.has(t) && !triggered.has(t));
    expect(missing, `tables read by kept routes without the version triggers of migration 0042: ${missing.join(', ')}`).toEqual([]);
  });

  it('a hit sends the same bytes after one statement; a miss reads again', async () => {
    const database = await testDatabase();
    for (const url of KEPT) {
      const first = await get(app, url);
      expect(first.statusCode, first.body).toBe(200);
      // On the embedded database a write in between makes the session read itself run again.
      await database.db.execute(sql`update install_secrets set value = value where false`);
      let again = first;
      const statements = await countStatements(database, async () => {
        again = await get(app, url);
      });
      expect(again.body, url).toBe(first.body);
      expect(again.headers['content-type']).toBe(first.headers['content-type']);
      expect(statements.length, `${url}: ${statements.join('\n')}`).toBe(1);
      expect(answeredAgain(statements), url).toBe(false);
    }
    expect(keptMemberAnswerCount(app.ctx)).toBeGreaterThanOrEqual(KEPT.length);
  });

  it('a query string on a route that reads none is the same kept answer; on one that reads it, another answer', async () => {
    const database = await testDatabase();
    const first = await get(app, '/api/notifications');
    const count = keptMemberAnswerCount(app.ctx);
    await database.db.execute(sql`update install_secrets set value = value where false`);
    let again = first;
    const statements = await countStatements(database, async () => {
      again = await get(app, '/api/notifications?_=1733000000');
    });
    expect(again.body).toBe(first.body);
    expect(statements.length, statements.join('\n')).toBe(1);
    expect(keptMemberAnswerCount(app.ctx)).toBe(count);
    // The payments history reads its query (its page): each query string is its own answer, read once.
    await get(app, '/api/loans/history/payments');
    const paged = await countStatements(database, () => get(app, '/api/loans/history/payments?from=2020-01-01'));
    expect(answeredAgain(paged)).toBe(true);
  });

  it("the session read leaves the member out while the held answer's versions are current", async () => {
    const repo = app.ctx.repos.identity;
    const hash = hashToken(who.token);
    const fresh = await repo.findLiveSessionVersions(hash, app.ctx.now(), null);
    expect(fresh?.hasMember).toBe(true);
    expect(fresh!.member().id).toBe(who.id);
    const held = { memberVersion: fresh!.memberVersion!, dataVersion: fresh!.dataVersion! };
    const current = await repo.findLiveSessionVersions(hash, app.ctx.now(), held);
    expect(current).toMatchObject({ hasMember: false, memberVersion: held.memberVersion, dataVersion: held.dataVersion });
    expect(() => current!.member()).toThrow();
    // A held answer of older versions: the member comes with the read (the request is a miss and needs it).
    for (const older of [
      { ...held, memberVersion: '0' },
      { ...held, dataVersion: '0' },
    ]) {
      const stale = await repo.findLiveSessionVersions(hash, app.ctx.now(), older);
      expect(stale?.hasMember).toBe(true);
      expect(stale!.member().email).toBe(who.email);
    }
  });

  it('a notification read changes the next answer, on this instance and on another', async () => {
    const before = await get(app, '/api/notifications');
    const beforeOther = await get(other, '/api/notifications');
    expect(beforeOther.body).toBe(before.body);
    const list = before.json<{ id: number; status: string }[]>();
    const target = list.find((n) => n.status !== 'read') ?? list[0]!;
    const flip = target.status === 'read' ? 'unread' : 'read';
    const res = await call(other, { method: 'PATCH', url: `/api/notifications/${flip}/${target.id}`, headers: auth(who.token) });
    expect(res.statusCode, res.body).toBe(200);
    for (const a of [app, other]) {
      const after = (await get(a, '/api/notifications')).json<{ id: number; status: string }[]>();
      expect(after.find((n) => n.id === target.id)!.status).toBe(flip);
    }
  });

  it('a payment changes the loan views and the payments history the next request reads', async () => {
    await get(app, '/api/loans/last');
    await get(other, '/api/loans/ongoing_loans');
    const database = await testDatabase();
    const paid = await call(app, {
      method: 'POST',
      url: '/api/request_payment',
      headers: { ...auth(who.token), 'idempotency-key': `kept-answers-${who.id}` },
      payload: {
        method: 'ach',
        mode: 'one_time',
        loan_id: who.loan.id,
        amount: 1000,
        scheduling: { instant: false, date: '2028-01-10' },
        params: { customBanking: { account_number: '000123456789', routing_number: CLEARBROOK.routing, account_type: 'checking' } },
      },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    // The loan's transactions moved the member's version: every kept route reads again, on both instances.
    for (const a of [app, other])
      for (const url of ['/api/loans/last', '/api/loans/ongoing_loans', '/api/token_is_valid']) {
        expect(answeredAgain(await countStatements(database, () => get(a, url))), url).toBe(true);
      }
  });

  it('a profile change and a sign-in move the member version', async () => {
    const database = await testDatabase();
    await get(app, '/api/token_is_valid');
    const put = await call(app, {
      method: 'PUT',
      url: '/api/users/info',
      headers: auth(who.token),
      payload: { borrower: { address: '1 Main St', city: 'Dover', state_id: String(await availableStateId(app)), zip_code: '19901' } },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(answeredAgain(await countStatements(database, () => get(other, '/api/token_is_valid')))).toBe(true);
    expect(answeredAgain(await countStatements(database, () => get(app, '/api/token_is_valid')))).toBe(true);
  });

  it('a loan funded changes the session check on both instances', async () => {
    const signed = await approvedAndSigned(app);
    const before = (await get(app, '/api/token_is_valid', signed.token)).json<{ has_loan: boolean }>();
    expect((await get(other, '/api/token_is_valid', signed.token)).json<{ has_loan: boolean }>().has_loan).toBe(false);
    expect(before.has_loan).toBe(false);
    await fund(other, signed.id);
    for (const a of [app, other]) expect((await get(a, '/api/token_is_valid', signed.token)).json<{ has_loan: boolean }>().has_loan).toBe(true);
    const last = await get(app, '/api/loans/last', signed.token);
    expect(last.statusCode, last.body).toBe(200);
  });

  it('the business date moves the global version: every member reads again', async () => {
    const database = await testDatabase();
    const first = await get(app, '/api/loans/ongoing_loans');
    const v0 = (await rows<{ version: string }>(app, sql`select version::text as version from data_versions`))[0]!.version;
    const today = new Date().toISOString().slice(0, 10);
    await app.ctx.repos.loanBook.setBusinessDateOverride(today as never, null, app.ctx.now());
    try {
      const v1 = (await rows<{ version: string }>(app, sql`select version::text as version from data_versions`))[0]!.version;
      expect(v1).not.toBe(v0);
      let again = first;
      const statements = await countStatements(database, async () => {
        again = await get(other, '/api/loans/ongoing_loans');
      });
      expect(answeredAgain(statements)).toBe(true);
      expect(again.statusCode).toBe(200);
    } finally {
      await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, app.ctx.now());
    }
  });

  it('a revoked session is refused even when its answer was kept', async () => {
    const mine = await fundedBorrower(app);
    expect((await get(app, '/api/notifications', mine.token)).statusCode).toBe(200);
    const out = await call(other, { method: 'DELETE', url: '/api/logout', headers: auth(mine.token) });
    expect([200, 204]).toContain(out.statusCode);
    for (const url of KEPT) expect((await get(app, url, mine.token)).statusCode, url).toBe(401);
  });
});
