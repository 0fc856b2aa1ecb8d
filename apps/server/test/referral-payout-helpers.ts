import { addDays } from '@payrail/domain/dates';
import type { IsoDate } from '@payrail/domain/dates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, vi, type MockInstance } from 'vitest';
import { notifications, referralPayouts } from '../src/db/schema/index';
import { businessToday } from '../src/lib/business-clock';
import { rewardApprovedReferral } from '../src/modules/referral/use-cases/record-referral-rewards';
import { classicApp, staffToken } from './application-helpers';
import { auth, call, signUpConfirmed } from './identity-helpers';
import { addReceiverAccount } from './servicing-helpers';
import type { TestApp } from './test-app';

/** The referral payout tests' set-up (referral-payout-*.int.test.ts). */

type AppAch = TestApp['ctx']['providers']['ach'];
export type PayoutApp = { app: TestApp; servicer: string; today: IsoDate; achSpy: MockInstance<AppAch['originateCredit']> };

/** Human review on, the business date 42 days ahead (a reward earned today is payable then), the ACH originator spied on. */
export async function startPayoutApp(): Promise<PayoutApp> {
  const app = await classicApp({ config: { requireHumanReview: true } });
  const servicer = await staffToken(app, 'servicer@payrail.test');
  await app.ctx.repos.loanBook.setBusinessDateOverride(addDays(await businessToday(app.ctx), 42), null, app.ctx.now());
  const today = await businessToday(app.ctx);
  return { app, servicer, today, achSpy: vi.spyOn(app.ctx.providers.ach, 'originateCredit') };
}

export async function stopPayoutApp({ app, achSpy }: PayoutApp): Promise<void> {
  achSpy.mockRestore();
  await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, app.ctx.now());
  await app.close();
}

/** The file's payout app, started before its tests (the spy cleared before each) and stopped after them; its fields are set once the tests run. */
export function payoutAppForFile(): PayoutApp {
  const suite = {} as PayoutApp;
  beforeAll(async () => {
    Object.assign(suite, await startPayoutApp());
  }, 60_000);
  beforeEach(() => {
    suite.achSpy.mockClear();
  });
  afterAll(() => stopPayoutApp(suite));
  return suite;
}

/** A member with one $50.00 reward payable today (earned 42 days before the business date) and a verified receiving account. */
export async function payableReferrer({ app, today }: PayoutApp) {
  const referrer = await signUpConfirmed(app);
  const code = (await call(app, { url: '/api/referral', headers: auth(referrer.token) })).json<{ refer_code: string }>().refer_code;
  const friend = await signUpConfirmed(app);
  expect((await call(app, { method: 'POST', url: '/api/refer_code', headers: auth(friend.token), payload: { refer_code: code } })).statusCode).toBe(200);
  await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, app.ctx.now());
  await rewardApprovedReferral(app.ctx, friend.id);
  await app.ctx.repos.loanBook.setBusinessDateOverride(today, null, app.ctx.now());
  await addReceiverAccount(app, referrer.id, '000555000222');
  return referrer;
}

/** POST /api/backoffice/referral_payouts/:userId as the servicer. */
export const releasePayout = ({ app, servicer }: PayoutApp, userId: number, key: string) =>
  call(app, { method: 'POST', url: `/api/backoffice/referral_payouts/${userId}`, headers: { ...auth(servicer), 'idempotency-key': key } });

export const payoutRow = async ({ app }: PayoutApp, id: number) =>
  (await app.ctx.database.db.select().from(referralPayouts).where(eq(referralPayouts.id, id)))[0]!;

/** The member's notices that a payout came back. */
export const returnNoticesOf = async ({ app }: PayoutApp, userId: number) =>
  (await app.ctx.database.db.select().from(notifications).where(eq(notifications.userId, userId))).filter((n) =>
    n.message.includes('could not be delivered to your bank account'),
  );
