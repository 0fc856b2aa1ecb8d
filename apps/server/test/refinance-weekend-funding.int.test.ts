/**
 * A refinance funded on a day the banks are closed (docs/referral-and-refinance.md, docs/servicing.md): the
 * business date is a Saturday, or a Federal Reserve holiday (domain/calendar.ts), when the servicer funds.
 * The old loan is paid off from the new loan's proceeds with the payoff quoted for the funding date, and then:
 * - the old loan is closed_refinanced with nothing owed and nothing unapplied on the ledger, one payoff entry
 *   equal to the quote, no refund; the borrower's loan history, the servicer's page, the payment history
 *   and the ledger agree on it (owed 0, paid = what the ledger holds);
 * - the new loan's credit = amount − fee not financed − payoff, its ledger holds the full proceeds once, and
 *   the borrower's figures, the servicer's and the ledger agree on it (expectFiguresAgree);
 * - 20 parallel funding calls (distinct keys) open one loan and pay the old loan off once.
 */
import type { TLoanTerms } from '@payrail/contract/application';
import type { TFundResponse } from '@payrail/contract/backoffice';
import type { TLoanHistoryResponse, TPaymentHistoryResponse, TPayoffResponse } from '@payrail/contract/servicing';
import type { TLoanServicingResponse } from '@payrail/contract/servicing-backoffice';
import { isBusinessDay, isFederalReserveHoliday } from '@payrail/domain/calendar';
import { addDays, dayOfWeek, parseIsoDate } from '@payrail/domain/dates';
import type { IsoDate } from '@payrail/domain/dates';
import { cents } from '@payrail/domain/money';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disbursements, loans } from '../src/db/schema/index';
import { businessToday } from '../src/lib/business-clock';
import { get } from './application-helpers';
import { auth, call } from './identity-helpers';
import { fundedBorrower } from './servicing-helpers';
import type { FundedBorrower } from './servicing-helpers';
import { signedRefinance } from './support/refinance-kit';
import { ledgerTrail, moneyApp, nextBusiness, nextOrSame, nextSaturday } from './support/money-kit';

const money = moneyApp({ keyPrefix: 'refi-weekend', staff: ['servicer', 'underwriter'] });
beforeAll(money.setup, 240_000);
afterAll(money.teardown);
const { app, db, setBusinessDate, entriesOf, ledgerOn, fund, servicer, underwriter } = money;

/** The first Federal Reserve holiday after `d` that falls on a weekday (a closed bank on a working day). */
function nextWeekdayHoliday(d: IsoDate): IsoDate {
  let n = addDays(d, 1);
  while (!(isFederalReserveHoliday(n) && dayOfWeek(n) !== 0 && dayOfWeek(n) !== 6)) n = addDays(n, 1);
  return n;
}

/**
 * A funded borrower who repaid 65 % of the note (eligible to refinance) and whose refinance is approved and
 * signed on the business day `dayOf` the old loan's disbursement date (default: five days after, or the next
 * business day); the terms chosen (the smallest amount).
 */
async function approvedRefinance(
  tag: string,
  dayOf: (disbursed: IsoDate) => IsoDate = (disbursed) => nextOrSame(addDays(disbursed, 5)),
): Promise<{ who: FundedBorrower; chosen: TLoanTerms; repaidCents: number }> {
  await setBusinessDate(null);
  const who = await fundedBorrower(app());
  const day = dayOf(parseIsoDate(who.loan.disbursement_date));
  expect(isBusinessDay(day)).toBe(true);
  await setBusinessDate(day);
  const repaidCents = Math.ceil(who.loan.note_principal * 0.65);
  await app().ctx.repos.loanBook.recordPayment({
    loanId: who.loan.id,
    kind: 'one_time_payment',
    effectiveDate: day,
    amountCents: cents(repaidCents),
    at: app().ctx.now(),
    idempotencyKey: `refi-weekend-repay-${tag}-${who.id}`,
  });
  const chosen = await signedRefinance(app(), who, underwriter());
  return { who, chosen, repaidCents };
}

/**
 * The payoff the funding on `date` pays: the old loan's ledger position on that day (as the note itemizes it,
 * prepare-note's `refinancePayoffOf`). The borrower's GET /{loanId}/payoff/{date} on a day the banks are closed
 * quotes the next business day instead (the day an ACH payoff asked for `date` would settle): it is checked
 * to say so, and to be no less than what the funding pays.
 */
async function fundingDayPayoff(who: FundedBorrower, date: IsoDate): Promise<number> {
  const owed = (await ledgerOn(who.loan.id, date)).position.outstandingCents;
  const res = await get(app(), who.token, `/api/${who.loan.id}/payoff/${date}`);
  expect(res.statusCode, res.body).toBe(200);
  const quote = res.json<TPayoffResponse>();
  expect(quote.date).toBe(nextBusiness(date));
  expect(quote.payoff_amount).toBe((await ledgerOn(who.loan.id, nextBusiness(date))).position.outstandingCents);
  expect(quote.payoff_amount).toBeGreaterThanOrEqual(owed);
  return owed;
}

/**
 * After the funding on `fundingDate` with the payoff `quoted`: the old loan is paid off once, exactly, and every
 * view of it agrees; the new loan's credit is the proceeds less the payoff; the new loan's figures agree.
 */
async function expectPaidOffOnce(o: {
  who: FundedBorrower;
  chosen: TLoanTerms;
  repaidCents: number;
  funded: TFundResponse;
  /** The payoff's date: the funding's business date, or the new note's disbursement date when that is later. */
  fundingDate: IsoDate;
  quoted: number;
}) {
  const { who, chosen, funded, fundingDate, quoted } = o;
  const entries = await entriesOf(who.loan.id);
  const trail = ledgerTrail(entries);
  // The old loan's ledger: one payoff of the quote, dated on the funding date; nothing refunded.
  expect(
    entries.filter((e) => e.kind === 'payoff').map((e) => [e.amountCents, e.effectiveDate]),
    trail,
  ).toEqual([[quoted, fundingDate]]);
  expect(
    entries.filter((e) => e.kind === 'refund'),
    trail,
  ).toEqual([]);
  const { row, position } = await ledgerOn(who.loan.id, fundingDate);
  expect(row.status, trail).toBe('closed_refinanced');
  expect(position, trail).toMatchObject({ outstandingCents: 0, principalCents: 0, unappliedCents: 0 });
  expect(position.paidCents, trail).toBe(o.repaidCents + quoted);

  // The borrower's history, the servicer's page and the payment history agree with the ledger.
  const history = (await get(app(), who.token, '/api/loans/history')).json<TLoanHistoryResponse>().loans;
  expect(history.map((l) => [l.id, l.loan_status])).toEqual([
    [funded.loan.id, 'opened'],
    [who.loan.id, 'closed_refinanced'],
  ]);
  expect(history[1]).toMatchObject({ outstanding_balance: 0, principal_balance: 0, paid_amount: position.paidCents });
  const desk = await call(app(), { url: `/api/backoffice/loans/${who.loan.id}/servicing`, headers: auth(servicer()) });
  expect(desk.statusCode, desk.body).toBe(200);
  expect(desk.json<TLoanServicingResponse>()).toMatchObject({ payoff_amount: 0, paid_total: position.paidCents });
  const payments = (await get(app(), who.token, `/api/loans/history/payments?loan_id=${who.loan.id}`)).json<TPaymentHistoryResponse>().payments;
  expect(payments.filter((p) => p.status === 'posted').reduce((sum, p) => sum + p.amount, 0)).toBe(position.paidCents);
  expect(payments.filter((p) => p.source === 'payoff').map((p) => p.amount)).toEqual([quoted]);

  // The new loan: one loan refinancing the old one; its credit = amount − fee not financed − payoff.
  const proceeds = chosen.amount - (chosen.fee_not_financed ? chosen.fee_amount : 0);
  expect((await db().select().from(loans).where(eq(loans.refinancesLoanId, who.loan.id))).map((l) => l.id)).toEqual([funded.loan.id]);
  const credits = await db().select().from(disbursements).where(eq(disbursements.loanId, funded.loan.id));
  expect(credits.map((c) => c.amountCents)).toEqual([proceeds - quoted]);
  expect(funded.disbursement.amount).toBe(proceeds - quoted);
  expect((await entriesOf(funded.loan.id)).map((e) => [e.kind, e.amountCents])).toEqual([['disbursement', proceeds]]);
  // What the new loan gave = what the old loan received + what the borrower received (+ the fee withheld).
  expect(quoted + credits[0]!.amountCents + (chosen.fee_not_financed ? chosen.fee_amount : 0)).toBe(chosen.amount);
  if ((await businessToday(app().ctx)) === fundingDate) await money.expectFiguresAgree({ ...who, loan: funded.loan }, fundingDate);

  // The days' runs from the business date through the payoff date (closed banks: no file goes out) leave
  // the old loan at exactly zero: no refund, no debit, no late fee.
  await money.runDays(await businessToday(app().ctx), fundingDate);
  const after = await ledgerOn(who.loan.id, fundingDate);
  expect(after.row.status).toBe('closed_refinanced');
  expect(after.position, ledgerTrail(await entriesOf(who.loan.id))).toMatchObject({ outstandingCents: 0, unappliedCents: 0, paidCents: position.paidCents });
  expect((await entriesOf(who.loan.id)).filter((e) => e.kind === 'refund')).toEqual([]);
}

describe('a refinance funded while the banks are closed', () => {
  it('on a Saturday, 20 parallel funding calls: one new loan, the old loan paid off once with the Saturday payoff, every figure agreeing', async () => {
    const { who, chosen, repaidCents } = await approvedRefinance('sat');
    const saturday = nextSaturday(await businessToday(app().ctx));
    expect(saturday > chosen.disbursement_date).toBe(true);
    await setBusinessDate(saturday);
    expect(await businessToday(app().ctx)).toBe(saturday);
    // The payoff for the funding date (the note's disbursement date has passed: the business date).
    const quoted = await fundingDayPayoff(who, saturday);
    expect(quoted).toBeGreaterThan(0);

    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => fund(who.id, `refi-weekend-sat-${who.id}-${i}`)));
    const ok = results.filter((r) => r.statusCode === 200);
    expect(
      ok.map((r) => r.statusCode),
      results.map((r) => `${r.statusCode} ${r.body}`).join('\n'),
    ).toEqual([200]);
    expect(results.filter((r) => r.statusCode !== 200).map((r) => r.statusCode)).toEqual(Array(19).fill(409));
    const funded = ok[0]!.json<TFundResponse>();
    await expectPaidOffOnce({ who, chosen, repaidCents, funded, fundingDate: saturday, quoted });
    // Another call, after all: still one payoff.
    expect((await fund(who.id, `refi-weekend-sat-late-${who.id}`)).statusCode).toBe(409);
    expect((await entriesOf(who.loan.id)).filter((e) => e.kind === 'payoff')).toHaveLength(1);
  });

  it('on a bank holiday (a weekday the Federal Reserve is closed): the old loan paid off with that day’s payoff, every figure agreeing', async () => {
    const { who, chosen, repaidCents } = await approvedRefinance('hol');
    const holiday = nextWeekdayHoliday(await businessToday(app().ctx));
    expect(isBusinessDay(holiday)).toBe(false);
    await setBusinessDate(holiday);
    const quoted = await fundingDayPayoff(who, holiday);
    expect(quoted).toBeGreaterThan(0);
    const key = `refi-weekend-hol-${who.id}`;
    const first = await fund(who.id, key);
    expect(first.statusCode, first.body).toBe(200);
    const funded = first.json<TFundResponse>();
    // The same call again (a retry on its key) answers the same loan and pays nothing more.
    const again = await fund(who.id, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<TFundResponse>().loan.id).toBe(funded.loan.id);
    await expectPaidOffOnce({ who, chosen, repaidCents, funded, fundingDate: holiday, quoted });
  });

  it('on a Saturday before the new note’s disbursement date (a Monday): the payoff is Monday’s, dated Monday, and the old loan ends at exactly zero', async () => {
    // Signed on a Friday: the new note is dated the next business day, the Monday after the Saturday funding.
    const friday = (disbursed: IsoDate) => {
      let d = addDays(disbursed, 1);
      while (!(dayOfWeek(d) === 5 && isBusinessDay(d) && isBusinessDay(addDays(d, 3)))) d = addDays(d, 1);
      return d;
    };
    const { who, chosen, repaidCents } = await approvedRefinance('ahead', friday);
    const saturday = addDays(await businessToday(app().ctx), 1);
    expect(dayOfWeek(saturday)).toBe(6);
    expect(chosen.disbursement_date).toBe(addDays(saturday, 2));
    const monday = parseIsoDate(chosen.disbursement_date);
    await setBusinessDate(saturday);
    const quoted = (await ledgerOn(who.loan.id, monday)).position.outstandingCents;
    const res = await get(app(), who.token, `/api/${who.loan.id}/payoff/${saturday}`);
    expect(res.json<TPayoffResponse>()).toMatchObject({ date: monday, payoff_amount: quoted });
    const funding = await fund(who.id, `refi-weekend-ahead-${who.id}`);
    expect(funding.statusCode, funding.body).toBe(200);
    // Closed at once: the borrower's and the servicer's pages show nothing owed while the payoff is ahead.
    const history = (await get(app(), who.token, '/api/loans/history')).json<TLoanHistoryResponse>().loans;
    expect(history[1]).toMatchObject({ id: who.loan.id, loan_status: 'closed_refinanced', outstanding_balance: 0, principal_balance: 0 });
    await expectPaidOffOnce({ who, chosen, repaidCents, funded: funding.json<TFundResponse>(), fundingDate: monday, quoted });
    await money.expectFiguresAgree({ ...who, loan: funding.json<TFundResponse>().loan }, monday);
  });
});
