import type { TReferralPayout, TReleasedPayoutsResponse } from '@payrail/contract/referral';
import { addDays } from '@payrail/domain/dates';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { bankAccounts, notifications, referralPayouts, staffActions } from '../src/db/schema/index';
import { sealAccountNumber } from '../src/modules/banking/bank-accounts';
import { businessToday } from '../src/lib/business-clock';
import { rewardApprovedReferral } from '../src/modules/referral/use-cases/record-referral-rewards';
import { payoutQueue, REFERRAL_PAYOUT_QUEUE } from '../src/modules/referral/use-cases/originate-payout';
import { classicApp, staffToken } from './application-helpers';
import { CLEARBROOK } from './banking-helpers';
import { auth, call, signUpConfirmed } from './identity-helpers';
import type { TestApp } from './test-app';

/**
 * Referral payouts on the job queue (issue #30): the release writes a `queued` payout; the ACH credit is
 * originated by `referral.payout` — at once when the originator answers, else by the job's retries — and
 * never twice, however many attempts run at once.
 */
let app: TestApp;
let servicer: string;
type AppAch = TestApp['ctx']['providers']['ach'];
let achSpy: MockInstance<AppAch['originateCredit']>;

beforeAll(async () => {
  app = await classicApp({ config: { requireHumanReview: true } });
  servicer = await staffToken(app, 'servicer@payrail.test');
  const today = await businessToday(app.ctx);
  await app.ctx.repos.loanBook.setBusinessDateOverride(addDays(today, 42), null, app.ctx.now());
  achSpy = vi.spyOn(app.ctx.providers.ach, 'originateCredit');
}, 60_000);
beforeEach(() => {
  achSpy.mockClear();
});
afterAll(async () => {
  achSpy.mockRestore();
  await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, app.ctx.now());
  await app.close();
});

const db = () => app.ctx.database.db;

/** A member with one $50.00 reward payable today (earned 42 days before the business date) and a verified account. */
async function payableReferrer() {
  const referrer = await signUpConfirmed(app);
  const code = (await call(app, { url: '/api/referral', headers: auth(referrer.token) })).json<{ refer_code: string }>().refer_code;
  const friend = await signUpConfirmed(app);
  expect((await call(app, { method: 'POST', url: '/api/refer_code', headers: auth(friend.token), payload: { refer_code: code } })).statusCode).toBe(200);
  await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, app.ctx.now());
  await rewardApprovedReferral(app.ctx, friend.id);
  await app.ctx.repos.loanBook.setBusinessDateOverride(addDays(await businessToday(app.ctx), 42), null, app.ctx.now());
  const box = await app.ctx.cryptoBox();
  const at = app.ctx.now();
  await db()
    .insert(bankAccounts)
    .values({
      userId: referrer.id,
      usage: 'receiver',
      source: 'manual',
      accountType: 'checking',
      routingNumber: CLEARBROOK.routing,
      ...sealAccountNumber(box, '000555000222'),
      bankName: CLEARBROOK.name,
      verifiedAt: at,
      createdAt: at,
      updatedAt: at,
    });
  return referrer;
}

const release = (userId: number, key: string) =>
  call(app, { method: 'POST', url: `/api/backoffice/referral_payouts/${userId}`, headers: { ...auth(servicer), 'idempotency-key': key } });
const notificationsOf = async (userId: number) =>
  (await db().select().from(notifications).where(eq(notifications.userId, userId))).filter((n) => n.message.startsWith('Your referral rewards of'));
const payoutRow = async (id: number) => (await db().select().from(referralPayouts).where(eq(referralPayouts.id, id)))[0]!;
const job = (attempt: number) => ({ id: `test-${attempt}`, queue: REFERRAL_PAYOUT_QUEUE, attempt });

describe('referral payouts on the queue', () => {
  it('the originator down: the payout waits queued (audited, no notification), the job originates it once', async () => {
    const referrer = await payableReferrer();
    achSpy.mockRejectedValueOnce(new Error('ACH originator unavailable'));
    const queuedBefore = (await app.ctx.jobs.counts(REFERRAL_PAYOUT_QUEUE)).queued;
    const res = await release(referrer.id, `payout-queued-${referrer.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const payout = res.json<TReferralPayout>();
    expect(payout).toMatchObject({ user_id: referrer.id, amount: 5_000, status: 'queued', trace_id: null });
    expect(achSpy).toHaveBeenCalledTimes(1);
    // The retry is on the queue, the rewards are taken (a second release finds nothing payable).
    expect((await app.ctx.jobs.counts(REFERRAL_PAYOUT_QUEUE)).queued).toBe(queuedBefore + 1);
    expect((await release(referrer.id, `payout-again-${referrer.id}`)).statusCode).toBe(409);
    expect(await notificationsOf(referrer.id)).toHaveLength(0);
    const [audit] = await db()
      .select()
      .from(staffActions)
      .where(and(eq(staffActions.targetUserId, referrer.id), eq(staffActions.action, 'release_referral_payout')));
    expect(audit!.after).toEqual({ payout_id: payout.id, amount_cents: 5_000, status: 'queued' });
    const released = (await call(app, { url: '/api/backoffice/referral_payouts/released', headers: auth(servicer) })).json<TReleasedPayoutsResponse>();
    expect(released.payouts.find((p) => p.id === payout.id)).toMatchObject({ email: referrer.email, status: 'queued', trace_id: null });

    // The job's retry: the credit is originated, the payout pending with its trace id, the member told once.
    const queue = payoutQueue(app.ctx);
    await queue.definition.handler({ id: payout.id }, job(2));
    const row = await payoutRow(payout.id);
    expect(row.status).toBe('pending');
    expect(row.traceId).toEqual(expect.any(String));
    expect(achSpy).toHaveBeenCalledTimes(2);
    expect(achSpy.mock.calls[1]![0]).toMatchObject({ amountCents: 5_000, individualId: `REFERRAL ${referrer.id}` });
    expect(await notificationsOf(referrer.id)).toHaveLength(1);
    // A job that runs again (at-least-once) changes nothing.
    await queue.definition.handler({ id: payout.id }, job(3));
    expect(achSpy).toHaveBeenCalledTimes(2);
    expect(await payoutRow(payout.id)).toEqual(row);
    expect(await notificationsOf(referrer.id)).toHaveLength(1);
  });

  it('five attempts at once (the eager one, jobs, two instances) originate one credit', async () => {
    const referrer = await payableReferrer();
    achSpy.mockRejectedValueOnce(new Error('ACH originator unavailable'));
    const payout = (await release(referrer.id, `payout-race-${referrer.id}`)).json<TReferralPayout>();
    expect(payout.status).toBe('queued');
    const queue = payoutQueue(app.ctx);
    await Promise.all([1, 2, 3, 4, 5].map((n) => queue.definition.handler({ id: payout.id }, job(n))));
    expect(achSpy).toHaveBeenCalledTimes(2); // the failed eager attempt + one origination
    expect((await payoutRow(payout.id)).status).toBe('pending');
    expect(await notificationsOf(referrer.id)).toHaveLength(1);
  });

  it('a payout whose member lost the verified account fails its job with the reason (then the dead letter)', async () => {
    const referrer = await payableReferrer();
    achSpy.mockRejectedValueOnce(new Error('ACH originator unavailable'));
    const payout = (await release(referrer.id, `payout-lost-${referrer.id}`)).json<TReferralPayout>();
    await db().update(bankAccounts).set({ verifiedAt: null }).where(eq(bankAccounts.userId, referrer.id));
    await expect(payoutQueue(app.ctx).definition.handler({ id: payout.id }, job(2))).rejects.toThrow(/no verified bank account/);
    expect(await payoutRow(payout.id)).toMatchObject({ status: 'queued', traceId: null });
    expect(achSpy).toHaveBeenCalledTimes(1);
    await expect(payoutQueue(app.ctx).definition.handler({ id: 2_000_000_000 }, job(1))).rejects.toThrow(/does not exist/);
  });

  it('the sweep queues a payout a crash left queued with no job; a released payout is never queued twice', async () => {
    const referrer = await payableReferrer();
    achSpy.mockRejectedValueOnce(new Error('ACH originator unavailable'));
    const sendSpy = vi.spyOn(app.ctx.jobs, 'send').mockRejectedValueOnce(new Error('queue down'));
    try {
      const payout = (await release(referrer.id, `payout-swept-${referrer.id}`)).json<TReferralPayout>();
      expect(payout.status).toBe('queued');
      const queue = payoutQueue(app.ctx);
      sendSpy.mockClear();
      await queue.sweep();
      expect(sendSpy.mock.calls.filter((c) => (c[1] as { id?: number }).id === payout.id)).toHaveLength(0); // too young: its eager attempt may still run
      await db()
        .update(referralPayouts)
        .set({ createdAt: new Date(app.ctx.now().getTime() - 10 * 60_000) })
        .where(eq(referralPayouts.id, payout.id));
      await queue.sweep();
      expect(sendSpy.mock.calls.filter((c) => (c[1] as { id?: number }).id === payout.id)).toHaveLength(1);
      expect(sendSpy.mock.calls.find((c) => (c[1] as { id?: number }).id === payout.id)![2]).toEqual({ singletonKey: `payout:${payout.id}` });
      await queue.sweep(); // queued already under its key: not twice
      expect((await sendSpy.mock.results.at(-1)!.value) as string | null).toBeNull();
      await queue.definition.handler({ id: payout.id }, job(2));
      expect((await payoutRow(payout.id)).status).toBe('pending');
    } finally {
      sendSpy.mockRestore();
    }
  });
});
