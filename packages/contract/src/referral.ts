import { BENEFIT_LEVELS, REWARD_KINDS } from '@payrail/domain/referral/rewards';
import { z } from 'zod';
import { ZIsoDate } from './dates';
import { ZCents } from './money';

/** Messages of the referral program (newflow spec §8, and the server's refusals). */
export const REFERRAL_MSG = {
  friendReferred: 'Friend referred successfully',
  codeCopied: 'Code copied!',
  ownCode: 'You cannot use your own referral code.',
  alreadyReferred: 'A friend already referred you.',
  tooLate: 'A referral code can only be added before your first loan.',
  nothingPayable: 'This member has no rewards payable yet.',
  noPayoutAccount: 'The member has no verified bank account with a full account number to pay.',
  payoutSameAccount:
    'The last referral payout came back from the bank account on file, and it has not changed since. Ask the member to correct the bank account on their profile first.',
} as const;

export const ZBenefitLevel = z.enum(BENEFIT_LEVELS);

/** One row of the rewards ledger, as the borrower sees it (money in cents). */
export const ZReferralReward = z.object({
  id: z.number().int(),
  kind: z.enum(REWARD_KINDS),
  amount: ZCents,
  points: z.number().int(),
  friend_name: z.string().nullable(),
  earned_on: ZIsoDate,
  payable_on: ZIsoDate,
  /**
   * `voided`: the friend's loan that earned it was canceled before they had its money (or, for a bonus, the
   * approval that reached it was): not counted and never paid. `voided_paid`: voided after a payout had
   * paid it — the member keeps that money, and the same event earned again pays nothing more.
   */
  status: z.enum(['waiting', 'payable', 'paid', 'voided', 'voided_paid']),
});

/** GET /referral (not in the spec: the data of the referral page). */
export const ZReferralProgram = z.object({
  refer_code: z.string(),
  referred_by: z.string().nullable(),
  friends: z.number().int(),
  approved_referrals: z.number().int(),
  submitted_applications: z.number().int(),
  points: z.number().int(),
  level: ZBenefitLevel,
  next_level: z.object({ level: ZBenefitLevel, approved_needed: z.number().int(), points_needed: z.number().int() }).nullable(),
  earned: ZCents,
  paid: ZCents,
  payable: ZCents,
  waiting: ZCents,
  payout_wait_days: z.number().int(),
  rewards: z.array(ZReferralReward),
});
export type TReferralProgram = z.infer<typeof ZReferralProgram>;
export type TReferralReward = z.infer<typeof ZReferralReward>;

/** Back office: a member with rewards payable now. */
export const ZPayableReferrer = z.object({ user_id: z.number().int(), email: z.string(), amount: ZCents, rewards: z.number().int() });
export const ZPayableReferrersResponse = z.object({ business_date: ZIsoDate, payable: z.array(ZPayableReferrer) });
/**
 * A released payout. `queued` when the servicer released it: the `referral.payout` job originates the ACH
 * credit (at once, or after a retry) and it becomes `pending` with its trace id, then `settled`/`returned`
 * as the job reads its credit. A returned payout's rewards are payable again (a later payout sends them);
 * `return_code` is the bank's reason when the source of the return names one, else null.
 */
export const REFERRAL_PAYOUT_STATUSES = ['queued', 'pending', 'settled', 'returned'] as const;
export const ZReferralPayoutStatus = z.enum(REFERRAL_PAYOUT_STATUSES);
export const ZReferralPayout = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  amount: ZCents,
  trace_id: z.string().nullable(),
  status: ZReferralPayoutStatus,
  return_code: z.string().nullable(),
  reward_ids: z.array(z.number().int()),
  /** The part of `amount` whose rewards were voided after this payout paid them (kept by the member; not clawed back). */
  voided_amount: ZCents,
  created_at: z.string(),
});
/** GET /api/backoffice/referral_payouts/released: the latest payouts, newest first. */
export const ZReleasedPayoutsResponse = z.object({ payouts: z.array(ZReferralPayout.extend({ email: z.string() })) });
export type TReleasedPayoutsResponse = z.infer<typeof ZReleasedPayoutsResponse>;
export type TReferralPayout = z.infer<typeof ZReferralPayout>;
export type TPayableReferrersResponse = z.infer<typeof ZPayableReferrersResponse>;
