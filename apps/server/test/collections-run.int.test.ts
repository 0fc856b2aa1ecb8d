import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseIsoDate, type IsoDate } from '@payrail/domain/dates';
import { formatCents, cents } from '@payrail/domain/money';
import { lateFeeAmount } from '@payrail/domain/servicing/late-fee';
import { ledgerEntries, loans, loanTransactions, notifications, autoDebitAuthorizations, servicingRuns } from '../src/db/schema/index';
import { runDailyServicing } from '../src/modules/loan-book/use-cases/daily-run';
import { fundedLoan } from './collections-helpers';
import type { FundedLoan } from './collections-helpers';
import { type TestApp, testApp } from './test-app';

let app: TestApp;
beforeAll(async () => {
  app = await testApp({ now: () => new Date('2027-01-04T12:00:00Z') });
});
afterAll(() => app.close());

const db = () => app.ctx.database.db;
const d = (s: string) => s as IsoDate;
const entries = (loanId: number) => db().select().from(ledgerEntries).where(eq(ledgerEntries.loanId, loanId)).orderBy(ledgerEntries.id);
const txs = (loanId: number) => db().select().from(loanTransactions).where(eq(loanTransactions.loanId, loanId)).orderBy(loanTransactions.id);
const status = async (loanId: number) => (await db().select().from(loans).where(eq(loans.id, loanId)))[0]!.status;
const notes = (userId: number) => db().select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);
const run = (from: string, through: string) => runDailyServicing(app.ctx, { from: d(from), through: d(through) });

describe('daily servicing run: a timeline of auto-debits', () => {
  let good: FundedLoan;
  let nsf: FundedLoan;
  let retryOk: FundedLoan;
  let revoked: FundedLoan;
  beforeAll(async () => {
    const dates = { disbursementDate: '2027-01-04', firstPaymentDate: '2027-02-04' };
    good = await fundedLoan(app, dates);
    nsf = await fundedLoan(app, { ...dates, account: '0001' });
    retryOk = await fundedLoan(app, { ...dates, account: '0101' });
    revoked = await fundedLoan(app, { ...dates, account: '0010' });
  });

  it('sends the installment debits on the due date as PPD entries and posts them', async () => {
    await run('2027-01-04', '2027-02-04');
    const [t] = await txs(good.loanId);
    expect(t).toMatchObject({ mode: 'auto_debit', status: 'pending', installmentN: 1, amountCents: good.paymentCents, scheduledDate: '2027-02-04' });
    expect(t!.achTraceId).toMatch(/^SBD-20270204-OK-/);
    expect((await entries(good.loanId)).map((e) => [e.kind, e.effectiveDate, e.amountCents])).toEqual([
      ['disbursement', '2027-01-04', 100_000],
      ['scheduled_debit', '2027-02-04', good.paymentCents],
    ]);
  });

  it('settles after the 2-business-day return window; returns reverse the payment, notify, and re-present an R01', async () => {
    await run('2027-02-05', '2027-02-08');
    expect((await txs(good.loanId))[0]).toMatchObject({ status: 'settled', settledOn: '2027-02-08' });

    const nsfTxs = await txs(nsf.loanId);
    expect(nsfTxs[0]).toMatchObject({ status: 'returned', returnCode: 'R01', returnedOn: '2027-02-05' });
    expect(nsfTxs[1]).toMatchObject({ status: 'scheduled', retryOfId: nsfTxs[0]!.id, scheduledDate: '2027-02-10' });
    const nsfEntries = await entries(nsf.loanId);
    const payment = nsfEntries.find((e) => e.kind === 'scheduled_debit')!;
    expect(nsfEntries.find((e) => e.kind === 'reversal')).toMatchObject({
      reversesEntryId: payment.id,
      reasonCode: 'R01',
      effectiveDate: '2027-02-05',
      amountCents: payment.amountCents,
    });
    const messages = (await notes(nsf.userId)).map((n) => n.message);
    const returned = messages.filter((m) => m.includes('was returned by your bank (R01 Insufficient funds)'));
    expect(returned).toHaveLength(1);
    expect(returned[0]).toContain('We will present it to your bank again on 02/10/2027');
    expect(returned[0]).not.toContain('Please make the payment another way to keep your loan current');

    const revokedTxs = await txs(revoked.loanId);
    expect(revokedTxs).toHaveLength(1);
    expect(revokedTxs[0]).toMatchObject({ status: 'returned', returnCode: 'R10' });
    const [auth] = await db().select().from(autoDebitAuthorizations).where(eq(autoDebitAuthorizations.loanId, revoked.loanId));
    expect(auth!.revokedAt).not.toBeNull();
  });

  it('re-presents at most twice (RETRY PYMT), then stops; a retry that clears settles', async () => {
    await run('2027-02-09', '2027-02-19');
    const chain = await txs(nsf.loanId);
    expect(chain.map((t) => [t.status, t.scheduledDate, t.returnCode])).toEqual([
      ['returned', '2027-02-04', 'R01'],
      ['returned', '2027-02-10', 'R01'],
      ['returned', '2027-02-17', 'R01'], // 15 Feb 2027 is Washington's Birthday
    ]);
    expect((await entries(nsf.loanId)).filter((e) => e.kind === 'reversal')).toHaveLength(3);
    const ok = await txs(retryOk.loanId);
    expect(ok.map((t) => t.status)).toEqual(['returned', 'settled']);
    expect(ok[1]!.achTraceId).toMatch(/-OK-/);
  });

  it('charges one late fee (greater of $15 and 5 %) after the 15-day grace period and never twice', async () => {
    expect(lateFeeAmount(nsf.paymentCents)).toBe(1700); // 5 % of $340.02
    await run('2027-02-20', '2027-02-20');
    await run('2027-02-21', '2027-02-22');
    const fees = (await entries(nsf.loanId)).filter((e) => e.kind === 'late_fee');
    expect(fees).toEqual([expect.objectContaining({ installmentN: 1, amountCents: lateFeeAmount(nsf.paymentCents), effectiveDate: '2027-02-20' })]);
    expect((await entries(good.loanId)).filter((e) => e.kind === 'late_fee')).toEqual([]);
    expect((await notes(nsf.userId)).map((n) => n.message)).toContain(
      `A late fee of $${formatCents(lateFeeAmount(nsf.paymentCents))} was charged on installment 1 of your loan.`,
    );
  });

  it('moves the unpaid loan to default at 60 days past due; the paying loans stay opened', async () => {
    await run('2027-02-23', '2027-04-04');
    expect(await status(nsf.loanId)).toBe('opened'); // 59 days past due
    await run('2027-04-05', '2027-04-05');
    expect(await status(nsf.loanId)).toBe('default');
    // The paying loan's last installment was taken on 04-05 (04-04 is a Sunday): zero means closed that day.
    expect(await status(good.loanId)).toBe('closed_paid');
  });

  it('closes a loan paid in full on the day its last debit is taken, and watches that debit until it settles', async () => {
    const [last] = (await txs(good.loanId)).filter((t) => t.installmentN === 3);
    expect(last).toMatchObject({ status: 'pending', scheduledDate: '2027-04-04', sentAt: expect.any(Date) });
    await run('2027-04-06', '2027-04-08');
    expect(await status(good.loanId)).toBe('closed_paid');
    expect((await txs(good.loanId)).find((t) => t.id === last!.id)).toMatchObject({ status: 'settled' });
    const paid = (await entries(good.loanId)).filter((e) => e.kind === 'scheduled_debit');
    expect(paid).toHaveLength(3);
    expect((await notes(good.userId)).map((n) => n.message)).toContain('Your loan is paid in full. Thank you!');
  });

  it('is idempotent per loan and date: re-running finished dates adds nothing', async () => {
    const before = { e: (await entries(nsf.loanId)).length, t: (await txs(nsf.loanId)).length, n: (await notes(nsf.userId)).length };
    const report = await run('2027-02-01', '2027-04-08');
    expect(report.loansProcessed).toBe(0); // every claim of those dates is done
    expect({ e: (await entries(nsf.loanId)).length, t: (await txs(nsf.loanId)).length, n: (await notes(nsf.userId)).length }).toEqual(before);
    const claims = await db().select().from(servicingRuns).where(eq(servicingRuns.loanId, nsf.loanId));
    expect(new Set(claims.map((c) => c.businessDate)).size).toBe(claims.length);
  });
});

describe('daily servicing run: one-time payments from the payments page', () => {
  it('sends a one-time payment on its date (posted at once, settled after the window); a canceled one is never sent', async () => {
    const loan = await fundedLoan(app, { disbursementDate: '2027-05-03', firstPaymentDate: '2027-06-03' });
    const [auth] = await db().select().from(autoDebitAuthorizations).where(eq(autoDebitAuthorizations.loanId, loan.loanId));
    const at = app.ctx.now();
    const base = {
      loanId: loan.loanId,
      userId: loan.userId,
      mode: 'one_time' as const,
      method: 'ach' as const,
      bankAccountId: auth!.bankAccountId,
      createdAt: at,
      updatedAt: at,
    };
    await db()
      .insert(loanTransactions)
      .values([
        { ...base, status: 'scheduled', amountCents: cents(5_000), scheduledDate: parseIsoDate('2027-05-22') }, // a Saturday: goes on Monday
        { ...base, status: 'canceled', amountCents: cents(7_000), scheduledDate: parseIsoDate('2027-05-24'), canceledAt: at },
      ]);
    await run('2027-05-03', '2027-05-23');
    expect((await txs(loan.loanId)).map((t) => t.status)).toEqual(['scheduled', 'canceled']);
    await run('2027-05-24', '2027-05-24');
    const [sent, canceled] = await txs(loan.loanId);
    expect(sent).toMatchObject({ status: 'pending' });
    expect(sent!.achTraceId).toMatch(/^SBD-20270524-OK-/);
    expect(canceled).toMatchObject({ status: 'canceled', achTraceId: null });
    expect((await entries(loan.loanId)).filter((e) => e.kind === 'one_time_payment').map((e) => [e.effectiveDate, e.amountCents])).toEqual([
      ['2027-05-24', 5_000],
    ]);
    await run('2027-05-25', '2027-05-26');
    expect((await txs(loan.loanId))[0]).toMatchObject({ status: 'settled', settledOn: parseIsoDate('2027-05-26') });
  });
});

describe('daily servicing run: a batch is all or nothing per loan', () => {
  const JOB = 'batch_test';
  // Claims for these loans only (planDay would also open the business date for every other test's run).
  const claim = (loanIds: number[], date: string) =>
    db()
      .insert(servicingRuns)
      .values(loanIds.map((loanId) => ({ job: JOB, loanId, businessDate: parseIsoDate(date), status: 'pending' as const, attempts: 0 })));
  const claimsOf = async (date: string) =>
    (await db().select().from(servicingRuns).where(eq(servicingRuns.job, JOB))).filter((c) => c.businessDate === date).sort((a, b) => a.loanId - b.loanId);

  it('a loan whose servicing throws is undone alone: the others commit, its claim records the attempt', async () => {
    const date = '2027-07-01';
    const a = await fundedLoan(app, { disbursementDate: parseIsoDate('2027-06-01'), firstPaymentDate: parseIsoDate('2027-07-01') });
    const b = await fundedLoan(app, { disbursementDate: parseIsoDate('2027-06-01'), firstPaymentDate: parseIsoDate('2027-07-01') });
    const repo = app.ctx.repos.loanBook;
    await claim([a.loanId, b.loanId], date);
    const ours = new Set([a.loanId, b.loanId]);
    const result = await repo.withClaimBatch(JOB, parseIsoDate(date), 1000, async (store, loanId) => {
      if (!ours.has(loanId)) return;
      await store.notify(loanId === a.loanId ? a.userId : b.userId, `batch test ${String(loanId)}`, app.ctx.now());
      await store.appendEntry({
        loanId,
        kind: 'late_fee',
        effectiveDate: parseIsoDate(date),
        amountCents: cents(100),
        installmentN: 1,
        idempotencyKey: `batch-test:${String(loanId)}`,
        createdAt: app.ctx.now(),
      });
      if (loanId === b.loanId) throw new Error('boom');
    });
    expect(result.fallback).toBe(0);
    expect(result.done).toContain(a.loanId);
    expect(result.done).not.toContain(b.loanId);
    expect((await notes(a.userId)).map((n) => n.message)).toContain(`batch test ${String(a.loanId)}`);
    expect((await notes(b.userId)).map((n) => n.message)).not.toContain(`batch test ${String(b.loanId)}`);
    expect((await entries(a.loanId)).map((e) => e.idempotencyKey)).toContain(`batch-test:${String(a.loanId)}`);
    expect((await entries(b.loanId)).map((e) => e.kind)).toEqual(['disbursement']);
    const claims = (await claimsOf(date)).filter((c) => ours.has(c.loanId));
    expect(claims.map((c) => [c.loanId, c.status, c.attempts])).toEqual([
      [a.loanId, 'done', 1],
      [b.loanId, 'pending', 1],
    ]);
    expect(claims[1]!.lastError).toBe('boom');
  });

  it('a flush the database refuses rolls the whole batch back and asks for the one-loan-per-transaction path', async () => {
    const date = '2027-07-02';
    const a = await fundedLoan(app, { disbursementDate: '2027-06-01', firstPaymentDate: '2027-07-02' });
    const b = await fundedLoan(app, { disbursementDate: '2027-06-01', firstPaymentDate: '2027-07-02' });
    const repo = app.ctx.repos.loanBook;
    await claim([a.loanId, b.loanId], date);
    // Another loan already holds the key b's entry will use: memory cannot see it, the unique index does.
    const taken = `batch-flush:${String(b.loanId)}`;
    await db()
      .insert(ledgerEntries)
      .values({
        loanId: a.loanId,
        kind: 'late_fee',
        effectiveDate: parseIsoDate('2027-06-02'),
        amountCents: cents(100),
        installmentN: 1,
        idempotencyKey: taken,
        createdAt: app.ctx.now(),
      });
    const result = await repo.withClaimBatch(JOB, parseIsoDate(date), 1000, async (store, loanId) => {
      if (loanId !== a.loanId && loanId !== b.loanId) return;
      await store.notify(loanId === a.loanId ? a.userId : b.userId, `flush test ${String(loanId)}`, app.ctx.now());
      if (loanId === b.loanId)
        await store.appendEntry({
          loanId,
          kind: 'late_fee',
          effectiveDate: parseIsoDate(date),
          amountCents: cents(100),
          installmentN: 1,
          idempotencyKey: taken,
          createdAt: app.ctx.now(),
        });
    });
    expect(result).toEqual({ claimed: 0, done: [], failed: [], fallback: 2 });
    expect((await claimsOf(date)).every((c) => c.status === 'pending' && c.attempts === 0)).toBe(true);
    expect((await notes(a.userId)).map((n) => n.message)).not.toContain(`flush test ${String(a.loanId)}`);
    expect((await entries(b.loanId)).map((e) => e.kind)).toEqual(['disbursement']);
  });
});
