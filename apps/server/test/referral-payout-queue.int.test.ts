import { REFERRAL_MSG } from '@payrail/contract/referral';
import type { TPayableReferrersResponse, TReferralPayout, TReferralProgram, TReleasedPayoutsResponse } from '@payrail/contract/referral';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { bankAccounts, notifications, referralPayoutItems, referralPayouts, staffActions } from '../src/db/schema/index';
import { payoutQueue, REFERRAL_PAYOUT_QUEUE } from '../src/modules/referral/use-cases/originate-payout';
import { settleReferralPayouts } from '../src/modules/referral/use-cases/settle-payouts';
import { auth, call } from './identity-helpers';
import * as payouts from './referral-payout-helpers';
import type { TestApp } from './test-app';

/**
 * Referral payouts on the job queue (issue #30): the release writes a `queued` payout; the ACH credit is
 * originated by `referral.payout` — at once when the originator answers, else by the job's retries — and
 * never twice, however many attempts run at once.
 */
const suite = payouts.payoutAppForFile();
let app: TestApp;
let servicer: string;
type AppAch = TestApp['ctx']['providers']['ach'];
let achSpy: payouts.PayoutApp['achSpy'];
beforeAll(() => {
  ({ app, servicer, achSpy } = suite);
});

const db = () => app.ctx.database.db;
const payableReferrer = () => payouts.payableReferrer(suite);
const release = (userId: number, key: string) => payouts.releasePayout(suite, userId, key);
const notificationsOf = async (userId: number) =>
  (await db().select().from(notifications).where(eq(notifications.userId, userId))).filter(
    (n) => n.message.startsWith('Your referral rewards of') && n.message.endsWith('are on their way to your bank account.'),
  );
const returnNoticesOf = (userId: number) => payouts.returnNoticesOf(suite, userId);
const payoutRow = (id: number) => payouts.payoutRow(suite, id);
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

describe('a payout follows its ACH credit (settled, returned)', () => {
  let statusSpy: MockInstance<AppAch['status']>;
  /** The originator's answer for one trace id; every other credit stays pending. */
  const creditOf = (traceId: string, answer: 'settled' | 'returned') => statusSpy.mockImplementation(async (t: string) => (t === traceId ? answer : 'pending'));
  beforeEach(() => {
    statusSpy = vi.spyOn(app.ctx.providers.ach, 'status');
  });
  afterEach(() => {
    statusSpy.mockRestore();
  });
  const released = async () =>
    (await call(app, { url: '/api/backoffice/referral_payouts/released', headers: auth(servicer) })).json<TReleasedPayoutsResponse>();
  const program = async (token: string) => (await call(app, { url: '/api/referral', headers: auth(token) })).json<TReferralProgram>();

  it('settled: the payout is settled once, the rewards stay paid, nothing is paid again', async () => {
    const referrer = await payableReferrer();
    const payout = (await release(referrer.id, `payout-settles-${referrer.id}`)).json<TReferralPayout>();
    expect(payout).toMatchObject({ status: 'pending', return_code: null });
    statusSpy.mockResolvedValue('pending');
    await settleReferralPayouts(app.ctx);
    expect((await payoutRow(payout.id)).status).toBe('pending');

    creditOf(payout.trace_id!, 'settled');
    await settleReferralPayouts(app.ctx);
    const row = await payoutRow(payout.id);
    expect(row).toMatchObject({ status: 'settled', returnedAt: null, returnCode: null });
    expect(row.settledAt).toBeInstanceOf(Date);
    expect((await released()).payouts.find((p) => p.id === payout.id)).toMatchObject({ status: 'settled', return_code: null });
    const mine = await program(referrer.token);
    expect(mine).toMatchObject({ paid: 5_000, payable: 0 });
    expect(mine.rewards.every((r) => r.status === 'paid')).toBe(true);
    expect(await returnNoticesOf(referrer.id)).toHaveLength(0);
    // A settled payout is final: not read again, not moved again, not payable again.
    statusSpy.mockClear();
    await settleReferralPayouts(app.ctx);
    expect(statusSpy.mock.calls.some(([t]) => t === payout.trace_id)).toBe(false);
    expect((await release(referrer.id, `payout-settles-again-${referrer.id}`)).statusCode).toBe(409);
  });

  it('returned: the member is told, the rewards are payable again, and a later release pays them once with a new credit', async () => {
    const referrer = await payableReferrer();
    const first = (await release(referrer.id, `payout-returns-${referrer.id}`)).json<TReferralPayout>();
    expect(first.status).toBe('pending');
    const firstKey = achSpy.mock.calls.at(-1)![0].idempotencyKey;
    creditOf(first.trace_id!, 'returned');
    const result = await settleReferralPayouts(app.ctx);
    expect(result.returned).toBeGreaterThanOrEqual(1);
    const row = await payoutRow(first.id);
    expect(row).toMatchObject({ status: 'returned', settledAt: null, returnCode: null });
    expect(row.returnedAt).toBeInstanceOf(Date);
    const notices = await returnNoticesOf(referrer.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.message).toBe(
      'Your referral rewards of $50.00 could not be delivered to your bank account. Nothing is lost: they are payable again and will be sent with a later payout. Please check the bank account on your profile.',
    );
    expect((await released()).payouts.find((p) => p.id === first.id)).toMatchObject({ status: 'returned', return_code: null });
    // The returned payout keeps its items (its history); its rewards are payable again.
    const items = await db().select().from(referralPayoutItems).where(eq(referralPayoutItems.payoutId, first.id));
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.returnedAt !== null)).toBe(true);
    const mine = await program(referrer.token);
    expect(mine).toMatchObject({ paid: 0, payable: 5_000 });
    expect(mine.rewards.map((r) => r.status)).toEqual(items.map(() => 'payable'));
    const payable = (await call(app, { url: '/api/backoffice/referral_payouts', headers: auth(servicer) })).json<TPayableReferrersResponse>();
    expect(payable.payable.find((p) => p.user_id === referrer.id)).toMatchObject({ amount: 5_000, rewards: items.length });

    // Not to the account the payout came back from, unchanged: the member corrects it first.
    expect((await release(referrer.id, `payout-returns-same-${referrer.id}`)).json()).toEqual({ error: REFERRAL_MSG.payoutSameAccount });
    await db()
      .update(bankAccounts)
      .set({ updatedAt: new Date(app.ctx.now().getTime() + 1_000) })
      .where(eq(bankAccounts.userId, referrer.id));
    // Released again: one new payout of the same rewards, a NEW credit (not the returned one replayed).
    achSpy.mockClear();
    const again = await release(referrer.id, `payout-returns-again-${referrer.id}`);
    expect(again.statusCode, again.body).toBe(200);
    const second = again.json<TReferralPayout>();
    expect(second).toMatchObject({ amount: 5_000, status: 'pending', reward_ids: items.map((i) => i.rewardId) });
    expect(second.id).not.toBe(first.id);
    expect(achSpy).toHaveBeenCalledTimes(1);
    expect(achSpy.mock.calls[0]![0].idempotencyKey).not.toBe(firstKey);
    expect(await program(referrer.token)).toMatchObject({ paid: 5_000, payable: 0 });
    // ...and never a third time while it stands.
    expect((await release(referrer.id, `payout-returns-third-${referrer.id}`)).statusCode).toBe(409);
    // The returned payout stays returned: a later read does not move it.
    await settleReferralPayouts(app.ctx);
    expect((await payoutRow(first.id)).status).toBe('returned');
    expect(await returnNoticesOf(referrer.id)).toHaveLength(1);
  });

  it('two passes at once (two schedules, two instances) move a returned payout once and tell the member once', async () => {
    const referrer = await payableReferrer();
    const payout = (await release(referrer.id, `payout-return-race-${referrer.id}`)).json<TReferralPayout>();
    creditOf(payout.trace_id!, 'returned');
    const mailSpy = vi.spyOn(app.ctx.providers.email, 'send');
    const queue = payoutQueue(app.ctx);
    const results = await Promise.all([settleReferralPayouts(app.ctx), settleReferralPayouts(app.ctx), queue.definition.handler({}, job(1))]);
    const counted = results.filter((r): r is Awaited<ReturnType<typeof settleReferralPayouts>> => r !== undefined);
    expect(counted.reduce((n, r) => n + r.returned, 0)).toBeLessThanOrEqual(1);
    expect((await payoutRow(payout.id)).status).toBe('returned');
    expect(await returnNoticesOf(referrer.id)).toHaveLength(1);
    expect(mailSpy.mock.calls.filter(([m]) => m.to === referrer.email && m.subject === 'Your referral rewards could not be delivered')).toHaveLength(1);
    mailSpy.mockRestore();
    const items = await db().select().from(referralPayoutItems).where(eq(referralPayoutItems.payoutId, payout.id));
    expect(new Set(items.map((i) => i.returnedAt?.getTime())).size).toBe(1);
    expect(await program(referrer.token)).toMatchObject({ payable: 5_000, paid: 0 });
  });

  it('a status that cannot be read leaves that payout pending and fails the pass after reading the others', async () => {
    const broken = await payableReferrer();
    const fine = await payableReferrer();
    const a = (await release(broken.id, `payout-unreadable-${broken.id}`)).json<TReferralPayout>();
    const b = (await release(fine.id, `payout-readable-${fine.id}`)).json<TReferralPayout>();
    statusSpy.mockImplementation(async (t: string) => {
      if (t === a.trace_id) throw new Error('originator down');
      return t === b.trace_id ? 'settled' : 'pending';
    });
    await expect(settleReferralPayouts(app.ctx)).rejects.toThrow(/could not be read/);
    expect((await payoutRow(a.id)).status).toBe('pending');
    expect((await payoutRow(b.id)).status).toBe('settled');
  });
});

describe('releases racing with different Idempotency-Keys', () => {
  it('20 releases of one member at once: one 200, nineteen 409, one payout, one credit, one notification', async () => {
    const referrer = await payableReferrer();
    const before = (await app.ctx.repos.referral.payoutsOf(referrer.id)).length;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => release(referrer.id, `payout-stampede-${referrer.id}-${n}`)));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const r of answers.filter((x) => x.statusCode === 409)) expect(r.json<{ error: string }>().error).toBe('This member has no rewards payable yet.');
    const payouts = await app.ctx.repos.referral.payoutsOf(referrer.id);
    expect(payouts).toHaveLength(before + 1);
    expect(payouts[0]).toMatchObject({ amountCents: 5_000, status: 'pending' });
    expect(achSpy.mock.calls.filter(([c]) => c.individualId === `REFERRAL ${referrer.id}`)).toHaveLength(1);
    expect(await notificationsOf(referrer.id)).toHaveLength(1);
  });
});
