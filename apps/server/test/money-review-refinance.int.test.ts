/**
 * Adversarial review of the refinance's payoff of the old loan (docs/referral-and-refinance.md): the funding
 * pays the old loan off from the new loan's proceeds, and the old loan closes at exactly zero as
 * closed_refinanced. Attacked with borrower card payments on the old loan in parallel with the funding: the
 * old loan must never be paid beyond what it owed (no credit made by the refinance), whichever wins.
 */
import type { TLoanTerms } from '@payrail/contract/application';
import type { TFundResponse } from '@payrail/contract/backoffice';
import { addDays, parseIsoDate } from '@payrail/domain/dates';
import type { IsoDate } from '@payrail/domain/dates';
import { positionAsOf } from '@payrail/domain/loan/ledger';
import { cents } from '@payrail/domain/money';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ledgerEntries, loans } from '../src/db/schema/index';
import { businessToday } from '../src/lib/business-clock';
import { runDailyServicing } from '../src/modules/loan-book/use-cases/daily-run';
import { scheduleOfRecord, toDomainEntry } from '../src/modules/loan-book/use-cases/loan-position';
import { classicApp, get, post, staffToken, uploadDocument } from './application-helpers';
import { auth, call } from './identity-helpers';
import { fundedBorrower, keyMaker, saveCard } from './servicing-helpers';
import type { FundedBorrower } from './servicing-helpers';
import type { TestApp } from './test-app';

let app: TestApp;
let servicer: string;
let underwriter: string;
beforeAll(async () => {
  app = await classicApp({ config: { requireHumanReview: true } });
  [servicer, underwriter] = await Promise.all([staffToken(app, 'servicer@payrail.test'), staffToken(app, 'underwriter@payrail.test')]);
}, 240_000);
afterAll(async () => {
  await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, app.ctx.now());
  await app.close();
});

const db = () => app.ctx.database.db;
const setBusinessDate = (d: string | null) => app.ctx.repos.loanBook.setBusinessDateOverride(d === null ? null : parseIsoDate(d), null, app.ctx.now());
const newKey = keyMaker('review-refi');
const entriesOf = (loanId: number) => db().select().from(ledgerEntries).where(eq(ledgerEntries.loanId, loanId)).orderBy(asc(ledgerEntries.id));

/** A funded borrower who repaid 65 % of the note (eligible to refinance) and whose refinance is approved and signed. */
async function approvedRefinance(): Promise<FundedBorrower> {
  await setBusinessDate(null);
  const who = await fundedBorrower(app);
  await setBusinessDate(addDays(parseIsoDate(who.loan.disbursement_date), 5));
  await app.ctx.repos.loanBook.recordPayment({
    loanId: who.loan.id,
    kind: 'one_time_payment',
    effectiveDate: await businessToday(app.ctx),
    amountCents: cents(Math.ceil(who.loan.note_principal * 0.65)),
    at: app.ctx.now(),
    idempotencyKey: `review-refi-repay-${who.id}`,
  });
  const started = await post(app, who.token, '/api/refinance', { loan_id: who.loan.id });
  expect(started.statusCode, started.body).toBe(200);
  const terms = (await get(app, who.token, '/api/loan')).json<TLoanTerms>();
  await get(app, who.token, `/api/loan?amount=${terms.amount_options[0]!}`);
  expect((await get(app, who.token, '/api/associate_terms_consent')).statusCode).toBe(200);
  expect((await post(app, who.token, '/api/workflow/next_status', { current_status: 'refinancing_loan_terms' })).statusCode).toBe(200);
  await uploadDocument(app, who.token, 'pay_stub');
  await uploadDocument(app, who.token, 'allotment');
  const submitted = await post(app, who.token, '/api/workflow/change_status', { new_status: 'ready_for_review' });
  expect(submitted.statusCode, submitted.body).toBe(200);
  const moved = await call(app, {
    method: 'POST',
    url: `/api/backoffice/applications/${who.id}/status`,
    headers: auth(underwriter),
    payload: { new_status: 'refinancing_esignature' },
  });
  expect(moved.statusCode, moved.body).toBe(200);
  const signed = await post(app, who.token, '/api/esignature/sign', { signature_name: 'Jordan Rivera' });
  expect(signed.statusCode, signed.body).toBe(200);
  expect((await call(app, { method: 'POST', url: `/api/backoffice/applications/${who.id}/approve`, headers: auth(underwriter) })).statusCode).toBe(200);
  return who;
}

const fund = (userId: number, key: string) =>
  call(app, { method: 'POST', url: `/api/backoffice/applications/${userId}/fund`, headers: { ...auth(servicer), 'idempotency-key': key } });
const pull = (token: string, loanId: number, account: number, amount: number) =>
  call(app, {
    method: 'POST',
    url: '/api/create_pull_transaction',
    headers: { ...auth(token), 'idempotency-key': newKey() },
    payload: { card: { account, amount, loan_id: loanId } },
  });

/** The old loan's position on `date` from its stored schedule and every ledger entry. */
async function oldLoanPosition(loanId: number, date: IsoDate) {
  const [row] = await db().select().from(loans).where(eq(loans.id, loanId));
  return { row: row!, position: positionAsOf(scheduleOfRecord(row!), (await entriesOf(loanId)).map(toDomainEntry), date) };
}

/**
 * After the funding: the business date moves to the old loan's payoff date and the day's run sweeps credit
 * balances; the old loan is then closed_refinanced at exactly zero — nothing owed, no credit kept — and
 * what was refunded is no more than the borrower paid beyond the payoff.
 */
async function expectClosedAtZero(loanId: number, trailOf: () => Promise<string>) {
  const [payoff, ...more] = (await entriesOf(loanId)).filter((e) => e.kind === 'payoff');
  expect(more, await trailOf()).toEqual([]);
  const day = parseIsoDate(payoff!.effectiveDate);
  if (day > (await businessToday(app.ctx))) await setBusinessDate(day);
  await runDailyServicing(app.ctx, { from: day, through: day });
  const { row, position } = await oldLoanPosition(loanId, day);
  expect(row.status, await trailOf()).toBe('closed_refinanced');
  expect(position, await trailOf()).toMatchObject({ outstandingCents: 0, unappliedCents: 0 });
  return (await entriesOf(loanId)).filter((e) => e.kind === 'refund').reduce((s, e) => s + e.amountCents, 0);
}
const trailOf = (loanId: number) => async () => JSON.stringify((await entriesOf(loanId)).map((e) => [e.kind, e.amountCents, e.effectiveDate]));

describe('refinance payoff racing the borrower’s payments on the old loan', () => {
  it('funding in parallel with 10 card payments of $10 on the old loan: one new loan, and the old loan ends at exactly 0 (closed_refinanced, what was paid beyond the payoff refunded)', async () => {
    const who = await approvedRefinance();
    const card = await saveCard(app, who.token, '4242424242424242');
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
    const card = await saveCard(app, who.token, '4242424242424242');
    // The card payment lands while the funding sends its credit (after refinancePayoff read the old loan).
    const send = app.ctx.providers.ach.originateCredit.bind(app.ctx.providers.ach);
    let paid: Awaited<ReturnType<typeof pull>> | null = null;
    const spy = vi.spyOn(app.ctx.providers.ach, 'originateCredit').mockImplementation(async (entry) => {
      if (entry.idempotencyKey.startsWith('fund-application-') && paid === null) paid = await pull(who.token, who.loan.id, card, 1000);
      return send(entry);
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
