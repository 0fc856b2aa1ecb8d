/**
 * Cancelling a loan whose funding credit was never sent (docs/servicing-operations.md, "A funding credit
 * never sent"): the funding's send failed, so the loan is `pending` and its disbursement unsent. A servicer
 * may cancel it (POST /api/backoffice/loans/:loanId/cancel_unsent) instead of letting the next fund call or
 * the daily run send it. The cancel and the send both run under the loan's row lock and re-check the
 * credit there, so racing each other they never both happen: either the credit was sent and the loan is
 * not canceled, or the loan is canceled and the credit is never sent. Both databases (TEST_DB=postgres).
 */
import type { TLastLoanResponse } from '@payrail/contract/servicing';
import type { TLoanServicingResponse } from '@payrail/contract/servicing-backoffice';
import { SERVICING_BO_MSG } from '@payrail/contract/servicing-backoffice';
import { parseIsoDate } from '@payrail/domain/dates';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { autoDebitAuthorizations, disbursements, loans, notifications, staffActions } from '../src/db/schema/index';
import { UNSENT_TRACE_ID } from '../src/modules/loan-book/repository';
import { runDailyServicing } from '../src/modules/loan-book/use-cases/daily-run';
import { DISBURSEMENT_NOTICE } from '../src/modules/loan-book/use-cases/disbursement-returns';
import { ALREADY_FUNDED, CREDIT_NOT_SENT, LOAN_CANCELED_UNSENT, fundingCreditKey } from '../src/modules/loan-book/use-cases/fund-application';
import { expectSnapshotsMatchContract } from './audit-helpers';
import { auth, call, outbox } from './identity-helpers';
import { approvedAndSigned, fundedBorrower } from './servicing-helpers';
import { bankReturnFile } from './support/bank-return-file';
import { moneyApp } from './support/money-kit';

const money = moneyApp({ keyPrefix: 'cancel-unsent', staff: ['servicer', 'underwriter'] });
beforeAll(money.setup, 240_000);
afterAll(money.teardown);
const { app, db, setBusinessDate, entriesOf, txsOf, fund, servicer, underwriter } = money;

const loanOf = async (userId: number) => (await db().select().from(loans).where(eq(loans.userId, userId)))[0]!;
const creditsOf = (loanId: number) => db().select().from(disbursements).where(eq(disbursements.loanId, loanId));
const cancelUnsent = (loanId: number, payload: Record<string, unknown> = { reason: 'Borrower withdrew before the money went out' }, token = servicer()) =>
  call(app(), { method: 'POST', url: `/api/backoffice/loans/${loanId}/cancel_unsent`, headers: auth(token), payload });
const servicing = async (loanId: number) => {
  const res = await call(app(), { url: `/api/backoffice/loans/${loanId}/servicing`, headers: auth(servicer()) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TLoanServicingResponse>();
};
/** The originator's calls for this loan's funding credit. */
const creditCalls = (spy: { mock: { calls: [{ idempotencyKey: string }][] } }, disbursementId: number) =>
  spy.mock.calls.filter((c) => c[0].idempotencyKey === fundingCreditKey(disbursementId));
const canceledAudits = async (userId: number) =>
  db()
    .select()
    .from(staffActions)
    .where(and(eq(staffActions.action, 'loan_canceled_unsent'), eq(staffActions.targetUserId, userId)));

/** An approved, signed application funded while the bank cannot be reached: the loan written, pending, its credit unsent. */
async function unsentLoan(key: string) {
  await setBusinessDate(null);
  const who = await approvedAndSigned(app());
  const failing = vi.spyOn(app().ctx.providers.ach, 'originateCredit').mockRejectedValue(new Error('bank unreachable'));
  try {
    const res = await fund(who.id, `${key}-${who.id}`);
    expect([res.statusCode, res.json<{ error: string }>().error]).toEqual([503, CREDIT_NOT_SENT]);
  } finally {
    failing.mockRestore();
  }
  const loan = await loanOf(who.id);
  const [credit] = await creditsOf(loan.id);
  expect(loan.status).toBe('pending');
  expect(credit).toMatchObject({ traceId: UNSENT_TRACE_ID, status: 'pending' });
  return { who, loan, credit: credit!, key: `${key}-${who.id}` };
}

describe('cancelling a loan whose funding credit was never sent', () => {
  it('closes it with nothing owed, never sends the credit, tells the borrower once, and is audited; fund calls and the daily run then send nothing', async () => {
    const { who, loan, credit, key } = await unsentLoan('cancel-unsent-one');
    expect(await servicing(loan.id)).toMatchObject({
      credit_unsent: true,
      disbursement_returned: false,
      disbursements: [{ id: credit.id, status: 'pending' }],
    });

    const spy = vi.spyOn(app().ctx.providers.ach, 'originateCredit');
    try {
      const res = await cancelUnsent(loan.id);
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json<{ servicing: TLoanServicingResponse }>().servicing;
      expect(answer).toMatchObject({
        loan: { status: 'closed_paid' },
        payoff_amount: 0,
        paid_total: 0,
        credit_unsent: false,
        auto_debit: null,
        disbursements: [{ id: credit.id, status: 'canceled', trace_id: UNSENT_TRACE_ID }],
      });
      const [disbursementEntry, reversal, ...more] = await entriesOf(loan.id);
      expect(more).toEqual([]);
      expect(disbursementEntry!.kind).toBe('disbursement');
      expect(reversal).toMatchObject({ kind: 'reversal', reversesEntryId: disbursementEntry!.id, amountCents: disbursementEntry!.amountCents });
      expect(reversal!.reason).toContain('Borrower withdrew before the money went out');
      // The borrower's record agrees: nothing owed.
      const mine = (await call(app(), { url: '/api/loans/last', headers: auth(who.token) })).json<TLastLoanResponse>().loan;
      expect(mine).toMatchObject({ loan_status: 'closed_paid', outstanding_balance: 0 });
      expect(
        await db()
          .select()
          .from(autoDebitAuthorizations)
          .where(and(eq(autoDebitAuthorizations.loanId, loan.id), isNull(autoDebitAuthorizations.revokedAt))),
      ).toEqual([]);
      const audits = await canceledAudits(who.id);
      expect(audits).toHaveLength(1);
      expect(audits[0]!.before).toMatchObject({ loan_id: loan.id, status: 'pending', disbursement_id: credit.id, amount_cents: credit.amountCents });
      expect(audits[0]!.after).toMatchObject({ status: 'closed_paid', reversal_entry_id: reversal!.id, reason: 'Borrower withdrew before the money went out' });
      // The snapshots are the contract's (the back office's audit log formats the amount from it).
      expect(await expectSnapshotsMatchContract(app())).toContain('loan_canceled_unsent');

      // A second call answers the canceled loan and writes nothing.
      const again = await cancelUnsent(loan.id);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json<{ servicing: TLoanServicingResponse }>().servicing.loan.status).toBe('closed_paid');
      expect(await entriesOf(loan.id)).toHaveLength(2);
      expect(await canceledAudits(who.id)).toHaveLength(1);
      const notes = (await db().select().from(notifications).where(eq(notifications.userId, who.id))).map((n) => n.message);
      expect(notes.filter((m) => m === DISBURSEMENT_NOTICE.canceledUnsent(loan.identifier))).toHaveLength(1);
      const mail = await outbox(app(), who.email);
      expect(mail.filter((m) => m.subject === 'Your loan is canceled')).toHaveLength(1);
      expect(mail.filter((m) => m.subject === 'Your Payrail loan is funded')).toEqual([]);

      // Funding again, by its key or another, sends nothing: a clear 409.
      for (const k of [key, `${key}-other`]) {
        const refused = await fund(who.id, k);
        expect([refused.statusCode, refused.json<{ error: string }>().error]).toEqual([409, LOAN_CANCELED_UNSENT]);
      }
      // The daily run no longer lists it; no debit is ever made on it.
      const first = parseIsoDate(loan.firstPaymentDate);
      await setBusinessDate(first);
      await runDailyServicing(app().ctx, { from: first, through: first });
      expect(spy).not.toHaveBeenCalled();
      expect(await txsOf(loan.id)).toEqual([]);
      expect(await loanOf(who.id)).toMatchObject({ status: 'closed_paid' });
      expect((await creditsOf(loan.id))[0]).toMatchObject({ status: 'canceled', traceId: UNSENT_TRACE_ID });
      // The returned-disbursement actions do not apply to it either.
      const undelivered = await call(app(), {
        method: 'POST',
        url: `/api/backoffice/loans/${loan.id}/cancel_undelivered`,
        headers: auth(servicer()),
        payload: { reason: 'Try the other cancel' },
      });
      expect([undelivered.statusCode, undelivered.json<{ error: string }>().error]).toEqual([409, SERVICING_BO_MSG.notWaitingForMoney]);
    } finally {
      spy.mockRestore();
      await setBusinessDate(null);
    }
  });

  it('refuses: a sent credit, a returned one, a refinance; bad input; roles — and writes nothing', async () => {
    // Sent and open: 409.
    const sent = await fundedBorrower(app());
    const res = await cancelUnsent(sent.loan.id);
    expect([res.statusCode, res.json<{ error: string }>().error]).toEqual([409, SERVICING_BO_MSG.notUnsent]);
    // Sent and returned by the bank (waiting for money): that loan has its own cancel, this one refuses.
    await setBusinessDate(sent.loan.disbursement_date);
    const [d] = await creditsOf(sent.loan.id);
    const returned = await money.uploadReturns(
      bankReturnFile([{ trace: d!.achTraceNumber!, code: 'R03', amountCents: d!.amountCents, individualId: sent.loan.identifier }], {
        of: 'credits',
        on: sent.loan.disbursement_date,
      }),
    );
    expect(returned.statusCode, returned.body).toBe(200);
    expect((await loanOf(sent.id)).status).toBe('pending');
    const onReturned = await cancelUnsent(sent.loan.id);
    expect([onReturned.statusCode, onReturned.json<{ error: string }>().error]).toEqual([409, SERVICING_BO_MSG.notUnsent]);
    expect((await entriesOf(sent.loan.id)).map((e) => e.kind)).toEqual(['disbursement']);
    await setBusinessDate(null);

    const { who, loan } = await unsentLoan('cancel-unsent-refused');
    // Bad input: 422, nothing written.
    for (const body of [{}, { reason: 'no' }, { reason: 'x'.repeat(501) }, { reason: 42 }]) {
      const bad = await cancelUnsent(loan.id, body);
      expect(bad.statusCode, bad.body).toBe(422);
    }
    expect((await cancelUnsent(999_999_999)).statusCode).toBe(404);
    // Roles: an underwriter reads but cannot cancel; a borrower or nobody cannot.
    expect((await cancelUnsent(loan.id, undefined, underwriter())).statusCode).toBe(403);
    expect((await call(app(), { method: 'POST', url: `/api/backoffice/loans/${loan.id}/cancel_unsent`, payload: { reason: 'Nobody' } })).statusCode).toBe(401);
    expect([401, 403]).toContain((await cancelUnsent(loan.id, undefined, who.token)).statusCode);
    // A refinance: its proceeds already paid the earlier loan off, so it is not canceled this way.
    await db().update(loans).set({ refinancesLoanId: sent.loan.id }).where(eq(loans.id, loan.id));
    try {
      const refi = await cancelUnsent(loan.id);
      expect([refi.statusCode, refi.json<{ error: string }>().error]).toEqual([409, SERVICING_BO_MSG.cancelUnsentRefinance]);
    } finally {
      await db().update(loans).set({ refinancesLoanId: null }).where(eq(loans.id, loan.id));
    }
    expect((await entriesOf(loan.id)).map((e) => e.kind)).toEqual(['disbursement']);
    expect(await loanOf(who.id)).toMatchObject({ status: 'pending' });
    expect((await creditsOf(loan.id))[0]).toMatchObject({ status: 'pending', traceId: UNSENT_TRACE_ID });
    expect(await canceledAudits(who.id)).toEqual([]);
  });
});

describe('a cancel racing the sends', () => {
  /** Either sent and not canceled, or canceled and never sent — whatever the order. */
  async function expectOneOutcome(
    { loanId, who, creditId }: { loanId: number; who: { id: number; email: string }; creditId: number },
    cancel: { statusCode: number; body: string },
    spy: { mock: { calls: [{ idempotencyKey: string }][] } },
    trail: string,
  ): Promise<'sent' | 'canceled'> {
    const userId = who.id;
    const loan = await loanOf(userId);
    const mail = await outbox(app(), who.email);
    const funded = mail.filter((m) => m.subject === 'Your Payrail loan is funded');
    const canceledMail = mail.filter((m) => m.subject === 'Your loan is canceled');
    const [credit, ...more] = await creditsOf(loanId);
    const kinds = (await entriesOf(loanId)).map((e) => e.kind);
    const calls = creditCalls(spy, creditId);
    const full = JSON.stringify({ trail, cancel: [cancel.statusCode, cancel.body.slice(0, 120)], loan: loan.status, credit, kinds, calls: calls.length });
    expect(more, full).toEqual([]);
    if (cancel.statusCode === 200) {
      expect(calls, full).toEqual([]);
      expect(loan.status, full).toBe('closed_paid');
      expect(credit, full).toMatchObject({ status: 'canceled', traceId: UNSENT_TRACE_ID });
      expect(kinds, full).toEqual(['disbursement', 'reversal']);
      expect(await canceledAudits(userId), full).toHaveLength(1);
      expect([funded.length, canceledMail.length], full).toEqual([0, 1]);
      return 'canceled';
    }
    expect([cancel.statusCode, (JSON.parse(cancel.body) as { error: string }).error], full).toEqual([409, SERVICING_BO_MSG.notUnsent]);
    expect(calls, full).toHaveLength(1);
    expect(loan.status, full).toBe('opened');
    expect(credit!.traceId, full).toMatch(/^SBX-/);
    expect(kinds, full).toEqual(['disbursement']);
    expect(await canceledAudits(userId), full).toEqual([]);
    expect([funded.length, canceledMail.length], full).toEqual([1, 0]);
    return 'sent';
  }

  it('a cancel against 10 parallel fund retries (its key and 9 others), 4 rounds: sent and not canceled, or canceled and never sent', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 4; round += 1) {
      const { who, loan, credit, key } = await unsentLoan(`cancel-unsent-race-${round}`);
      const spy = vi.spyOn(app().ctx.providers.ach, 'originateCredit');
      try {
        // Round 0: the cancel starts 30 ms ahead of the retries; round 1: 200 ms behind, round 2: 15 ms behind;
        // round 3: all at once, the cancel in the middle of the retries.
        const [cancelDelay, fundDelay] = (
          [
            [0, 30],
            [200, 0],
            [15, 0],
            [0, 0],
          ] as const
        )[round]!;
        const later = <T>(ms: number, f: () => Promise<T>) => new Promise((resolve) => setTimeout(resolve, ms)).then(f);
        const retries = Array.from({ length: 10 }, (_, i) => () => later(fundDelay, () => fund(who.id, i === 0 ? key : `${key}-retry-${i}`)));
        const at = [0, 10, 10, 5][round]!;
        const order = [...retries.slice(0, at), () => later(cancelDelay, () => cancelUnsent(loan.id)), ...retries.slice(at)];
        const answers = await Promise.all(order.map((f) => f()));
        const cancel = answers[at]!;
        const funds = answers.filter((_, i) => i !== at);
        const trail = JSON.stringify(answers.map((a) => [a.statusCode, a.body.slice(0, 90)]));
        const outcome = await expectOneOutcome({ loanId: loan.id, who, creditId: credit.id }, cancel, spy, trail);
        outcomes.push(outcome);
        for (const a of funds) {
          // Never a 5xx: the original key answers the loan (sent) or is refused (canceled); the other keys are refused.
          if (outcome === 'canceled') expect([a.statusCode, a.json<{ error: string }>().error], trail).toEqual([409, LOAN_CANCELED_UNSENT]);
          else expect([200, 409], trail).toContain(a.statusCode);
        }
        if (outcome === 'sent') {
          for (const a of funds.filter((x) => x.statusCode === 409))
            expect([ALREADY_FUNDED, LOAN_CANCELED_UNSENT], trail).toContain(a.json<{ error: string }>().error);
        }
      } finally {
        spy.mockRestore();
      }
    }
    console.info('cancel vs 10 fund retries, outcomes by round:', outcomes.join(', '));
  }, 240_000);

  it('a cancel against two daily runs sending the credit: sent and not canceled, or canceled and never sent', async () => {
    for (let round = 0; round < 2; round += 1) {
      const { who, loan, credit } = await unsentLoan(`cancel-unsent-run-${round}`);
      const today = parseIsoDate(loan.disbursementDate);
      await setBusinessDate(today);
      const spy = vi.spyOn(app().ctx.providers.ach, 'originateCredit');
      try {
        const run = () => runDailyServicing(app().ctx, { from: today, through: today }).then(() => null);
        const answers = await Promise.all(round === 0 ? [run(), cancelUnsent(loan.id), run()] : [cancelUnsent(loan.id), run(), run()]);
        const cancel = answers.find((a) => a !== null)!;
        await expectOneOutcome({ loanId: loan.id, who, creditId: credit.id }, cancel, spy, `round ${String(round)}`);
      } finally {
        spy.mockRestore();
        await setBusinessDate(null);
      }
    }
  }, 240_000);
});
