import { cents } from '@payrail/domain/money';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseIsoDate, type IsoDate } from '@payrail/domain/dates';
import { cellsOf, portfolioFigures } from '@payrail/domain/portfolio/figures';
import type { FactStatus, MonthEndFact } from '@payrail/domain/portfolio/figures';
import { ZPortfolio } from '@payrail/contract/portfolio';
import { applications, ledgerEntries, loans, portfolioMonthEndFacts, portfolioMonthEnds } from '../src/db/schema/index';
import type { AppContext } from '../src/context';
import { runDailyServicing } from '../src/modules/loan-book/use-cases/daily-run';
import { getPortfolio } from '../src/modules/portfolio/use-cases/get-portfolio';
import { recordMonthEnd } from '../src/modules/portfolio/use-cases/month-end';
import { staffToken } from './application-helpers';
import { fundedLoan } from './collections-helpers';
import type { FundedLoan } from './collections-helpers';
import { auth, call } from './identity-helpers';
import { type TestApp, testApp } from './test-app';

/**
 * The portfolio (docs/portfolio.md) over a small book driven through the real daily run, January to June
 * 2030: A pays on time and is paid off in April; B's bank returns every debit (R01), so B ages through
 * the buckets and is charged off at 120 days past due in June; C (February) pays on time, paid off in May. The database is
 * shared with other files: the page's figures are checked against the facts and loans as stored, and the
 * facts of A, B and C against what their ledgers say.
 */
let app: TestApp;
let admin: string;
let servicer: string;
let a: FundedLoan;
let b: FundedLoan;
let c: FundedLoan;
const d = (s: string) => s as IsoDate;
const db = () => app.ctx.database.db;

beforeAll(async () => {
  app = await testApp({ now: () => new Date('2030-01-07T12:00:00Z') });
  admin = await staffToken(app, 'admin@payrail.test');
  servicer = await staffToken(app, 'servicer@payrail.test');
  a = await fundedLoan(app, { disbursementDate: '2030-01-07', firstPaymentDate: '2030-02-07' });
  b = await fundedLoan(app, { disbursementDate: '2030-01-07', firstPaymentDate: '2030-02-07', account: '0001' });
  c = await fundedLoan(app, { disbursementDate: '2030-02-11', firstPaymentDate: '2030-03-11', amountCents: 250_000 });
  // Decisions of January 2030: A, B and C approved (C funded in February), one more declined.
  const decided = new Date('2030-01-06T15:00:00Z');
  for (const l of [a, b, c]) await db().update(applications).set({ decidedAt: decided }).where(eq(applications.userId, l.userId));
  await db().insert(applications).values({ userId: c.userId, outcome: 'declined', decidedAt: decided, closedAt: decided });
  await runDailyServicing(app.ctx, { from: d('2030-01-07'), through: d('2030-06-30') });
}, 240_000);
afterAll(() => app.close());

const factsOf = async (loanId: number) =>
  (await app.ctx.repos.portfolio.factsOfLoan(loanId)).map((f) => [f.monthEnd, f.status, f.bucket, f.principalCents, f.chargedOffCents] as const);

describe('month-end facts, written by the daily run at each month end', () => {
  it('follow each loan until it is paid off or charged off', async () => {
    const done = await app.ctx.repos.portfolio.completedMonthEnds();
    for (const m of ['2030-01-31', '2030-02-28', '2030-03-31', '2030-04-30', '2030-05-31', '2030-06-30']) expect(done).toContain(m);

    const fa = await factsOf(a.loanId);
    expect(fa.map(([m, s, bucket]) => [m, s, bucket])).toEqual([
      ['2030-01-31', 'opened', 'current'],
      ['2030-02-28', 'opened', 'current'],
      ['2030-03-31', 'opened', 'current'],
      ['2030-04-30', 'closed_paid', 'current'],
    ]);
    expect(fa[0]![3]).toBe(100_000);
    expect(fa[1]![3]).toBeLessThan(100_000);
    expect(fa[3]![3]).toBe(0);

    const fb = await factsOf(b.loanId);
    expect(fb.map(([m, s, bucket]) => [m, s, bucket])).toEqual([
      ['2030-01-31', 'opened', 'current'],
      ['2030-02-28', 'opened', '1-29'],
      ['2030-03-31', 'opened', '30-59'],
      ['2030-04-30', 'default', '60-89'],
      ['2030-05-31', 'default', '90-119'],
      ['2030-06-30', 'charge_off', '120+'],
    ]);
    // Nothing was ever paid: the whole principal is charged off.
    expect(fb[4]![3]).toBe(100_000);
    expect(fb[5]![4]).toBe(100_000);
    // The loan book's charge-off entries (120 days past due: 2030-06-07): the fact takes their principal component.
    const chargeOff = await db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.loanId, b.loanId), eq(ledgerEntries.kind, 'charge_off')));
    expect(chargeOff.length).toBeGreaterThan(0);
    expect(chargeOff.filter((e) => e.reasonCode === 'principal').reduce((s, e) => s + e.amountCents, 0)).toBe(fb[5]![4]);

    const fc = await factsOf(c.loanId);
    expect(fc.map(([m, s]) => [m, s])).toEqual([
      ['2030-02-28', 'opened'],
      ['2030-03-31', 'opened'],
      ['2030-04-30', 'opened'],
      ['2030-05-31', 'closed_paid'],
    ]);
    expect(fc[0]![3]).toBe(250_000);
  });
});

describe('GET /api/backoffice/portfolio', () => {
  it('is for admins: a servicer and an underwriter are refused', async () => {
    expect((await call(app, { url: '/api/backoffice/portfolio', headers: auth(servicer) })).statusCode).toBe(403);
    const underwriter = await staffToken(app, 'underwriter@payrail.test');
    expect((await call(app, { url: '/api/backoffice/portfolio/export/originations', headers: auth(underwriter) })).statusCode).toBe(403);
    expect((await call(app, { url: '/api/backoffice/portfolio' })).statusCode).toBe(401);
  });

  it('gives figures equal to the stored loans and facts', async () => {
    // A recovery on B in June (as the loan book posts it), and its sum as stored.
    await db()
      .insert(ledgerEntries)
      .values({
        loanId: b.loanId,
        kind: 'recovery',
        effectiveDate: parseIsoDate('2030-06-20'),
        amountCents: cents(5_000),
        reason: 'portfolio test',
        idempotencyKey: `portfolio-test:recovery:${b.loanId}`,
        createdAt: app.ctx.now(),
      })
      .onConflictDoNothing();
    const [recovered] = await db()
      .select({ s: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::int` })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.kind, 'recovery'),
          gte(ledgerEntries.effectiveDate, parseIsoDate('2030-06-01')),
          lt(ledgerEntries.effectiveDate, parseIsoDate('2030-07-01')),
        ),
      );
    const res = await call(app, { url: '/api/backoffice/portfolio', headers: auth(admin) });
    expect(res.statusCode, res.body).toBe(200);
    const page = ZPortfolio.parse(res.json());

    // The same figures from the rows as stored, grouped in memory by the domain.
    const done = (await db().select().from(portfolioMonthEnds)).map((r) => r.monthEnd);
    const rows = await db().select().from(portfolioMonthEndFacts).where(inArray(portfolioMonthEndFacts.monthEnd, done));
    const facts: MonthEndFact[] = rows.map((r) => ({
      ...r,
      monthEnd: r.monthEnd as IsoDate,
      originationMonth: r.originationMonth.slice(0, 7),
      status: r.status as FactStatus,
    }));
    const book = await db()
      .select({ disbursementDate: loans.disbursementDate, amountCents: loans.amountCents })
      .from(loans)
      .where(sql`${loans.status} <> 'pending'`);
    const expected = portfolioFigures(cellsOf(facts, book));
    expect(page.month_ends).toEqual(expected.monthEnds);
    expect(page.originations).toEqual(expected.originations.map((o) => ({ month: o.month, count: o.count, amount: o.amountCents })));
    expect(page.balances).toEqual(expected.balances.map((b) => ({ month_end: b.monthEnd, active_count: b.activeCount, active_balance: b.activeBalanceCents })));
    expect(page.delinquency.map((r) => r.buckets.map((x) => [x.bucket, x.count, x.principal, x.share_bp]))).toEqual(
      expected.delinquency.map((r) => r.buckets.map((x) => [x.bucket, x.count, x.principalCents, x.shareBp])),
    );
    expect(page.roll_rates.map((m) => m.rows.map((r) => r.to.map((t) => [t.state, t.principal, t.share_bp])))).toEqual(
      expected.rollRates.map((m) => m.rows.map((r) => r.to.map((t) => [t.state, t.principalCents, t.shareBp]))),
    );
    expect(page.vintages.map((v) => v.points.map((p) => p.cumulative_charged_off))).toEqual(
      expected.vintages.map((v) => v.points.map((p) => p.cumulativeChargedOffCents)),
    );
    // Charge-offs by month as the facts say (the page also lists months with recoveries only, which other
    // files' loans in this shared database may add).
    expect(page.charge_offs.filter((x) => x.count > 0).map((x) => [x.month, x.count, x.amount])).toEqual(
      expected.chargeOffs.filter((x) => x.count > 0).map((x) => [x.month, x.count, x.amountCents]),
    );

    // What the loans of January 2030 say: two loans, $2,000 lent; B's $1,000 charged off in June at 5 months on book.
    const jan = page.originations.find((o) => o.month === '2030-01')!;
    const janLoans = await db()
      .select()
      .from(loans)
      .where(and(gte(loans.disbursementDate, parseIsoDate('2030-01-01')), lt(loans.disbursementDate, parseIsoDate('2030-02-01'))));
    expect(jan).toEqual({ month: '2030-01', count: janLoans.length, amount: janLoans.reduce((s, l) => s + l.amountCents, 0) });
    const vintage = page.vintages.find((v) => v.origination_month === '2030-01')!;
    const bLoss = vintage.points.find((p) => p.months_on_book === 5)!;
    expect(bLoss.cumulative_charged_off).toBeGreaterThanOrEqual(100_000);
    const june = page.charge_offs.find((x) => x.month === '2030-06')!;
    expect(june.amount).toBeGreaterThanOrEqual(100_000);
    expect(june.recoveries).toBe(Number(recovered!.s));
    expect(june.recoveries).toBeGreaterThanOrEqual(5_000);
    expect(june.net).toBe(june.amount - june.recoveries);
    // A roll from 90-119 at the end of May: B's principal moved to charged off.
    const mayJune = page.roll_rates.find((m) => m.from_month_end === '2030-05-31')!;
    expect(mayJune.rows.find((r) => r.from === '90-119')!.to.find((t) => t.state === 'charged_off')!.principal).toBeGreaterThanOrEqual(100_000);

    // Decisions of January 2030: as stored.
    const [dec] = await db()
      .select({
        approved: sql<number>`count(*) filter (where ${applications.outcome} = 'approved')::int`,
        declined: sql<number>`count(*) filter (where ${applications.outcome} in ('declined', 'denied'))::int`,
      })
      .from(applications)
      .where(and(gte(applications.decidedAt, new Date('2030-01-01T00:00:00Z')), lt(applications.decidedAt, new Date('2030-02-01T00:00:00Z'))));
    const janDecisions = page.decisions.find((x) => x.month === '2030-01')!;
    expect(janDecisions).toMatchObject({ approved: Number(dec!.approved), decided: Number(dec!.approved) + Number(dec!.declined) });
    expect(janDecisions.approved).toBeGreaterThanOrEqual(3);
    expect(janDecisions.funded).toBeGreaterThanOrEqual(3);
  });

  it('reads the figures in a fixed handful of queries, whatever the size of the book', async () => {
    let calls = 0;
    const counted = <T extends object>(repo: T): T =>
      new Proxy(repo, {
        get(target, key, receiver) {
          const v = Reflect.get(target, key, receiver) as unknown;
          return typeof v === 'function'
            ? (...args: unknown[]) => {
                calls += 1;
                return (v as (...a: unknown[]) => unknown).apply(target, args);
              }
            : v;
        },
      });
    const repos = Object.fromEntries(Object.entries(app.ctx.repos).map(([k, r]) => [k, counted(r as object)])) as AppContext['repos'];
    await getPortfolio({ ...app.ctx, repos });
    // Originations, decisions, recoveries; positions, rolls, vintages; the business date.
    expect(calls).toBeLessThanOrEqual(7);
  });

  it('exports each figure as a well-formed CSV', async () => {
    for (const figure of ['originations', 'decisions', 'balances', 'delinquency', 'roll-rates', 'charge-offs', 'vintages']) {
      const res = await call(app, { url: `/api/backoffice/portfolio/export/${figure}`, headers: auth(admin) });
      expect(res.statusCode, figure).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="portfolio-${figure}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
      expect(res.body.endsWith('\r\n')).toBe(true);
      const lines = res.body.slice(0, -2).split('\r\n');
      expect(lines.length, figure).toBeGreaterThan(1);
      const width = lines[0]!.split(',').length;
      for (const l of lines) expect(l.split(',').length, `${figure}: ${l}`).toBe(width);
    }
    const delinquency = await call(app, { url: '/api/backoffice/portfolio/export/delinquency', headers: auth(admin) });
    expect(delinquency.body.split('\r\n')[0]).toBe('month_end,bucket,loans,principal_usd,share_pct');
    const bad = await call(app, { url: '/api/backoffice/portfolio/export/everything', headers: auth(admin) });
    expect(bad.statusCode).toBe(422);
  });
});

describe('the month-end job', () => {
  it('is idempotent under parallel runs: one fact per loan, the month end completed once', async () => {
    const m = d('2030-07-31');
    const [r1, r2] = await Promise.all([recordMonthEnd(app.ctx, m), recordMonthEnd(app.ctx, m)]);
    expect(r1.written || r2.written).toBe(true);
    const [done] = await db().select().from(portfolioMonthEnds).where(eq(portfolioMonthEnds.monthEnd, m));
    const rows = await db().select().from(portfolioMonthEndFacts).where(eq(portfolioMonthEndFacts.monthEnd, m));
    expect(rows.length).toBe(new Set(rows.map((r) => r.loanId)).size);
    expect(done!.loanCount).toBe(rows.length);
    // A and B ended at earlier month ends; C is paid off: none of them has a fact in July.
    expect(rows.some((r) => [a.loanId, b.loanId, c.loanId].includes(r.loanId))).toBe(false);
    expect(await recordMonthEnd(app.ctx, m)).toEqual({ monthEnd: m, loans: 0, written: false });
    await expect(recordMonthEnd(app.ctx, d('2030-07-30'))).rejects.toThrow(/month end/);
    // The ledger was only read.
    expect((await db().select().from(ledgerEntries).where(eq(ledgerEntries.loanId, a.loanId))).length).toBeGreaterThan(1);
  });
});
