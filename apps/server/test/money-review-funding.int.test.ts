/**
 * Adversarial review of funding and of returned disbursements (docs/servicing-operations.md, "Returned
 * disbursements"): funding racing a cancel of the application, the bank's return of the credit uploaded
 * many times at once, re-disbursements racing cancels, returns of a loan already paid off, and payments
 * while the money has not arrived. Nothing is sent twice, nothing is owed on money never received, and
 * every answer is a 2xx or a clear 4xx.
 */
import type { TAchReturnsResponse, TLoanServicingResponse } from '@payrail/contract/servicing-backoffice';
import { SERVICING_BO_MSG } from '@payrail/contract/servicing-backoffice';
import { parseIsoDate } from '@payrail/domain/dates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { disbursements, loans, loanTransactions } from '../src/db/schema/index';
import { ALREADY_FUNDED, NOT_FUNDABLE } from '../src/modules/loan-book/use-cases/fund-application';
import { borrowerAtApplicationReview } from './application-helpers';
import { auth, call } from './identity-helpers';
import { addReceiverAccount, approvedAndSigned, receiverAccountRow, saveCard } from './servicing-helpers';
import type { FundedBorrower } from './servicing-helpers';
import { bankReturnFile } from './support/bank-return-file';
import { moneyApp } from './support/money-kit';

const money = moneyApp({ keyPrefix: 'review-fund', staff: ['servicer', 'underwriter'] });
beforeAll(money.setup, 240_000);
afterAll(money.teardown);
const { app, db, setBusinessDate, entriesOf, ledgerOn, borrower, fund, servicer, underwriter } = money;

const bo = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call(app(), { method, url: `/api/backoffice${url}`, headers: { ...auth(servicer()), ...headers }, ...(payload ? { payload } : {}) });
const cancelApplication = (userId: number) =>
  call(app(), { method: 'POST', url: `/api/backoffice/applications/${userId}/cancel`, headers: auth(underwriter()), payload: {} });
const upload = money.uploadReturns;
const redisburse = (loanId: number, key: string) => bo('POST', `/loans/${loanId}/redisburse`, undefined, { 'idempotency-key': key });
const cancelUndelivered = (loanId: number) => bo('POST', `/loans/${loanId}/cancel_undelivered`, { reason: 'No other account' });
const pull = (token: string, loanId: number, account: number, amount: number) => money.pull(token, { account, amount, loan_id: loanId });
const servicing = async (loanId: number) => {
  const res = await bo('GET', `/loans/${loanId}/servicing`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TLoanServicingResponse>();
};
const rowOf = async (loanId: number) => (await db().select().from(loans).where(eq(loans.id, loanId)))[0]!;

/** The bank's return (R03) of the loan's credit in force, as a return file. */
async function creditReturn(who: FundedBorrower, code = 'R03', amountDelta = 0) {
  const d = (await servicing(who.loan.id)).disbursements.at(-1)!;
  return bankReturnFile([{ trace: d.trace_number!, code, amountCents: d.amount + amountDelta, individualId: who.loan.identifier }], {
    of: 'credits',
    on: who.loan.disbursement_date,
  });
}

describe('funding racing a cancel of the application', () => {
  it('a fund and a cancel at once, three times: a loan is opened only for an application that is not canceled; refused funding writes nothing', async () => {
    for (let i = 0; i < 3; i += 1) {
      await setBusinessDate(null);
      const who = await approvedAndSigned(app());
      const [funded, canceled] = await Promise.all([fund(who.id, `review-fund-race-${who.id}`), cancelApplication(who.id)]);
      expect([200, 409, 422], funded.body).toContain(funded.statusCode);
      expect([200, 409, 422], canceled.body).toContain(canceled.statusCode);
      const opened = await db().select().from(loans).where(eq(loans.userId, who.id));
      const application = await app().ctx.hooks.loanBook.fundingApplication(app().ctx, who.id);
      const trail = JSON.stringify({ funded: [funded.statusCode, funded.body], canceled: [canceled.statusCode, canceled.body], outcome: application?.outcome });
      // Never both: an opened loan of a canceled application is money sent for a loan nobody agreed to keep.
      expect(funded.statusCode === 200 && canceled.statusCode === 200, trail).toBe(false);
      if (funded.statusCode === 200) expect(opened, trail).toHaveLength(1);
      else expect(opened, trail).toEqual([]);
    }
  }, 120_000);

  it('an application canceled before its approval cannot be funded (409), nothing written; an approved one cannot be canceled (422)', async () => {
    await setBusinessDate(null);
    const who = await borrowerAtApplicationReview(app());
    await addReceiverAccount(app(), who.id);
    const canceled = await cancelApplication(who.id);
    expect(canceled.statusCode, canceled.body).toBe(200);
    const res = await fund(who.id, `review-fund-canceled-${who.id}`);
    expect([res.statusCode, res.json<{ error: string }>().error]).toEqual([409, NOT_FUNDABLE]);
    expect(await db().select().from(loans).where(eq(loans.userId, who.id))).toEqual([]);
    const approved = await approvedAndSigned(app());
    const refused = await cancelApplication(approved.id);
    expect(refused.statusCode, refused.body).toBe(422);
  }, 120_000);

  it('20 fundings of one application with 20 keys: one loan, one credit; the others 409 already funded', async () => {
    await setBusinessDate(null);
    const who = await approvedAndSigned(app());
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => fund(who.id, `review-fund-many-${who.id}-${i}`)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) expect([a.statusCode, a.json<{ error: string }>().error]).toEqual([409, ALREADY_FUNDED]);
    const [loan] = await db().select().from(loans).where(eq(loans.userId, who.id));
    expect(await db().select().from(disbursements).where(eq(disbursements.loanId, loan!.id))).toHaveLength(1);
    expect((await entriesOf(loan!.id)).map((e) => e.kind)).toEqual(['disbursement']);
  });
});

describe('a returned disbursement under attack', () => {
  it('the return file uploaded 10 times at once: applied once, the other answers are duplicates', async () => {
    const who = await borrower();
    const file = await creditReturn(who);
    const answers = await Promise.all(Array.from({ length: 10 }, () => upload(file)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const bodies = answers.map((a) => a.json<TAchReturnsResponse>());
    expect(bodies.reduce((s, b) => s + b.applied.length, 0)).toBe(1);
    expect(bodies.reduce((s, b) => s + b.duplicates.length, 0)).toBe(9);
    expect((await rowOf(who.loan.id)).status).toBe('pending');
    expect((await db().select().from(disbursements).where(eq(disbursements.loanId, who.loan.id))).map((d) => d.status)).toEqual(['returned']);
  });

  it('while the money has not arrived: card payments are refused and nothing is owed to collect', async () => {
    const who = await borrower();
    expect((await upload(await creditReturn(who))).json<TAchReturnsResponse>().applied).toHaveLength(1);
    const card = await saveCard(app(), who.token, '4242424242424242');
    const answers = await Promise.all(Array.from({ length: 10 }, () => pull(who.token, who.loan.id, card, 1000)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(422);
    expect(await db().select().from(loanTransactions).where(eq(loanTransactions.loanId, who.loan.id))).toEqual([]);
    expect((await entriesOf(who.loan.id)).map((e) => e.kind)).toEqual(['disbursement']);
  });

  it('10 re-disbursements (10 keys) racing 5 cancels: exactly one of them wins, one credit is sent, and the ledger says the same', async () => {
    const who = await borrower();
    expect((await upload(await creditReturn(who))).json<TAchReturnsResponse>().applied).toHaveLength(1);
    await app().ctx.repos.banking.replaceReceiver(await receiverAccountRow(app(), who.id, '000987654321'), null);
    const spy = vi.spyOn(app().ctx.providers.ach, 'originateCredit');
    try {
      const answers = await Promise.all([
        ...Array.from({ length: 10 }, (_, i) => redisburse(who.loan.id, `review-redisburse-${who.loan.id}-${i}`)),
        ...Array.from({ length: 5 }, () => cancelUndelivered(who.loan.id)),
      ]);
      for (const a of answers) expect([200, 409], a.body).toContain(a.statusCode);
      const resent = answers.slice(0, 10).filter((a) => a.statusCode === 200);
      const canceled = answers.slice(10).filter((a) => a.statusCode === 200);
      const sent = spy.mock.calls.filter((c) => c[0].idempotencyKey.startsWith('redisburse-'));
      const rows = await db().select().from(disbursements).where(eq(disbursements.loanId, who.loan.id));
      const trail = JSON.stringify({ answers: answers.map((a) => [a.statusCode, a.body.slice(0, 120)]), rows: rows.map((d) => [d.status, d.retryOfId]) });
      expect(resent.length > 0 && canceled.length > 0, trail).toBe(false);
      expect(resent.length <= 1, trail).toBe(true);
      for (const a of answers.filter((x) => x.statusCode === 409))
        expect([SERVICING_BO_MSG.notWaitingForMoney, SERVICING_BO_MSG.cancelPaymentsHeld], trail).toContain(a.json<{ error: string }>().error);
      const today = parseIsoDate(who.loan.disbursement_date);
      if (resent.length === 1) {
        expect(sent, trail).toHaveLength(1);
        expect(rows, trail).toHaveLength(2);
        expect((await rowOf(who.loan.id)).status).toBe('opened');
        expect((await entriesOf(who.loan.id)).map((e) => e.kind)).toEqual(['disbursement']);
      } else {
        expect(canceled.length, trail).toBeGreaterThan(0);
        expect(sent, trail).toEqual([]);
        expect(rows, trail).toHaveLength(1);
        expect((await rowOf(who.loan.id)).status).toBe('closed_paid');
        expect((await entriesOf(who.loan.id)).map((e) => e.kind)).toEqual(['disbursement', 'reversal']);
        expect((await ledgerOn(who.loan.id, today)).position.outstandingCents).toBe(0);
      }
      // The return of the returned credit uploaded again changes nothing (a duplicate).
      const d = rows.find((x) => x.status === 'returned')!;
      const again = await upload(
        bankReturnFile([{ trace: d.achTraceNumber!, code: 'R03', amountCents: d.amountCents, individualId: who.loan.identifier }], {
          of: 'credits',
          on: who.loan.disbursement_date,
        }),
      );
      expect(again.json<TAchReturnsResponse>()).toMatchObject({ applied: [], duplicates: [expect.anything()] });
    } finally {
      spy.mockRestore();
    }
  });

  it('a return of a loan already paid off, or of another amount: reported unmatched, nothing written', async () => {
    const who = await borrower();
    const card = await saveCard(app(), who.token, '4242424242424242');
    // A card payment is taken today (the business date, the disbursement day): it pays off with TODAY's payoff.
    // Not GET /payoff/{today}: that quotes the day money moves by ACH, the next business day once today's daily
    // run went out — which another file sharing this worker's database may have done (a day more of interest).
    const payoff = (await ledgerOn(who.loan.id, parseIsoDate(who.loan.disbursement_date))).position.outstandingCents;
    const wrongAmount = await upload(await creditReturn(who, 'R03', 1));
    expect(wrongAmount.json<TAchReturnsResponse>()).toMatchObject({ applied: [], unmatched: [expect.anything()] });
    const paidOff = await pull(who.token, who.loan.id, card, payoff);
    expect(paidOff.statusCode, paidOff.body).toBe(200);
    expect((await rowOf(who.loan.id)).status).toBe('closed_paid');
    const before = await entriesOf(who.loan.id);
    const res = await upload(await creditReturn(who));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TAchReturnsResponse>()).toMatchObject({ applied: [], unmatched: [expect.anything()] });
    expect((await rowOf(who.loan.id)).status).toBe('closed_paid');
    expect(await entriesOf(who.loan.id)).toEqual(before);
    expect((await db().select().from(disbursements).where(eq(disbursements.loanId, who.loan.id))).map((d) => d.status)).not.toContain('returned');
  });
});
