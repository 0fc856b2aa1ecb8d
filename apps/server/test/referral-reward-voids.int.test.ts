/**
 * A referred friend's first loan canceled after its credit was sent (cancel_undelivered) voids the referrer's
 * approved reward in the cancel's transaction (referral_reward_voids, migration 0043): not counted, not
 * payable, never paid — and one already paid is voided and shown, its money left with the referrer. A cancel
 * racing a payout release or the reward's own recording never leaves a payable reward of a canceled loan.
 * A `firstLoanFunded` that failed is recorded by the daily run, once under two runs at once. Both databases
 * (TEST_DB=postgres).
 */
import type { TPayableReferrersResponse, TReferralProgram, TReleasedPayoutsResponse } from '@payrail/contract/referral';
import { parseIsoDate } from '@payrail/domain/dates';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { disbursements, loans, referralPayoutItems, referralRewardVoids, referralRewards, staffActions } from '../src/db/schema/index';
import { runDailyServicing } from '../src/modules/loan-book/use-cases/daily-run';
import { recordMissedApprovals, rewardApprovedReferral, rewardFundedFirstLoan } from '../src/modules/referral/use-cases/record-referral-rewards';
import { get } from './application-helpers';
import { expectSnapshotsMatchContract } from './audit-helpers';
import { bankReturnFile } from './support/bank-return-file';
import { auth, call, signUpConfirmed } from './identity-helpers';
import { addReceiverAccount, approvedAndSigned } from './servicing-helpers';
import { moneyApp } from './support/money-kit';

const money = moneyApp({ keyPrefix: 'reward-voids' });
beforeAll(money.setup, 240_000);
afterAll(money.teardown);
const { app, db, setBusinessDate, fund, servicer } = money;

const REASON = 'Account closed, borrower withdrew';
const loanOf = async (userId: number) => (await db().select().from(loans).where(eq(loans.userId, userId)))[0]!;
/** The referrer's approved rewards of `friendId`, each with its void (null while it stands). */
const approvals = (friendId: number) =>
  db()
    .select({ reward: referralRewards, voided: referralRewardVoids })
    .from(referralRewards)
    .leftJoin(referralRewardVoids, eq(referralRewardVoids.rewardId, referralRewards.id))
    .where(and(eq(referralRewards.friendUserId, friendId), eq(referralRewards.kind, 'referral_approved')));
const standing = async (friendId: number) => (await approvals(friendId)).filter((r) => r.voided === null);
const program = async (token: string) => (await call(app(), { url: '/api/referral', headers: auth(token) })).json<TReferralProgram>();
const payableList = async () =>
  (await call(app(), { url: '/api/backoffice/referral_payouts', headers: auth(servicer()) })).json<TPayableReferrersResponse>().payable;
const release = (referrerId: number, key: string) =>
  call(app(), { method: 'POST', url: `/api/backoffice/referral_payouts/${referrerId}`, headers: { ...auth(servicer()), 'idempotency-key': key } });
const cancelUndelivered = (loanId: number) =>
  call(app(), { method: 'POST', url: `/api/backoffice/loans/${loanId}/cancel_undelivered`, headers: auth(servicer()), payload: { reason: REASON } });

/** A member referred by a new referrer, approved and signed (their application's $1 earned). */
async function referredFriend() {
  const referrer = await signUpConfirmed(app());
  const code = (await program(referrer.token)).refer_code;
  const who = await approvedAndSigned(app(), {
    atReview: async (friend) => {
      const linked = await call(app(), { method: 'POST', url: '/api/refer_code', headers: auth(friend.token), payload: { refer_code: code } });
      expect(linked.statusCode, linked.body).toBe(200);
      expect((await get(app(), friend.token, '/api/review')).statusCode).toBe(200);
    },
  });
  return { who, referrer };
}

/** The friend's loan funded (its credit sent); with `referralFails`, the send's `firstLoanFunded` fails (logged only). */
async function funded(who: { id: number }, key: string, referralFails = false) {
  await setBusinessDate(null);
  const failing = referralFails ? vi.spyOn(app().ctx.repos.referral, 'record').mockRejectedValue(new Error('database went away')) : null;
  try {
    const res = await fund(who.id, `${key}-${who.id}`);
    expect(res.statusCode, res.body).toBe(200);
  } finally {
    failing?.mockRestore();
  }
  return loanOf(who.id);
}

/** The loan's credit comes back from the bank (R03): the loan waits for money, cancelable. */
async function creditReturned(userId: number) {
  const loan = await loanOf(userId);
  const [credit] = await db().select().from(disbursements).where(eq(disbursements.loanId, loan.id));
  await setBusinessDate(loan.disbursementDate);
  try {
    const returned = await money.uploadReturns(
      bankReturnFile([{ trace: credit!.achTraceNumber!, code: 'R03', amountCents: credit!.amountCents, individualId: loan.identifier }], {
        of: 'credits',
        on: loan.disbursementDate,
      }),
    );
    expect(returned.statusCode, returned.body).toBe(200);
  } finally {
    await setBusinessDate(null);
  }
  return loan;
}

describe('a referral reward of a loan canceled after funding', () => {
  it('cancel_undelivered voids the reward in its transaction: not counted, not payable, shown voided; two cancels at once void once', async () => {
    const { who, referrer } = await referredFriend();
    const loan = await funded(who, 'void-undelivered');
    const [reward] = await standing(who.id);
    expect(reward).toBeDefined();
    expect((await program(referrer.token)).approved_referrals).toBe(1);
    await creditReturned(who.id);
    const answers = await Promise.all([cancelUndelivered(loan.id), cancelUndelivered(loan.id)]);
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);

    const rows = await approvals(who.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.voided).toMatchObject({ loanId: loan.id, reason: REASON, paidPayoutId: null, referrerUserId: referrer.id });
    // Not counted: the referrer's page and level, the benefits read (a kept answer) and the payout queue.
    const page = await program(referrer.token);
    expect(page.approved_referrals).toBe(0);
    expect(page.points).toBe(1); // the application's point stands
    expect(page.earned).toBe(100);
    expect(page.rewards.find((r) => r.id === reward!.reward.id)?.status).toBe('voided');
    await addReceiverAccount(app(), referrer.id, '000555000222');
    await setBusinessDate(reward!.reward.payableOn);
    try {
      const queued = (await payableList()).find((p) => p.user_id === referrer.id);
      expect(queued).toMatchObject({ amount: 100, rewards: 1 }); // the $1 of the application only
      const paid = await release(referrer.id, `void-release-${referrer.id}`);
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json<{ amount: number; reward_ids: number[] }>()).toMatchObject({ amount: 100 });
      expect(paid.json<{ reward_ids: number[] }>().reward_ids).not.toContain(reward!.reward.id);
    } finally {
      await setBusinessDate(null);
    }
    const actions = await db()
      .select()
      .from(staffActions)
      .where(and(eq(staffActions.action, 'referral_reward_voided'), eq(staffActions.targetUserId, referrer.id)));
    expect(actions).toHaveLength(1);
    expect(actions[0]!.after).toMatchObject({ voided: true, kept_paid_cents: 0, reason: REASON });
    expect(await expectSnapshotsMatchContract(app())).toContain('referral_reward_voided');
    // A late retry of the referral (a daily run) records nothing for the canceled loan.
    expect(await rewardFundedFirstLoan(app().ctx, who.id)).toEqual([]);
    expect(await standing(who.id)).toEqual([]);
  });

  it("a canceled loan stays canceled for the referral when another member's loan is funded after it (the newest credit is not its own)", async () => {
    const { who } = await referredFriend();
    const loan = await funded(who, 'void-then-other');
    await creditReturned(who.id);
    expect((await cancelUndelivered(loan.id)).statusCode).toBe(200);
    expect(await standing(who.id)).toEqual([]);
    // Another member's loan funded since: the newest credit of all is theirs, sent and standing.
    const other = await referredFriend();
    await funded(other.who, 'void-then-other');
    expect(await standing(other.who.id)).toHaveLength(1);
    // A late retry of the canceled friend's referral records nothing: its loan is judged by its own credit.
    expect(await rewardFundedFirstLoan(app().ctx, who.id)).toEqual([]);
    expect(await standing(who.id)).toEqual([]);
  });

  it('cancel_unsent voids a standing approved reward of the loan it cancels (one recorded before the send rule, say)', async () => {
    const { who, referrer } = await referredFriend();
    await setBusinessDate(null);
    const failing = vi.spyOn(app().ctx.providers.ach, 'originateCredit').mockRejectedValue(new Error('bank unreachable'));
    try {
      expect((await fund(who.id, `void-unsent-${who.id}`)).statusCode).toBe(503);
    } finally {
      failing.mockRestore();
    }
    // A reward the rule alone records (no check of the loan), as an older server recorded it.
    await rewardApprovedReferral(app().ctx, who.id);
    expect(await standing(who.id)).toHaveLength(1);
    const loan = await loanOf(who.id);
    const res = await call(app(), {
      method: 'POST',
      url: `/api/backoffice/loans/${loan.id}/cancel_unsent`,
      headers: auth(servicer()),
      payload: { reason: REASON },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await standing(who.id)).toEqual([]);
    expect((await program(referrer.token)).approved_referrals).toBe(0);
  });

  it('a cancel that fails writes no void; a void that fails fails the cancel', async () => {
    const { who } = await referredFriend();
    const loan = await funded(who, 'void-fails');
    await creditReturned(who.id);
    // The void's write fails: the cancel rolls back with it (the loan still waits for its money).
    const voidFails = vi.spyOn(app().ctx.repos.referral, 'voidRewardsOfCanceledLoan').mockRejectedValueOnce(new Error('database went away'));
    const failed = await cancelUndelivered(loan.id);
    voidFails.mockRestore();
    expect(failed.statusCode).toBe(500);
    expect((await loanOf(who.id)).status).toBe('pending');
    expect(await standing(who.id)).toHaveLength(1);
    // The void written, then the cancel's transaction fails after it: no void stays.
    const real = app().ctx.repos.referral.voidRewardsOfCanceledLoan;
    const after = vi.spyOn(app().ctx.repos.referral, 'voidRewardsOfCanceledLoan').mockImplementationOnce(async (...args) => {
      const out = await real(...args);
      expect(out).toHaveLength(1);
      throw new Error('the cancel failed after the void');
    });
    expect((await cancelUndelivered(loan.id)).statusCode).toBe(500);
    after.mockRestore();
    expect((await loanOf(who.id)).status).toBe('pending');
    expect(await standing(who.id)).toHaveLength(1);
    // Then it goes through: voided once.
    expect((await cancelUndelivered(loan.id)).statusCode).toBe(200);
    expect(await standing(who.id)).toEqual([]);
  });

  it('a reward paid before the cancel: voided and shown, its money left with the referrer', async () => {
    const { who, referrer } = await referredFriend();
    const loan = await funded(who, 'void-paid');
    const [reward] = await standing(who.id);
    await addReceiverAccount(app(), referrer.id, '000555000444');
    await setBusinessDate(reward!.reward.payableOn);
    let payoutId: number;
    try {
      const paid = await release(referrer.id, `void-paid-${referrer.id}`);
      expect(paid.statusCode, paid.body).toBe(200);
      payoutId = paid.json<{ id: number }>().id;
    } finally {
      await setBusinessDate(null);
    }
    await creditReturned(who.id);
    expect((await cancelUndelivered(loan.id)).statusCode).toBe(200);
    const [row] = await approvals(who.id);
    expect(row!.voided).toMatchObject({ paidPayoutId: payoutId });
    const page = await program(referrer.token);
    expect(page.rewards.find((r) => r.id === reward!.reward.id)?.status).toBe('voided_paid');
    expect(page.approved_referrals).toBe(0);
    expect(page.paid).toBe(5_100); // the money paid stays paid
    const released = (await call(app(), { url: '/api/backoffice/referral_payouts/released', headers: auth(servicer()) })).json<TReleasedPayoutsResponse>();
    expect(released.payouts.find((p) => p.id === payoutId)).toMatchObject({ voided_amount: 5_000 });
    // The payout item stands: nothing clawed back.
    expect(await db().select().from(referralPayoutItems).where(eq(referralPayoutItems.rewardId, reward!.reward.id))).toHaveLength(1);
    // A late retry of the referral records nothing: no funded loan of the friend stands.
    expect(await rewardFundedFirstLoan(app().ctx, who.id)).toEqual([]);
    // The event earned again (as the friend's next funded loan records it): it counts again, and pays nothing
    // more — the voided reward's money stayed with the referrer. Once, however often it is recorded.
    const entry = { ...reward!.reward, id: undefined, createdAt: new Date() };
    const again = () =>
      app().ctx.repos.referral.record(
        referrer.id,
        [entry],
        () => [],
        () => [],
        new Date(),
      );
    const [first, second] = await Promise.all([again(), again()]);
    expect([...first!, ...second!].map((r) => [r.eventKey, r.amountCents])).toEqual([[`approved:${who.id}#2`, 0]]);
    expect((await program(referrer.token)).approved_referrals).toBe(1);
    await setBusinessDate(reward!.reward.payableOn);
    try {
      expect((await payableList()).find((p) => p.user_id === referrer.id)).toBeUndefined(); // nothing of $0 is paid
    } finally {
      await setBusinessDate(null);
    }
  });

  it('cancel racing a payout release, 3 rounds: a canceled loan never leaves a payable reward; paid ones are named in the void', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 3; round += 1) {
      const { who, referrer } = await referredFriend();
      const loan = await funded(who, `race-payout-${round}`);
      const [reward] = await standing(who.id);
      await addReceiverAccount(app(), referrer.id, `00055500${String(1000 + round)}`);
      await creditReturned(who.id);
      await setBusinessDate(reward!.reward.payableOn);
      try {
        const later = <T>(ms: number, f: () => Promise<T>) => new Promise((resolve) => setTimeout(resolve, ms)).then(f);
        const [cancelDelay, releaseDelay] = (
          [
            [0, 15],
            [15, 0],
            [0, 0],
          ] as const
        )[round]!;
        const [canceled, released] = await Promise.all([
          later(cancelDelay, () => cancelUndelivered(loan.id)),
          later(releaseDelay, () => release(referrer.id, `race-payout-${round}-${referrer.id}`)),
        ]);
        expect(canceled.statusCode, canceled.body).toBe(200);
        expect(released.statusCode, released.body).toBe(200); // the application's $1 is payable either way
        const [row] = await approvals(who.id);
        expect(row!.voided).not.toBeNull();
        const holds = released.json<{ id: number; reward_ids: number[] }>();
        const paidIt = holds.reward_ids.includes(reward!.reward.id);
        // Paid first: the void names the payout; voided first: the payout left it out.
        expect(row!.voided!.paidPayoutId).toBe(paidIt ? holds.id : null);
        expect((await payableList()).find((p) => p.user_id === referrer.id)).toBeUndefined();
        outcomes.push(paidIt ? 'paid, then voided' : 'voided first');
      } finally {
        await setBusinessDate(null);
      }
    }
    console.info('cancel vs payout release, outcomes by round:', outcomes.join(', '));
  }, 240_000);

  it("cancel racing the reward's recording (late retries of firstLoanFunded): no standing reward of the canceled loan", async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 3; round += 1) {
      const { who } = await referredFriend();
      const loan = await funded(who, `race-record-${round}`, true);
      expect(await approvals(who.id)).toEqual([]);
      await creditReturned(who.id);
      const later = <T>(ms: number, f: () => Promise<T>) => new Promise((resolve) => setTimeout(resolve, ms)).then(f);
      const [cancelDelay, recordDelay] = (
        [
          [0, 10],
          [10, 0],
          [0, 0],
        ] as const
      )[round]!;
      const [canceled] = await Promise.all([
        later(cancelDelay, () => cancelUndelivered(loan.id)),
        later(recordDelay, () => rewardFundedFirstLoan(app().ctx, who.id)),
        later(recordDelay, () => recordMissedApprovals(app().ctx)),
      ]);
      expect(canceled.statusCode, canceled.body).toBe(200);
      expect(await standing(who.id)).toEqual([]);
      outcomes.push((await approvals(who.id)).length === 1 ? 'recorded, then voided' : 'never recorded');
    }
    console.info('cancel vs recording, outcomes by round:', outcomes.join(', '));
  }, 240_000);
});

describe('a referral firstLoanFunded failed to record', () => {
  it('two daily runs at once record it exactly once', async () => {
    const { who, referrer } = await referredFriend();
    const loan = await funded(who, 'daily-retry', true);
    expect(await approvals(who.id)).toEqual([]);
    const today = parseIsoDate(loan.disbursementDate);
    await setBusinessDate(today);
    try {
      await Promise.all([runDailyServicing(app().ctx, { from: today, through: today }), runDailyServicing(app().ctx, { from: today, through: today })]);
      await runDailyServicing(app().ctx, { from: today, through: today });
    } finally {
      await setBusinessDate(null);
    }
    const rows = await approvals(who.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.reward).toMatchObject({ referrerUserId: referrer.id, amountCents: 5_000, eventKey: `approved:${who.id}` });
    expect((await program(referrer.token)).approved_referrals).toBe(1);
  });
});
