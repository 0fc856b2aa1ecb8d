/**
 * Adversarial review of the refinance's payoff of the old loan (docs/referral-and-refinance.md): the funding
 * pays the old loan off from the new loan's proceeds, and the old loan closes at exactly zero as
 * closed_refinanced. Attacked with borrower card payments on the old loan in parallel with the funding: the
 * old loan must never be paid beyond what it owed (no credit made by the refinance), whichever wins.
 */
import type { TFundResponse } from '@payrail/contract/backoffice';
import { addDays, parseIsoDate } from '@payrail/domain/dates';
import { cents } from '@payrail/domain/money';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loans } from '../src/db/schema/index';
import { businessToday } from '../src/lib/business-clock';
import { runDailyServicing } from '../src/modules/loan-book/use-cases/daily-run';
import { fundedBorrower, saveCard } from './servicing-helpers';
import type { FundedBorrower } from './servicing-helpers';
import { signedRefinance } from './support/refinance-kit';
import { ledgerTrail, moneyApp } from './support/money-kit';

const money = moneyApp({ keyPrefix: 'review-refi', staff: ['servicer', 'underwriter'] });
beforeAll(money.setup, 240_000);
afterAll(money.teardown);
const { app, db, setBusinessDate, entriesOf, ledgerOn, fund, underwriter } = money;

/** A funded borrower who repaid 65 % of the note (eligible to refinance) and whose refinance is approved and signed. */
async function approvedRefinance(): Promise<FundedBorrower> {
  await setBusinessDate(null);
  const who = await fundedBorrower(app());
  await setBusinessDate(addDays(parseIsoDate(who.loan.disbursement_date), 5));
  await app().ctx.repos.loanBook.recordPayment({
    loanId: who.loan.id,
    kind: 'one_time_payment',
    effectiveDate: await businessToday(app().ctx),
    amountCents: cents(Math.ceil(who.loan.note_principal * 0.65)),
    at: app().ctx.now(),
    idempotencyKey: `review-refi-repay-${who.id}`,
  });
  await signedRefinance(app(), who, underwriter());
  return who;
}

const pull = (token: string, loanId: number, account: number, amount: number) => money.pull(token, { account, amount, loan_id: loanId });

/**
 * After the funding: the business date moves to the old loan's payoff date and the day's run sweeps credit
 * balances; the old loan is then closed_refinanced at exactly zero — nothing owed, no credit kept — and
 * what was refunded is no more than the borrower paid beyond the payoff.
 */
async function expectClosedAtZero(loanId: number, trailOf: () => Promise<string>) {
  const [payoff, ...more] = (await entriesOf(loanId)).filter((e) => e.kind === 'payoff');
  expect(more, await trailOf()).toEqual([]);
  const day = parseIsoDate(payoff!.effectiveDate);
  if (day > (await businessToday(app().ctx))) await setBusinessDate(day);
  await runDailyServicing(app().ctx, { from: day, through: day });
  const { row, position } = await ledgerOn(loanId, day);
  expect(row.status, await trailOf()).toBe('closed_refinanced');
  expect(position, await trailOf()).toMatchObject({ outstandingCents: 0, unappliedCents: 0 });
  return (await entriesOf(loanId)).filter((e) => e.kind === 'refund').reduce((s, e) => s + e.amountCents, 0);
}
const trailOf = (loanId: number) => async () => ledgerTrail(await entriesOf(loanId));

describe('refinance payoff racing the borrower’s payments on the old loan', () => {
  it('funding in parallel with 10 card payments of $10 on the old loan: one new loan, and the old loan ends at exactly 0 (closed_refinanced, what was paid beyond the payoff refunded)', async () => {
    const who = await approvedRefinance();
    const card = await saveCard(app(), who.token, '4242424242424242');
    const answers = await Promise.all([
      fund(who.id, `review-refi-fund-${who.id}`),
      ...Array.from({ length: 10 }, () => pull(who.token, who.loan.id, card, 1000)),
    ]);
    for (const a of answers) expect([200, 422], a.body).toContain(a.statusCode);
    const [funding, ...pulls] = answers;
    expect(funding!.statusCode, funding!.body).toBe(200);
    const funded = funding!.json<TFundResponse>();
    expect((await db().select().from(loans).where(eq(loans.refinancesLoanId, who.loan.id))).map((l) => l.id)).toEqual([funded.loan.id]);
    // Card payments accepted (before or during the funding) are paid back as far as they went beyond the payoff.
    const accepted = pulls.filter((p) => p.statusCode === 200).length * 1000;
    const refunded = await expectClosedAtZero(who.loan.id, trailOf(who.loan.id));
    expect(refunded).toBeLessThanOrEqual(accepted);
  });

  it('a card payment accepted after the funding quoted the payoff and before the loan opens: the old loan is not paid beyond what it owes', async () => {
    const who = await approvedRefinance();
    const card = await saveCard(app(), who.token, '4242424242424242');
    // The card payment lands while the funding reserves its credit's trace number: after refinancePayoff read
    // the old loan, before the new loan is opened (the credit is sent after that commit).
    const reserve = app().ctx.repos.loanBook.reserveCreditTraceNumber.bind(app().ctx.repos.loanBook);
    let paid: Awaited<ReturnType<typeof pull>> | null = null;
    const spy = vi.spyOn(app().ctx.repos.loanBook, 'reserveCreditTraceNumber').mockImplementation(async (key, traceOf, at) => {
      if (key.startsWith('fund-application-') && paid === null) paid = await pull(who.token, who.loan.id, card, 1000);
      return reserve(key, traceOf, at);
    });
    try {
      const funding = await fund(who.id, `review-refi-fund-seq-${who.id}`);
      expect(paid!.statusCode, paid!.body).toBe(200);
      expect(funding.statusCode, funding.body).toBe(200);
      // The payoff the note itemizes was posted; the $10 paid meanwhile is paid back: nothing taken beyond what was owed.
      expect(await expectClosedAtZero(who.loan.id, trailOf(who.loan.id))).toBe(1000);
    } finally {
      spy.mockRestore();
    }
  });
});
