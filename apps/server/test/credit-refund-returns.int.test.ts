/**
 * A credit-balance refund the borrower's bank returns (a return of our ACH credit, code 21, quoting the trace
 * number reserved for the refund): the bank's return file reverses the `refund` entry once, so the credit is
 * back on the loan and the borrower told; the credit is held, not sent again to the account that returned it
 * (the daily run's sweep, a later refund call, the servicer's refund action — which answers `returned`), until
 * another account is on file; a re-upload and parallel uploads of the same file apply it once. Runs on PGlite
 * and, with TEST_DB=postgres, on PostgreSQL (where the uploads really run in parallel transactions).
 */
import { SERVICING_BO_MSG } from '@payrail/contract/servicing-backoffice';
import type { TAchReturnsResponse, TRefundCreditResponse } from '@payrail/contract/servicing-backoffice';
import { addDays, dayOfWeek, parseIsoDate } from '@payrail/domain/dates';
import type { IsoDate } from '@payrail/domain/dates';
import { cents } from '@payrail/domain/money';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { achCreditTraceNumbers, bankAccounts, notifications } from '../src/db/schema/index';
import { creditRefundKey, refundCreditBalance } from '../src/modules/loan-book/use-cases/refund-credit-balance';
import { refundReturnedNotice } from '../src/modules/loan-book/use-cases/refund-returns';
import { auth, call, outbox } from './identity-helpers';
import { addReceiverAccount } from './servicing-helpers';
import { bankReturnFile } from './support/bank-return-file';
import { moneyApp, nextBusiness } from './support/money-kit';
import type { FundedBorrower } from './servicing-helpers';

const money = moneyApp({ keyPrefix: 'refund-return' });
beforeAll(money.setup, 240_000);
afterAll(money.teardown);
const { app, db, entriesOf, ledgerOn, borrower, uploadReturns, runDays, expectFiguresAgree } = money;

/** The first Saturday after `d`. */
const saturdayAfter = (d: IsoDate): IsoDate => {
  let n = addDays(d, 1);
  while (dayOfWeek(n) !== 6) n = addDays(n, 1);
  return n;
};

const SUBJECT = 'Your Payrail refund came back from your bank';
const CREDIT = 654;

/** A funded borrower whose loan received `CREDIT` cents beyond its payoff, refunded by ACH credit: the refund's entry and trace number. */
async function refundedByAch(who: FundedBorrower) {
  const loanId = who.loan.id;
  const on = parseIsoDate(who.loan.disbursement_date);
  const payoff = (await ledgerOn(loanId, on)).position.outstandingCents;
  await app().ctx.repos.loanBook.recordPayment({
    loanId,
    kind: 'payroll_remittance',
    effectiveDate: on,
    amountCents: cents(payoff + CREDIT),
    idempotencyKey: `refund-return-credit-${String(loanId)}`,
    at: app().ctx.now(),
  });
  const outcome = await refundCreditBalance(app().ctx, loanId, 'test');
  expect(outcome.refunds).toEqual([expect.objectContaining({ channel: 'ach', amountCents: CREDIT })]);
  const key = `payrail-refund:${creditRefundKey(loanId, 1)}`;
  const [reserved] = await db().select().from(achCreditTraceNumbers).where(eq(achCreditTraceNumbers.idempotencyKey, key));
  const entry = (await entriesOf(loanId)).find((e) => e.idempotencyKey === creditRefundKey(loanId, 1))!;
  return { on, trace: reserved!.traceNumber, entry };
}

const returnFile = (who: FundedBorrower, trace: string, amountCents: number, on: string) =>
  bankReturnFile([{ trace, code: 'R03', amountCents }], { of: 'credits', on, individualId: who.loan.identifier });
const noticesOf = async (userId: number) =>
  (await db().select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.message).filter((m) => m.includes('came back from your bank'));

describe('a returned credit-balance refund', { timeout: 240_000 }, () => {
  it('puts the credit back once, tells the borrower, holds it from the same account; a re-upload is a duplicate; a new account gets it', async () => {
    const who = await borrower();
    const loanId = who.loan.id;
    const { on, trace, entry } = await refundedByAch(who);
    expect((await ledgerOn(loanId, on)).position.unappliedCents).toBe(0);

    // A return for another amount is not this refund's.
    const wrong = (await uploadReturns(returnFile(who, trace, CREDIT + 1, on))).json<TAchReturnsResponse>();
    expect(wrong).toMatchObject({
      applied: [],
      duplicates: [],
      unmatched: [{ original_trace: trace, reason: SERVICING_BO_MSG.returnAmountDiffers(CREDIT, CREDIT + 1) }],
    });

    const file = returnFile(who, trace, CREDIT, on);
    const res = await uploadReturns(file);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TAchReturnsResponse>();
    expect(body).toMatchObject({ unmatched: [], duplicates: [], referral_payouts: [] });
    expect(body.applied).toEqual([
      expect.objectContaining({
        original_trace: trace,
        return_code: 'R03',
        amount: CREDIT,
        loan_id: loanId,
        loan_identifier: who.loan.identifier,
        transaction_id: null,
        refund_entry_id: entry.id,
        returned_on: on,
      }),
    ]);
    const reversals = (await entriesOf(loanId)).filter((e) => e.kind === 'reversal');
    expect(reversals).toEqual([
      expect.objectContaining({ reversesEntryId: entry.id, amountCents: CREDIT, reasonCode: 'R03', idempotencyKey: `reversal:${String(entry.id)}` }),
    ]);
    const { row, position } = await ledgerOn(loanId, on);
    expect(position).toMatchObject({ unappliedCents: CREDIT, outstandingCents: 0, refundOwedCents: 0 });
    expect(row.status).toBe('closed_paid');
    const account = await app().ctx.repos.banking.currentReceiver(who.id);
    const message = refundReturnedNotice(CREDIT, who.loan.identifier, account!.accountNumberLast4, 'R03');
    expect(message).toContain(`to your bank account ending ${account!.accountNumberLast4!}`);
    expect(await noticesOf(who.id)).toEqual([message]);
    expect((await outbox(app(), who.email)).filter((m) => m.subject === SUBJECT)).toHaveLength(1);

    // Not sent again to the account that returned it: a refund call, then the daily run's sweep, send nothing.
    const spy = vi.spyOn(app().ctx.providers.ach, 'originateCredit');
    // This loan's credits only: the daily run sweeps every loan of the database (other files' too, on PostgreSQL).
    const creditsOfThisLoan = () => spy.mock.calls.map((c) => c[0]).filter((c) => c.individualId === who.loan.identifier);
    try {
      expect(await refundCreditBalance(app().ctx, loanId, 'again')).toMatchObject({ creditCents: CREDIT, refunds: [], leftCents: CREDIT, held: 'returned' });
      // The servicer's refund action answers the same hold, in its own words, and sends nothing.
      const asked = await call(app(), {
        method: 'POST',
        url: `/api/backoffice/loans/${String(loanId)}/refund_credit`,
        headers: auth(money.servicer()),
        payload: { reason: 'Borrower called about the refund' },
      });
      expect(asked.statusCode, asked.body).toBe(200);
      expect(asked.json<TRefundCreditResponse>()).toMatchObject({ credit_balance: CREDIT, refunds: [], left: CREDIT, held: 'returned' });
      await runDays(addDays(on, 1), nextBusiness(on));
      expect(creditsOfThisLoan()).toEqual([]);
      expect((await entriesOf(loanId)).filter((e) => e.kind === 'refund')).toHaveLength(1);
      // The borrower's page, the servicer's and the ledger agree while the credit is held: on a business day and on
      // the weekend after it (nothing sent by those days' runs either).
      await expectFiguresAgree(who, nextBusiness(on));
      const saturday = saturdayAfter(nextBusiness(on));
      await runDays(addDays(nextBusiness(on), 1), saturday);
      expect(creditsOfThisLoan()).toEqual([]);
      expect((await expectFiguresAgree(who, saturday)).position).toMatchObject({ unappliedCents: CREDIT, outstandingCents: 0, refundOwedCents: 0 });

      // The same file again: a duplicate, nothing moves, nobody is told twice.
      const before = await entriesOf(loanId);
      const again = (await uploadReturns(file)).json<TAchReturnsResponse>();
      expect(again).toMatchObject({ applied: [], unmatched: [] });
      expect(again.duplicates).toEqual([expect.objectContaining({ loan_id: loanId, transaction_id: null, refund_entry_id: entry.id, returned_on: on })]);
      expect(await entriesOf(loanId)).toEqual(before);
      expect(await noticesOf(who.id)).toHaveLength(1);
      expect((await outbox(app(), who.email)).filter((m) => m.subject === SUBJECT)).toHaveLength(1);

      // A different verified account on file: the credit goes there, under the next refund's key and number.
      await db()
        .update(bankAccounts)
        .set({ archivedAt: app().ctx.now() })
        .where(and(eq(bankAccounts.userId, who.id), eq(bankAccounts.usage, 'receiver'), isNull(bankAccounts.archivedAt)));
      const newAccount = await addReceiverAccount(app(), who.id, '000777000111');
      const sent = await refundCreditBalance(app().ctx, loanId, 'to the new account');
      expect(sent).toMatchObject({
        refunds: [expect.objectContaining({ channel: 'ach', amountCents: CREDIT, idempotencyKey: creditRefundKey(loanId, 2) })],
        held: null,
      });
      expect(creditsOfThisLoan()).toEqual([expect.objectContaining({ amountCents: CREDIT, idempotencyKey: `payrail-refund:${creditRefundKey(loanId, 2)}` })]);
      expect((await entriesOf(loanId)).filter((e) => e.kind === 'refund').at(-1)).toMatchObject({ reasonCode: `ach:${String(newAccount)}` });
      expect((await expectFiguresAgree(who, nextBusiness(saturday))).position).toMatchObject({ unappliedCents: 0, outstandingCents: 0 });
    } finally {
      spy.mockRestore();
    }
  });

  it('the same return file uploaded 20 times in parallel applies once: one reversal, one notice, the others duplicates', async () => {
    const who = await borrower();
    const loanId = who.loan.id;
    const { on, trace, entry } = await refundedByAch(who);
    const file = returnFile(who, trace, CREDIT, on);
    const answers = await Promise.all(Array.from({ length: 20 }, () => uploadReturns(file)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const bodies = answers.map((a) => a.json<TAchReturnsResponse>());
    expect(bodies.flatMap((b) => b.applied).map((a) => a.refund_entry_id)).toEqual([entry.id]);
    expect(bodies.flatMap((b) => b.duplicates).map((d) => d.refund_entry_id)).toEqual(Array.from({ length: 19 }, () => entry.id));
    expect(bodies.flatMap((b) => b.unmatched)).toEqual([]);
    expect((await entriesOf(loanId)).filter((e) => e.kind === 'reversal')).toEqual([
      expect.objectContaining({ reversesEntryId: entry.id, amountCents: CREDIT }),
    ]);
    expect((await ledgerOn(loanId, on)).position.unappliedCents).toBe(CREDIT);
    expect(await noticesOf(who.id)).toHaveLength(1);
    expect((await outbox(app(), who.email)).filter((m) => m.subject === SUBJECT)).toHaveLength(1);
  });
});
