/**
 * What funding tells and earns waits for the credit to be sent (use-cases/fund-application.ts,
 * sendFundingCredit): the borrower's in-app "funded: the money is on its way" notice is written in the
 * send's transaction (never with the loan while its credit is unsent), and a referred member's first loan
 * earns the referrer's approved referral only once its credit was sent — by whichever call sends it (a fund
 * retry, the daily run), once. A loan canceled before its money went out (cancel_unsent) tells nothing of
 * the kind and earns no referral, also when the cancel races the sends. Both databases (TEST_DB=postgres).
 */
import type { TLoanServicingResponse } from '@payrail/contract/servicing-backoffice';
import { parseIsoDate } from '@payrail/domain/dates';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { disbursements, loans, notifications, referralPayouts, referralRewardVoids, referralRewards, staffActions } from '../src/db/schema/index';
import { runDailyServicing } from '../src/modules/loan-book/use-cases/daily-run';
import { CREDIT_NOT_SENT, fundedNotice } from '../src/modules/loan-book/use-cases/fund-application';
import { get } from './application-helpers';
import { expectSnapshotsMatchContract } from './audit-helpers';
import { bankReturnFile } from './support/bank-return-file';
import { auth, call, outbox, signUpConfirmed } from './identity-helpers';
import { addReceiverAccount, approvedAndSigned } from './servicing-helpers';
import { moneyApp } from './support/money-kit';

const money = moneyApp({ keyPrefix: 'funded-on-send' });
beforeAll(money.setup, 240_000);
afterAll(money.teardown);
const { app, db, setBusinessDate, fund, servicer } = money;

const loanOf = async (userId: number) => (await db().select().from(loans).where(eq(loans.userId, userId)))[0]!;
const fundedNotices = async (userId: number, identifier: string) =>
  (await db().select().from(notifications).where(eq(notifications.userId, userId))).filter((n) => n.message === fundedNotice(identifier));
/** The referrer's approved referral for `friendId` (at most one row: once per friend). */
const approvedRewards = (friendId: number) =>
  db()
    .select()
    .from(referralRewards)
    .where(and(eq(referralRewards.friendUserId, friendId), eq(referralRewards.kind, 'referral_approved')));
/** The staff records of a referral voided with a loan canceled before the borrower had its money. */
const canceledLoanReferrals = (referrerId: number) =>
  db()
    .select()
    .from(staffActions)
    .where(and(eq(staffActions.action, 'referral_reward_voided'), eq(staffActions.targetUserId, referrerId)));
const cancelUnsent = (loanId: number) =>
  call(app(), { method: 'POST', url: `/api/backoffice/loans/${loanId}/cancel_unsent`, headers: auth(servicer()), payload: { reason: 'Borrower withdrew' } });

/** A member referred by a new referrer, approved and signed; the referrer's id. */
async function referredFriend() {
  const referrer = await signUpConfirmed(app());
  const code = (await call(app(), { url: '/api/referral', headers: auth(referrer.token) })).json<{ refer_code: string }>().refer_code;
  const who = await approvedAndSigned(app(), {
    atReview: async (friend) => {
      const linked = await call(app(), { method: 'POST', url: '/api/refer_code', headers: auth(friend.token), payload: { refer_code: code } });
      expect(linked.statusCode, linked.body).toBe(200);
      const submitted = await get(app(), friend.token, '/api/review');
      expect(submitted.statusCode, submitted.body).toBe(200);
    },
  });
  return { who, referrerId: referrer.id };
}

/** A referred member funded while the bank cannot be reached: 503, the loan pending, its credit unsent. */
async function unsentFunding(key: string) {
  await setBusinessDate(null);
  const { who, referrerId } = await referredFriend();
  const failing = vi.spyOn(app().ctx.providers.ach, 'originateCredit').mockRejectedValue(new Error('bank unreachable'));
  try {
    const res = await fund(who.id, `${key}-${who.id}`);
    expect([res.statusCode, res.json<{ error: string }>().error]).toEqual([503, CREDIT_NOT_SENT]);
  } finally {
    failing.mockRestore();
  }
  const loan = await loanOf(who.id);
  expect(loan.status).toBe('pending');
  // Nothing said or earned yet: the money has not left.
  expect(await fundedNotices(who.id, loan.identifier)).toEqual([]);
  expect(await approvedRewards(who.id)).toEqual([]);
  return { who, referrerId, loan, key: `${key}-${who.id}` };
}

/** Told once, e-mailed once and the referral approved once — or none of them — as the credit was sent or not. */
async function expectToldAndEarned(who: { id: number; email: string }, referrerId: number, sent: boolean, trail = '') {
  const loan = await loanOf(who.id);
  const notices = await fundedNotices(who.id, loan.identifier);
  const mail = (await outbox(app(), who.email)).filter((m) => m.subject === 'Your Payrail loan is funded');
  const rewards = await approvedRewards(who.id);
  const full = JSON.stringify({ trail, status: loan.status, notices: notices.length, mail: mail.length, rewards: rewards.length });
  expect(loan.status, full).toBe(sent ? 'opened' : 'closed_paid');
  expect([notices.length, mail.length, rewards.length], full).toEqual(sent ? [1, 1, 1] : [0, 0, 0]);
  if (sent) expect(rewards[0]!.referrerUserId, full).toBe(referrerId);
}

describe('funded: told and earned when the credit is sent, once', () => {
  it('a send that fails tells nothing; 8 retries at once send it once, tell once, earn the referral once', async () => {
    const { who, referrerId, key } = await unsentFunding('funded-retry');
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => fund(who.id, key)),
      ...Array.from({ length: 4 }, (_, i) => fund(who.id, `${key}-other-${i}`)),
    ]);
    const trail = JSON.stringify(answers.map((a) => [a.statusCode, a.body.slice(0, 80)]));
    for (const a of answers.slice(0, 4)) expect(a.statusCode, trail).toBe(200);
    await expectToldAndEarned(who, referrerId, true, trail);
    // A later retry answers the loan and tells nothing more.
    expect((await fund(who.id, key)).statusCode).toBe(200);
    await expectToldAndEarned(who, referrerId, true, trail);
  });

  it('a credit the daily run sends (two runs at once): told once, the referral earned once', async () => {
    const { who, referrerId, loan } = await unsentFunding('funded-run');
    const today = parseIsoDate(loan.disbursementDate);
    await setBusinessDate(today);
    try {
      await Promise.all([runDailyServicing(app().ctx, { from: today, through: today }), runDailyServicing(app().ctx, { from: today, through: today })]);
    } finally {
      await setBusinessDate(null);
    }
    await expectToldAndEarned(who, referrerId, true);
  });

  it("canceled before its money was sent: never told it is funded, no referral earned (the application's $1 stays)", async () => {
    const { who, referrerId, loan } = await unsentFunding('funded-cancel');
    const res = await cancelUnsent(loan.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ servicing: TLoanServicingResponse }>().servicing.loan.status).toBe('closed_paid');
    // The daily run afterwards sends nothing and earns nothing.
    const today = parseIsoDate(loan.disbursementDate);
    await setBusinessDate(today);
    try {
      await runDailyServicing(app().ctx, { from: today, through: today });
    } finally {
      await setBusinessDate(null);
    }
    await expectToldAndEarned(who, referrerId, false);
    const submitted = await db()
      .select()
      .from(referralRewards)
      .where(and(eq(referralRewards.friendUserId, who.id), eq(referralRewards.kind, 'application_submitted')));
    expect(submitted).toHaveLength(1);
    // No referral was earned, so none is voided.
    expect(await canceledLoanReferrals(referrerId)).toEqual([]);
  });

  it('sent, its credit returned, then canceled: the referral it earned is voided (not payable, not counted) and recorded for staff, once', async () => {
    await setBusinessDate(null);
    const { who, referrerId } = await referredFriend();
    const key = `funded-undelivered-${who.id}`;
    expect((await fund(who.id, key)).statusCode).toBe(200);
    await expectToldAndEarned(who, referrerId, true);
    await returnedAndCanceled(who.id);
    const [reward] = await approvedRewards(who.id);
    const records = await canceledLoanReferrals(referrerId);
    expect(records).toHaveLength(1);
    expect(records[0]!.before).toEqual({
      loan_id: (await loanOf(who.id)).id,
      friend_user_id: who.id,
      rewards: [{ reward_id: reward!.id, kind: 'referral_approved', amount_cents: reward!.amountCents, paid_payout_id: null }],
    });
    expect(records[0]!.after).toMatchObject({ voided: true, kept_paid_cents: 0, reason: 'Account closed, borrower withdrew' });
    expect(await db().select().from(referralRewardVoids).where(eq(referralRewardVoids.rewardId, reward!.id))).toHaveLength(1);
    expect(await expectSnapshotsMatchContract(app())).toContain('referral_reward_voided');
  });

  it('a reward already paid out when the loan is canceled: voided and recorded for staff with its payout, its money left with the referrer (no clawback)', async () => {
    await setBusinessDate(null);
    const { who, referrerId } = await referredFriend();
    expect((await fund(who.id, `funded-paid-${who.id}`)).statusCode).toBe(200);
    const [reward] = await approvedRewards(who.id);
    // 42 days on, the servicer pays the referrer's rewards out.
    await addReceiverAccount(app(), referrerId, '000555000333');
    await setBusinessDate(reward!.payableOn);
    const released = await call(app(), {
      method: 'POST',
      url: `/api/backoffice/referral_payouts/${referrerId}`,
      headers: { ...auth(servicer()), 'idempotency-key': `funded-paid-payout-${referrerId}` },
    });
    expect(released.statusCode, released.body).toBe(200);
    await returnedAndCanceled(who.id);
    const [payout] = await db().select().from(referralPayouts).where(eq(referralPayouts.userId, referrerId));
    const records = await canceledLoanReferrals(referrerId);
    expect(records).toHaveLength(1);
    expect(records[0]!.before).toMatchObject({ rewards: [{ reward_id: reward!.id, paid_payout_id: payout!.id }] });
    expect(records[0]!.after).toMatchObject({ voided: true, kept_paid_cents: reward!.amountCents, reason: 'Account closed, borrower withdrew' });
    // Nothing taken back: the payout and the reward stand.
    expect(payout!.status).not.toBe('returned');
    expect(await approvedRewards(who.id)).toHaveLength(1);
  });

  it('a cancel racing 6 fund retries, 3 rounds: sent, told and earned once — or canceled, never told, nothing earned', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 3; round += 1) {
      const { who, referrerId, loan, key } = await unsentFunding(`funded-race-${round}`);
      const later = <T>(ms: number, f: () => Promise<T>) => new Promise((resolve) => setTimeout(resolve, ms)).then(f);
      const [cancelDelay, fundDelay] = (
        [
          [0, 20],
          [20, 0],
          [0, 0],
        ] as const
      )[round]!;
      const answers = await Promise.all([
        ...Array.from({ length: 3 }, (_, i) => later(fundDelay, () => fund(who.id, i === 0 ? key : `${key}-r${i}`))),
        later(cancelDelay, () => cancelUnsent(loan.id)),
        ...Array.from({ length: 3 }, (_, i) => later(fundDelay, () => fund(who.id, `${key}-s${i}`))),
      ]);
      const trail = JSON.stringify(answers.map((a) => [a.statusCode, a.body.slice(0, 80)]));
      for (const a of answers) expect(a.statusCode, trail).toBeLessThan(500);
      const canceled = answers[3]!.statusCode === 200;
      outcomes.push(canceled ? 'canceled' : 'sent');
      await expectToldAndEarned(who, referrerId, !canceled, trail);
    }
    console.info('cancel vs fund retries (notice and referral), outcomes by round:', outcomes.join(', '));
  }, 240_000);
});

/** The member's loan credit comes back from the bank (R03) and a servicer cancels it — twice at once (one writes). */
async function returnedAndCanceled(userId: number) {
  const loan = await loanOf(userId);
  const [credit] = await db().select().from(disbursements).where(eq(disbursements.loanId, loan.id));
  await setBusinessDate(parseIsoDate(loan.disbursementDate));
  try {
    const returned = await money.uploadReturns(
      bankReturnFile([{ trace: credit!.achTraceNumber!, code: 'R03', amountCents: credit!.amountCents, individualId: loan.identifier }], {
        of: 'credits',
        on: loan.disbursementDate,
      }),
    );
    expect(returned.statusCode, returned.body).toBe(200);
    const cancel = () =>
      call(app(), {
        method: 'POST',
        url: `/api/backoffice/loans/${loan.id}/cancel_undelivered`,
        headers: auth(servicer()),
        payload: { reason: 'Account closed, borrower withdrew' },
      });
    // Two cancels at once: one cancels, the other answers the canceled loan; recorded once.
    const answers = await Promise.all([cancel(), cancel()]);
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
  } finally {
    await setBusinessDate(null);
  }
  expect((await loanOf(userId)).status).toBe('closed_paid');
}
