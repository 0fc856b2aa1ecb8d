import { LOAN_TYPES } from '@payrail/domain/loan/statuses';
import { BENEFIT_LEVELS } from '@payrail/domain/referral/rewards';
import { z } from 'zod';
import { ZWorkflowStatus } from './workflow-status';

/**
 * The answers of the signed-in shell's reads (spec access-session-shell.md §3, §7): the session check
 * (GET /token_is_valid), the notifications, the banners and the benefits. Re-exported by `identity`;
 * a module of their own so that a page can load these schemas with its requests (the borrower SPA's
 * dashboard, docs/architecture.md "The dashboard's first load") without the rest of the identity
 * contract and the sign-up rules it imports.
 */

// ── Session check ───────────────────────────────────────────────────────────────────────────────
export const ZTokenIsValidResponse = z.object({
  id: z.number().int(),
  email: z.string(),
  workflow_status: ZWorkflowStatus,
  eligible_for_refinance: z.boolean(),
  paid_off: z.boolean(),
  /** The member has a loan (any status): the dashboard stays open to them whatever the application does (§6). */
  has_loan: z.boolean(),
  loan_type: z.enum(LOAN_TYPES),
  refinancing: z.boolean(),
  /** The account applies through the new flow (stored at the new flow's sign-up): the SPA routes it to /application/newflow/*. */
  new_flow: z.boolean(),
  feedback_rating: z.boolean(),
  not_qualified_reason: z.string().nullable(),
  has_nelnet: z.boolean(),
  has_jack_henry: z.boolean(),
  avatar: z.string().nullable(),
  phone: z.string().nullable(),
  phone_confirmed: z.boolean(),
  /** False only while a signed-in member (e.g. from a pre-signed link) still has to confirm the e-mail. */
  email_confirmed: z.boolean(),
  loan_borrower: z.object({
    nelnet_id: z.string().nullable(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    refer_code: z.string().nullable(),
    referred_by: z.string().nullable(),
    state_id: z.number().int().nullable(),
    employer_id: z.number().int().nullable(),
  }),
});
export type TTokenIsValidResponse = z.infer<typeof ZTokenIsValidResponse>;

// ── Shell: notifications, banners, benefits ─────────────────────────────────────────────────────
export const NOTIFICATION_STATUSES = ['unread', 'read'] as const;
export const ZNotification = z.object({ id: z.number().int(), status: z.enum(NOTIFICATION_STATUSES), message: z.string(), updated_at: z.string() });
export type TNotification = z.infer<typeof ZNotification>;
/** GET /notifications: the borrower's notifications, newest first. */
export const ZNotificationList = z.array(ZNotification);
/** A banner's call to action: a link inside the app, or copying the borrower's referral code ("Code copied!"). */
export const ZBannerAction = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('link'), label: z.string(), href: z.string() }),
  z.object({ kind: z.literal('copy_referral_code'), label: z.string(), code: z.string() }),
]);
export type TBannerAction = z.infer<typeof ZBannerAction>;
/** A sidebar banner (spec: url, is_mobile), shown as text with a real button or link; `url` is its decorative art. */
export const ZBanner = z.object({ url: z.string(), is_mobile: z.boolean(), title: z.string(), text: z.string(), action: ZBannerAction.nullable() });
export type TBanner = z.infer<typeof ZBanner>;
/** GET /banners. */
export const ZBannerList = z.array(ZBanner);
export const ZBenefits = z.object({ level: z.enum(BENEFIT_LEVELS), color: z.string(), read: z.boolean() });
export type TBenefits = z.infer<typeof ZBenefits>;
