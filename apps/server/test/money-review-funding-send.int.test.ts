/**
 * Funding writes first and sends after (use-cases/fund-application.ts, sendFundingCredit): the loan, its
 * installments, its ledger's disbursement entry and the disbursement row commit in one transaction — the
 * loan `pending`, the disbursement unsent — and only then is the ACH credit sent, on the disbursement's id
 * as the originator's idempotency key, which opens the loan. Checked here: a failed open sends nothing; a
 * failed send leaves the loan pending with nothing collected on it and answers 503, and the credit is sent
 * once by the next fund calls (in parallel, any key) or the daily run; 20 concurrent fundings with 20 keys
 * open one loan and send one credit, with one e-mail.
 */
import type { TFundResponse } from '@payrail/contract/backoffice';
import type { TLoanServicingResponse } from '@payrail/contract/servicing-backoffice';
import { parseIsoDate } from '@payrail/domain/dates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { disbursements, loans, notifications } from '../src/db/schema/index';
import { UNSENT_TRACE_ID } from '../src/modules/loan-book/repository';
import { runDailyServicing } from '../src/modules/loan-book/use-cases/daily-run';
import { ALREADY_FUNDED, CREDIT_NOT_SENT, fundingCreditKey } from '../src/modules/loan-book/use-cases/fund-application';
import { auth, call, outbox } from './identity-helpers';
import { approvedAndSigned } from './servicing-helpers';
import { moneyApp } from './support/money-kit';

const money = moneyApp({ keyPrefix: 'review-fund-send' });
beforeAll(money.setup, 240_000);
afterAll(money.teardown);
const { app, db, setBusinessDate, entriesOf, txsOf, fund, servicer } = money;

const loansOf = (userId: number) => db().select().from(loans).where(eq(loans.userId, userId));
const disbursementsOf = (loanId: number) => db().select().from(disbursements).where(eq(disbursements.loanId, loanId));
/** The originator's calls for funding credits (its key is a disbursement's), and how many of them went out. */
const fundingCalls = (spy: { mock: { calls: [{ idempotencyKey: string }][] } }) =>
  spy.mock.calls.filter((c) => c[0].idempotencyKey.startsWith('disbursement-'));

describe('funding: the loan is written before its credit is sent', () => {
  it('20 fundings at once, each with its own Idempotency-Key: one loan, one credit on the disbursement key, one e-mail, the loan opened', async () => {
    await setBusinessDate(null);
    const who = await approvedAndSigned(app());
    const spy = vi.spyOn(app().ctx.providers.ach, 'originateCredit');
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => fund(who.id, `fund-send-twenty-${who.id}-${i}`)));
      const trail = JSON.stringify(answers.map((a) => [a.statusCode, a.body.slice(0, 100)]));
      // The key whose open committed answers the loan; every other key is refused as already funded (never a 5xx).
      expect(answers.filter((a) => a.statusCode === 200).length, trail).toBe(1);
      for (const a of answers.filter((x) => x.statusCode !== 200))
        expect([a.statusCode, a.json<{ error: string }>().error], trail).toEqual([409, ALREADY_FUNDED]);
      const [loan, ...more] = await loansOf(who.id);
      expect(more, trail).toEqual([]);
      const [d, ...moreCredits] = await disbursementsOf(loan!.id);
      expect(moreCredits, trail).toEqual([]);
      expect(
        fundingCalls(spy).map((c) => c[0].idempotencyKey),
        trail,
      ).toEqual([fundingCreditKey(d!.id)]);
      expect(fundingCalls(spy)[0]![0]).toMatchObject({ amountCents: d!.amountCents, traceNumber: d!.achTraceNumber });
      expect(loan!.status).toBe('opened');
      expect(d!.traceId).toMatch(/^SBX-/);
      expect(answers.find((x) => x.statusCode === 200)!.json<TFundResponse>()).toMatchObject({
        loan: { id: loan!.id, status: 'opened' },
        disbursement: { id: d!.id, trace_id: d!.traceId },
      });
      expect((await entriesOf(loan!.id)).map((e) => e.kind)).toEqual(['disbursement']);
      // The borrower is told once: one "funded" e-mail, one in-app notice.
      expect(
        (await outbox(app(), who.email)).filter((m) => m.subject === 'Your Payrail loan is funded'),
        trail,
      ).toHaveLength(1);
      const notices = await db().select().from(notifications).where(eq(notifications.userId, who.id));
      expect(
        notices.filter((n) => n.message.startsWith(`Your loan ${loan!.identifier} is funded`)),
        trail,
      ).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('the open fails: no credit is sent and nothing is written', async () => {
    await setBusinessDate(null);
    const who = await approvedAndSigned(app());
    const spy = vi.spyOn(app().ctx.providers.ach, 'originateCredit');
    const open = vi.spyOn(app().ctx.repos.loanBook, 'open').mockRejectedValueOnce(new Error('connection lost'));
    try {
      const res = await fund(who.id, `fund-send-open-fails-${who.id}`);
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
      expect(fundingCalls(spy)).toEqual([]);
      expect(spy).not.toHaveBeenCalled();
      expect(await loansOf(who.id)).toEqual([]);
    } finally {
      open.mockRestore();
      spy.mockRestore();
    }
    // Funding again works, and sends its one credit.
    const again = await fund(who.id, `fund-send-open-fails-${who.id}`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<TFundResponse>().loan.status).toBe('opened');
  });

  it('the credit send fails: 503, the loan pending with nothing to collect; 8 retries at once (two keys) send it once', async () => {
    await setBusinessDate(null);
    const who = await approvedAndSigned(app());
    const spy = vi.spyOn(app().ctx.providers.ach, 'originateCredit').mockRejectedValue(new Error('bank unreachable'));
    const key = `fund-send-fails-${who.id}`;
    try {
      const res = await fund(who.id, key);
      expect([res.statusCode, res.json<{ error: string }>().error]).toEqual([503, CREDIT_NOT_SENT]);
    } finally {
      spy.mockRestore();
    }
    const [loan] = await loansOf(who.id);
    expect(loan!.status).toBe('pending');
    const [unsent] = await disbursementsOf(loan!.id);
    expect(unsent).toMatchObject({ traceId: UNSENT_TRACE_ID, status: 'pending' });
    // The servicer sees the credit pending (never "settled": it was not sent), the loan pending.
    await setBusinessDate(loan!.firstPaymentDate);
    const desk = await call(app(), { url: `/api/backoffice/loans/${loan!.id}/servicing`, headers: auth(servicer()) });
    expect(desk.statusCode, desk.body).toBe(200);
    expect(desk.json<TLoanServicingResponse>()).toMatchObject({ loan: { status: 'pending' }, disbursements: [{ status: 'pending' }] });
    await setBusinessDate(null);

    const retry = vi.spyOn(app().ctx.providers.ach, 'originateCredit');
    try {
      const answers = await Promise.all([
        ...Array.from({ length: 4 }, () => fund(who.id, key)),
        ...Array.from({ length: 4 }, (_, i) => fund(who.id, `fund-send-fails-other-${who.id}-${i}`)),
      ]);
      const trail = JSON.stringify(answers.map((a) => [a.statusCode, a.body.slice(0, 100)]));
      for (const a of answers.slice(0, 4)) expect(a.statusCode, trail).toBe(200);
      for (const a of answers.slice(4)) expect([a.statusCode, a.json<{ error: string }>().error], trail).toEqual([409, ALREADY_FUNDED]);
      expect(
        fundingCalls(retry).map((c) => c[0].idempotencyKey),
        trail,
      ).toEqual([fundingCreditKey(unsent!.id)]);
    } finally {
      retry.mockRestore();
    }
    const [sent, ...more] = await disbursementsOf(loan!.id);
    expect(more).toEqual([]);
    expect(sent).toMatchObject({ id: unsent!.id, status: 'pending', traceId: expect.stringMatching(/^SBX-/) as unknown });
    expect((await loansOf(who.id))[0]!.status).toBe('opened');
    expect((await entriesOf(loan!.id)).map((e) => e.kind)).toEqual(['disbursement']);
    // The borrower is e-mailed once, by the call that sent the credit (not by the one whose send failed).
    expect((await outbox(app(), who.email)).filter((m) => m.subject === 'Your Payrail loan is funded')).toHaveLength(1);
  });

  it('a credit left unsent is sent by the daily run, once; nothing is debited while it waits', async () => {
    await setBusinessDate(null);
    const who = await approvedAndSigned(app());
    const failing = vi.spyOn(app().ctx.providers.ach, 'originateCredit').mockRejectedValue(new Error('bank unreachable'));
    try {
      expect((await fund(who.id, `fund-send-run-${who.id}`)).statusCode).toBe(503);
      const [loan] = await loansOf(who.id);
      // A daily run on its first payment date while the bank still fails: nothing is debited, the credit still unsent.
      await setBusinessDate(loan!.firstPaymentDate);
      await runDailyServicing(app().ctx, { from: parseIsoDate(loan!.firstPaymentDate), through: parseIsoDate(loan!.firstPaymentDate) });
      expect(await txsOf(loan!.id)).toEqual([]);
      expect((await disbursementsOf(loan!.id))[0]!.traceId).toBe(UNSENT_TRACE_ID);
      expect((await loansOf(who.id))[0]!.status).toBe('pending');
    } finally {
      failing.mockRestore();
      await setBusinessDate(null);
    }
    const [loan] = await loansOf(who.id);
    const spy = vi.spyOn(app().ctx.providers.ach, 'originateCredit');
    try {
      const today = parseIsoDate(loan!.disbursementDate);
      await setBusinessDate(today);
      await Promise.all([runDailyServicing(app().ctx, { from: today, through: today }), runDailyServicing(app().ctx, { from: today, through: today })]);
      const [d] = await disbursementsOf(loan!.id);
      expect(fundingCalls(spy).filter((c) => c[0].idempotencyKey === fundingCreditKey(d!.id))).toHaveLength(1);
      expect(d!.traceId).toMatch(/^SBX-/);
      expect((await loansOf(who.id))[0]!.status).toBe('opened');
    } finally {
      spy.mockRestore();
      await setBusinessDate(null);
    }
  });
});
