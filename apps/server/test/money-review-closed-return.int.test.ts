/**
 * A payment returned on a loan already paid off whose credit balance covers it (docs/servicing-operations.md,
 * "ACH returns"): the reversal leaves the loan owing nothing, so it stays closed and an R01 is NOT presented
 * again — the daily run no longer services a closed loan, so a re-presentment would stay `scheduled` for
 * ever. A re-presentment already scheduled on such a loan (written before this rule) is canceled on its day,
 * the borrower told why ("…your loan owes nothing more"). Both databases (TEST_DB=postgres runs it on PostgreSQL).
 */
import type { TPaymentResponse } from '@payrail/contract/servicing';
import { addDays, parseIsoDate } from '@payrail/domain/dates';
import type { IsoDate } from '@payrail/domain/dates';
import { cents } from '@payrail/domain/money';
import { RETURN_REASONS } from '@payrail/domain/servicing/ach';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankAccounts, loanTransactions, notifications } from '../src/db/schema/index';
import { SERVICING_NOTICE } from '../src/modules/loan-book/use-cases/service-loan';
import { moneyApp, nextBusiness } from './support/money-kit';

const money = moneyApp({ keyPrefix: 'closed-return' });
beforeAll(money.setup, 240_000);
afterAll(money.teardown);
const { app, db, setBusinessDate, pay, txsOf, runDays, borrower, expectFiguresAgree, returnDebit, trailOf, ledgerOn } = money;

const toldTo = async (userId: number) => (await db().select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.message);

/**
 * A borrower's $50.00 ACH payment sent on d1, then the loan paid off with $200.00 more than it owed (a
 * payroll remittance) while no verified account is on file to refund it to: on d2 the loan is closed with a
 * $200.00 credit balance, the $50.00 debit still in its return window.
 */
async function closedWithCredit() {
  const who = await borrower();
  const start = parseIsoDate(who.loan.disbursement_date);
  const d1 = nextBusiness(start);
  const early = await pay(who.token, { method: 'ach', mode: 'one_time', loan_id: who.loan.id, amount: 5_000, scheduling: { date: d1 } });
  expect(early.statusCode, early.body).toBe(200);
  await runDays(addDays(start, 1), d1);
  const sent = (await txsOf(who.loan.id)).find((t) => t.id === early.json<TPaymentResponse>().transaction.id)!;
  expect(sent.status).toBe('pending');
  // No verified account to send a refund to: the credit stays on the loan.
  await db().update(bankAccounts).set({ verifiedAt: null }).where(eq(bankAccounts.userId, who.id));
  const owed = (await ledgerOn(who.loan.id, d1)).position.outstandingCents;
  await app().ctx.repos.loanBook.withLockedLoan(who.loan.id, (book) =>
    book.append({
      loanId: who.loan.id,
      kind: 'payroll_remittance',
      effectiveDate: d1,
      amountCents: cents(owed + 20_000),
      idempotencyKey: `closed-return-remittance:${String(who.loan.id)}`,
      createdAt: app().ctx.now(),
    }),
  );
  const d2 = nextBusiness(d1);
  await runDays(addDays(d1, 1), d2);
  const closed = await expectFiguresAgree(who, d2);
  expect(closed.row.status).toBe('closed_paid');
  expect(closed.position.unappliedCents).toBeGreaterThanOrEqual(20_000);
  return { who, d1, d2, sent };
}

describe('a payment returned on a paid-off loan whose credit balance covers it', { timeout: 180_000 }, () => {
  let state: (Awaited<ReturnType<typeof closedWithCredit>> & { d3: IsoDate }) | undefined;

  it('R01: the loan stays closed owing nothing, nothing is presented again, the borrower is told so once', async () => {
    const { who, d1, d2, sent } = await closedWithCredit();
    const d3 = nextBusiness(d2);
    await setBusinessDate(d3);
    // The bank's file uploaded twice at once: applied once.
    const uploads = await Promise.all(Array.from({ length: 2 }, () => returnDebit(who, sent, 'R01', d3)));
    for (const u of uploads) expect(u.statusCode, u.body).toBe(200);
    const { txs, trail } = await trailOf(who.loan.id);
    expect(txs.find((t) => t.id === sent.id)?.status, trail).toBe('returned');
    expect(
      txs.filter((t) => t.retryOfId !== null),
      trail,
    ).toEqual([]);
    const after = await expectFiguresAgree(who, d3);
    expect(after.row.status, trail).toBe('closed_paid');
    expect(after.position.outstandingCents, trail).toBe(0);
    const notice = SERVICING_NOTICE.returnedOwingNothing(who.loan.identifier, {
      mode: 'one_time',
      amountCents: 5_000,
      date: d1,
      code: 'R01',
      title: RETURN_REASONS.R01.title,
    });
    const told = await toldTo(who.id);
    expect(told.filter((m) => m === notice)).toHaveLength(1);
    expect(told.filter((m) => m.includes('We will present it to your bank again'))).toEqual([]);
    // Days later: still nothing scheduled, nothing sent, still closed.
    await runDays(addDays(d3, 1), addDays(d3, 10));
    const later = await trailOf(who.loan.id);
    expect(
      later.txs.filter((t) => t.status === 'scheduled' || t.retryOfId !== null),
      later.trail,
    ).toEqual([]);
    expect((await expectFiguresAgree(who, addDays(d3, 10))).row.status).toBe('closed_paid');
    state = { who, d1, d2, sent, d3 };
  });

  it('a re-presentment already scheduled on such a loan is canceled on its day (not before), the borrower told why, once', async () => {
    expect(state, 'the first test left its loan').toBeDefined();
    const { who, sent, d3 } = state!;
    // As the rule before this one left it: the R01 presented again a few days after the return.
    const due = nextBusiness(nextBusiness(addDays(d3, 10)));
    const at = app().ctx.now();
    const [stale] = await db()
      .insert(loanTransactions)
      .values({
        loanId: who.loan.id,
        userId: who.id,
        mode: sent.mode,
        method: 'ach',
        status: 'scheduled',
        amountCents: sent.amountCents,
        scheduledDate: due,
        bankAccountId: sent.bankAccountId,
        retryOfId: sent.id,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    await runDays(addDays(d3, 11), addDays(due, -1));
    expect((await txsOf(who.loan.id)).find((t) => t.id === stale!.id)?.status).toBe('scheduled');
    // Its day (twice: a replay of the day changes nothing).
    await runDays(due, due);
    await runDays(due, due);
    const { txs, trail } = await trailOf(who.loan.id);
    const row = txs.find((t) => t.id === stale!.id)!;
    expect([row.status, row.canceledAt !== null, row.achTraceId], trail).toEqual(['canceled', true, null]);
    expect((await toldTo(who.id)).filter((m) => m === SERVICING_NOTICE.notNeeded(sent.amountCents, due))).toHaveLength(1);
    const final = await expectFiguresAgree(who, due);
    expect([final.row.status, final.position.outstandingCents], trail).toEqual(['closed_paid', 0]);
  });
});
