import type { TReferralPayout, TReferralProgram, TPayableReferrersResponse } from '@payrail/contract/referral';
import { REFERRAL_MSG } from '@payrail/contract/referral';
import { MSG } from '@payrail/contract/messages';
import { addDays } from '@payrail/domain/dates';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, referralRewards, staffActions } from '../src/db/schema/index';
import { businessToday } from '../src/lib/business-clock';
import { rewardApprovedReferral, rewardSubmittedApplication } from '../src/modules/referral/use-cases/record-referral-rewards';
import { classicApp, get, staffToken } from './application-helpers';
import { auth, call, signUpConfirmed } from './identity-helpers';
import { addReceiverAccount, fundedBorrower } from './servicing-helpers';
import type { TestApp } from './test-app';

let app: TestApp;
beforeAll(async () => {
  app = await classicApp({ config: { requireHumanReview: true } });
  await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, app.ctx.now());
});
afterAll(async () => {
  await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, app.ctx.now());
  await app.close();
});

const program = async (token: string) => {
  const res = await call(app, { url: '/api/referral', headers: auth(token) });
  expect(res.statusCode).toBe(200);
  return res.json<TReferralProgram>();
};
const referCode = (token: string | null, code: string) =>
  call(app, { method: 'POST', url: '/api/refer_code', headers: token ? auth(token) : {}, payload: { refer_code: code } });
const benefits = async (token: string) => (await call(app, { url: '/api/benefits', headers: auth(token) })).json<{ level: string; read: boolean }>();

/** A referred friend (signed up, linked to `code` through POST /refer_code). */
async function friendOf(code: string) {
  const f = await signUpConfirmed(app);
  const res = await referCode(f.token, code.toLowerCase());
  expect(res.statusCode).toBe(200);
  return f;
}

describe('POST /api/refer_code', () => {
  it('without a session checks the code; signed in links the friend who referred the member, once', async () => {
    const referrer = await signUpConfirmed(app);
    const code = (await program(referrer.token)).refer_code;
    expect((await referCode(null, code)).json()).toEqual({ valid: true });
    expect((await referCode(null, 'NOPE1234')).json()).toEqual({ errors: { refer_code: [MSG.referralNotFound] } });

    const friend = await signUpConfirmed(app);
    expect((await referCode(friend.token, 'NOPE1234')).json()).toEqual({ errors: { refer_code: [MSG.referralNotFound] } });
    const own = (await program(friend.token)).refer_code;
    const ownRes = await referCode(friend.token, own);
    expect(ownRes.statusCode).toBe(422);
    expect(ownRes.json()).toEqual({ errors: { refer_code: [REFERRAL_MSG.ownCode] } });
    const ok = await referCode(friend.token, ` ${code.toLowerCase()} `);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ valid: true, message: 'Friend referred successfully', referred_by: code });
    expect((await program(friend.token)).referred_by).toBe(code);
    expect((await referCode(friend.token, code)).json()).toEqual({ errors: { refer_code: [REFERRAL_MSG.alreadyReferred] } });
    expect((await program(referrer.token)).friends).toBe(1);
  });

  it('is refused after the first loan (a funded borrower cannot be referred any more)', async () => {
    const referrer = await signUpConfirmed(app);
    const code = (await program(referrer.token)).refer_code;
    const { token } = await fundedFriend(null);
    expect((await referCode(token, code)).json()).toEqual({ errors: { refer_code: [REFERRAL_MSG.tooLate] } });
  });
});

/** A friend taken through the real flow: submitted application review (GET /review), signature, approval, funding. */
function fundedFriend(code: string | null) {
  return fundedBorrower(app, {
    fundKey: (id) => `fund-ref-${id}`,
    atReview: async (who) => {
      if (code) expect((await referCode(who.token, code)).statusCode).toBe(200);
      const submitted = await get(app, who.token, '/api/review');
      expect(submitted.statusCode, submitted.body).toBe(200);
    },
  });
}

describe('rewards from a referred friend, through the real flow', () => {
  it('$1 when the friend submits the application, $50 when their loan is funded; notifications; history', async () => {
    const referrer = await signUpConfirmed(app);
    const code = (await program(referrer.token)).refer_code;
    await fundedFriend(code);
    const p = await program(referrer.token);
    expect(p.rewards.map((r) => [r.kind, r.amount, r.points, r.friend_name, r.status])).toEqual([
      ['referral_approved', 5_000, 10, 'Jordan', 'waiting'],
      ['application_submitted', 100, 1, 'Jordan', 'waiting'],
    ]);
    expect(p).toMatchObject({
      approved_referrals: 1,
      submitted_applications: 1,
      points: 11,
      earned: 5_100,
      payable: 0,
      waiting: 5_100,
      paid: 0,
      level: 'zero',
      payout_wait_days: 42,
    });
    expect(p.next_level).toEqual({ level: 'bronze', approved_needed: 2, points_needed: 19 });
    const today = await businessToday(app.ctx);
    expect(p.rewards[0]!.payable_on).toBe(addDays(today, 42));
    const messages = (await app.ctx.database.db.select().from(notifications).where(eq(notifications.userId, referrer.id)).orderBy(asc(notifications.id))).map(
      (n) => n.message,
    );
    expect(messages).toEqual(
      expect.arrayContaining(['A friend you referred submitted an application: you earned $1.00.', 'A friend you referred got their loan: you earned $50.00.']),
    );
  });
});

describe('reward rules on the ledger (golden: 1st..10th approved referral)', () => {
  it('totals, bonuses at 3/5/10 and computed levels; /benefits unread on a level change until PATCH /benefits/read', async () => {
    const referrer = await signUpConfirmed(app);
    const code = (await program(referrer.token)).refer_code;
    const golden = [
      [5_100, 11, 'zero'],
      [10_200, 22, 'zero'],
      [25_300, 33, 'bronze'],
      [30_400, 44, 'bronze'],
      [55_500, 55, 'silver'],
      [60_600, 66, 'silver'],
      [65_700, 77, 'silver'],
      [70_800, 88, 'silver'],
      [75_900, 99, 'silver'],
      [131_000, 110, 'gold'],
    ] as const;
    let seen = 'zero';
    for (const [i, [total, points, level]] of golden.entries()) {
      const f = await friendOf(code);
      const application = await app.ctx.repos.application.ensureActiveApplication(f.id, app.ctx.now());
      await rewardSubmittedApplication(app.ctx, f.id, application.id);
      await rewardApprovedReferral(app.ctx, f.id);
      // Recording the same events again (a retry) changes nothing.
      await rewardSubmittedApplication(app.ctx, f.id, application.id);
      await rewardApprovedReferral(app.ctx, f.id);
      const p = await program(referrer.token);
      expect([i + 1, p.earned, p.points, p.level]).toEqual([i + 1, total, points, level]);
      const b = await benefits(referrer.token);
      expect(b).toMatchObject({ level, read: level === seen });
      if (level !== seen) {
        const read = await call(app, { method: 'PATCH', url: '/api/benefits/read', headers: auth(referrer.token) });
        expect(read.json()).toMatchObject({ level, read: true });
        seen = level;
      }
    }
    const bonuses = (await program(referrer.token)).rewards.filter((r) => r.kind === 'bonus').map((r) => r.amount);
    expect(bonuses.sort((a, b) => a - b)).toEqual([10_000, 20_000, 50_000]);
    const messages = (await app.ctx.database.db.select().from(notifications).where(eq(notifications.userId, referrer.id)).orderBy(asc(notifications.id))).map(
      (n) => n.message,
    );
    expect(messages.filter((m) => m.startsWith('Congratulations!'))).toEqual([
      'Congratulations! You reached the Bronze level.',
      'Congratulations! You reached the Silver level.',
      'Congratulations! You reached the Gold level.',
    ]);
  });

  it('concurrent approvals crossing the 3rd referral pay the bonus exactly once', async () => {
    const referrer = await signUpConfirmed(app);
    const code = (await program(referrer.token)).refer_code;
    const friends = await Promise.all([1, 2, 3, 4].map(() => friendOf(code)));
    await Promise.all(friends.flatMap((f) => [rewardApprovedReferral(app.ctx, f.id), rewardApprovedReferral(app.ctx, f.id)]));
    const rows = await app.ctx.database.db.select().from(referralRewards).where(eq(referralRewards.referrerUserId, referrer.id));
    expect(rows.filter((r) => r.kind === 'referral_approved')).toHaveLength(4);
    expect(rows.filter((r) => r.kind === 'bonus').map((r) => [r.eventKey, r.amountCents])).toEqual([['bonus:3', 10_000]]);
  });

  it('the rewards ledger is append-only', async () => {
    await expect(app.ctx.database.db.execute(sql`update referral_rewards set amount_cents = 1`)).rejects.toThrow();
    await expect(app.ctx.database.db.execute(sql`delete from referral_rewards`)).rejects.toThrow();
  });
});

describe('payouts (back office)', () => {
  it('payable after the waiting period, released as one ACH credit by a servicer, audited, once', async () => {
    const referrer = await signUpConfirmed(app);
    const code = (await program(referrer.token)).refer_code;
    const f = await friendOf(code);
    await rewardApprovedReferral(app.ctx, f.id);
    const [servicer, underwriter] = await Promise.all([staffToken(app, 'servicer@payrail.test'), staffToken(app, 'underwriter@payrail.test')]);
    const list = async () => (await call(app, { url: '/api/backoffice/referral_payouts', headers: auth(servicer) })).json<TPayableReferrersResponse>();
    const release = (key: string, token = servicer) =>
      call(app, { method: 'POST', url: `/api/backoffice/referral_payouts/${referrer.id}`, headers: { ...auth(token), 'idempotency-key': key } });

    expect((await list()).payable.find((p) => p.user_id === referrer.id)).toBeUndefined();
    expect((await release(`payout-early-${referrer.id}`)).json()).toMatchObject({ error: expect.any(String) });
    const today = await businessToday(app.ctx);
    await app.ctx.repos.loanBook.setBusinessDateOverride(addDays(today, 41), null, app.ctx.now());
    expect((await list()).payable.find((p) => p.user_id === referrer.id)).toBeUndefined();
    await app.ctx.repos.loanBook.setBusinessDateOverride(addDays(today, 42), null, app.ctx.now());
    expect((await list()).payable.find((p) => p.user_id === referrer.id)).toEqual({ user_id: referrer.id, email: referrer.email, amount: 5_000, rewards: 1 });

    expect((await release(`payout-noacct-${referrer.id}`)).json()).toEqual({ error: REFERRAL_MSG.noPayoutAccount });
    await addReceiverAccount(app, referrer.id, '000555000111');
    expect((await release(`payout-uw-${referrer.id}`, underwriter)).statusCode).toBe(403);

    const key = `payout-ok-${referrer.id}`;
    const [a, b] = await Promise.all([release(key), release(key)]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    const paid = a.json<TReferralPayout>();
    expect(paid).toMatchObject({ user_id: referrer.id, amount: 5_000, status: 'pending', trace_id: expect.any(String) });
    expect(b.json<TReferralPayout>().id).toBe(paid.id);
    const again = await release(`payout-again-${referrer.id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: REFERRAL_MSG.nothingPayable });
    expect(await program(referrer.token)).toMatchObject({ paid: 5_000, payable: 0 });
    const audit = await app.ctx.database.db
      .select()
      .from(staffActions)
      .where(and(eq(staffActions.targetUserId, referrer.id), eq(staffActions.action, 'release_referral_payout')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ payout_id: paid.id, amount_cents: 5_000 });
    const messages = (await app.ctx.database.db.select().from(notifications).where(eq(notifications.userId, referrer.id)).orderBy(asc(notifications.id))).map(
      (n) => n.message,
    );
    expect(messages).toContain('Your referral rewards of $50.00 are on their way to your bank account.');
    await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, app.ctx.now());
  });
});
