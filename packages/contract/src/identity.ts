import { LOAN_TYPES } from '@payrail/domain/loan/statuses';
import { z } from 'zod';
import { FIELD_MSG, MSG } from './messages';
import { ZWorkflowStatus } from './workflow-status';
import { ZCents } from './money';
import { EMAIL_PATTERN, PASSWORD_MIN, REFERRAL_CODE_MIN_EXCLUSIVE, passwordIsValid } from './identity-rules';

export { ZWorkflowStatus, type TWorkflowStatus } from './workflow-status';
export { EMAIL_PATTERN, PASSWORD_MIN, PASSWORD_RULES, REFERRAL_CODE_MIN_EXCLUSIVE, passwordIsValid } from './identity-rules';
// The shell's reads (session check, notifications, banners, benefits): a module of their own, loaded with the requests by the borrower SPA.
export {
  NOTIFICATION_STATUSES,
  ZBanner,
  ZBannerAction,
  ZBenefits,
  ZNotification,
  ZTokenIsValidResponse,
  type TBannerAction,
  type TNotification,
  type TTokenIsValidResponse,
} from './shell-reads';

/**
 * Access and session contract (spec access-session-shell.md §3 and §7). Wire names are the spec's,
 * Rails/Devise-shaped: payloads nest under `application_member`, `loan_borrower`, `phone`; field errors
 * answer 422 `{ errors: { field: [msg] } }`; other errors `{ error: msg }`. The session token travels
 * in the `authorization` response header and the `Authorization` request header.
 */

export const EMAIL_TOKEN_LENGTH = 6;
/**
 * The `reason` of a 422 for a confirmation code a resend replaced (additive to `errors.confirmation_token`,
 * issue #33); the client shows the spec's message plus {@link CONFIRMATION_SUPERSEDED_HINT}.
 */
export const CONFIRMATION_SUPERSEDED = 'superseded';
export const CONFIRMATION_SUPERSEDED_HINT = 'A newer code was sent to your e-mail. Please use the code from the latest e-mail.';
export const PHONE_CODE_LENGTH = 6;
export const RESEND_COUNTDOWN_MS = 30_000;

export const ZEmail = z.string({ error: FIELD_MSG.blank }).trim().toLowerCase().min(1, FIELD_MSG.blank).max(254).regex(EMAIL_PATTERN, FIELD_MSG.invalid);
export const ZPassword = z
  .string({ error: FIELD_MSG.blank })
  .min(1, FIELD_MSG.blank)
  .max(128)
  .refine((p) => p.length >= PASSWORD_MIN, FIELD_MSG.tooShort(PASSWORD_MIN))
  .refine(passwordIsValid, FIELD_MSG.passwordComplexity);

/** utm_source, utm_medium, utm_campaign, http_referer — sent as query params on sign-up and login. */
export const ZTrackingQuery = z.object({
  utm_source: z.string().max(200).optional(),
  utm_medium: z.string().max(200).optional(),
  utm_campaign: z.string().max(200).optional(),
  http_referer: z.string().max(2000).optional(),
});
export type TTracking = z.infer<typeof ZTrackingQuery>;

// ── Login ───────────────────────────────────────────────────────────────────────────────────────
export const ZLoginRequest = z.object({
  application_member: z.union([
    z.object({
      email: z.string({ error: FIELD_MSG.blank }).trim().toLowerCase().min(1, FIELD_MSG.blank).max(254),
      password: z.string({ error: FIELD_MSG.blank }).min(1, FIELD_MSG.blank).max(128),
    }),
    z.object({ google_token: z.string().min(1).max(4096) }),
  ]),
  fingerprint: z.string().max(200).optional(),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const WORKFLOW_LOAN_TYPES = LOAN_TYPES;

export const ZLoanBorrowerSummary = z.object({
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  employer_id: z.number().int().nullable(),
  refer_code: z.string().nullable(),
  referred_by: z.string().nullable(),
  state_id: z.number().int().nullable(),
});

/** Body of a successful POST /login (token in the `authorization` header). */
export const ZLoginResponse = z.object({
  data: z.object({
    id: z.number().int(),
    email: z.string(),
    workflow_status: ZWorkflowStatus,
    loan_type: z.enum(WORKFLOW_LOAN_TYPES),
    feedback_rating: z.boolean(),
    refinancing: z.boolean(),
    /** The account applies through the new flow (stored at the new flow's sign-up): the SPA routes it to /application/newflow/*. */
    new_flow: z.boolean(),
    /** The profile photo's URL (access §3 user avatar); the server always sends it, null without a photo. */
    avatar: z.string().nullable().optional(),
    loan_borrower: ZLoanBorrowerSummary,
  }),
});
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

// ── Sign-up ─────────────────────────────────────────────────────────────────────────────────────
export const ZSignupAgreements = z.object({
  privacy_notice: z.literal(true, { error: FIELD_MSG.mustBeAccepted }),
  consent_eletronic_comunications: z.literal(true, { error: FIELD_MSG.mustBeAccepted }),
});

export const ZSignupRequest = z.object({
  application_member: z.union([
    z.object({ email: ZEmail, password: ZPassword, password_confirmation: z.string({ error: FIELD_MSG.blank }).max(128) }),
    z.object({ google_token: z.string().min(1).max(4096) }),
  ]),
  fingerprint: z.string().max(200).optional(),
  agreements: ZSignupAgreements,
  loan_borrower: z.object({
    state_id: z.number({ error: MSG.stateBlank }).int().positive(MSG.stateBlank).max(2_147_483_647, MSG.stateBlank),
    employer_id: z.number().int().positive().max(2_147_483_647).nullish(),
    friend_refer_code: z.string().trim().max(40).nullish(),
  }),
  // New-flow fields (the new-flow issue uses them; the classic sign-up omits them).
  loan: z
    .object({
      amount: ZCents.check(z.positive()).optional(),
      payment_frequency: z.string().max(20).optional(),
      loan_purpose_name: z.string().max(60).optional(),
      fixed_payment_amount: ZCents.check(z.positive()).optional(),
    })
    .optional(),
  new_flow: z.boolean().optional(),
});
export type TSignupRequest = z.infer<typeof ZSignupRequest>;

/** POST /signup answers 201 with id and email; the `authorization` header only when already confirmed (social). */
export const ZSignupResponse = z.object({ id: z.number().int(), email: z.string() });

/** POST /email (new-flow pre-check). The answers are `ZEmailCheckResponse` in newflow.ts; this request schema is the same. */
export const ZEmailPrecheckRequest = z.object({ email: ZEmail });

// ── Confirmation ────────────────────────────────────────────────────────────────────────────────
/**
 * GET /confirmation. `email` (optional, the address the code was sent to) names the account, so wrong
 * codes count against that account's code as for the phone code: 5 wrong and the code is dead (429
 * `SERVER_MSG.tooManyWrongCodes`) whichever addresses they came from. Without it the code alone names the
 * account and only the per-address limit applies to guesses; a dead code is refused either way.
 */
export const ZConfirmationQuery = z.object({
  confirmation_token: z.string({ error: FIELD_MSG.blank }).trim().toUpperCase().min(1, FIELD_MSG.blank).max(EMAIL_TOKEN_LENGTH, FIELD_MSG.invalid),
  email: z.string().trim().toLowerCase().max(254).optional(),
});
export const ZConfirmationResponse = z.object({ email: z.string(), workflow_status: ZWorkflowStatus });
export const ZResendConfirmationRequest = z.object({ application_member: z.object({ email: ZEmail }) });

// ── Password reset ──────────────────────────────────────────────────────────────────────────────
export const ZForgotPasswordRequest = z.object({ application_member: z.object({ email: ZEmail, lang: z.string().max(10).optional() }) });
/** 422 with `code: 'unconfirmed_email'` makes the SPA resend the confirmation and go to /email_validation. */
export const UNCONFIRMED_EMAIL_CODE = 'unconfirmed_email';
export const ZResetPasswordRequest = z.object({
  application_member: z.object({
    password: ZPassword,
    password_confirmation: z.string({ error: FIELD_MSG.blank }).max(128),
    reset_password_token: z.string({ error: FIELD_MSG.blank }).min(1, FIELD_MSG.blank).max(200),
  }),
});

// ── Phone ───────────────────────────────────────────────────────────────────────────────────────
export const ZPhoneRequest = z.object({ phone: z.object({ number: z.string({ error: FIELD_MSG.blank }).trim().min(1, MSG.invalidPhone).max(30) }) });
export const ZVerifyPhoneRequest = z.object({
  phone: z.object({
    number: z.string({ error: FIELD_MSG.blank }).trim().min(1, MSG.invalidPhone).max(30),
    code: z
      .string({ error: FIELD_MSG.blank })
      .trim()
      .regex(/^\d{6}$/, FIELD_MSG.invalid),
  }),
});
/** Answer of a code send (201) and of a verification (200). */
export const ZPhoneResponse = z.object({ number: z.string(), confirmed: z.boolean(), new_status: ZWorkflowStatus.optional() });

// ── Profile photo (access §5) ───────────────────────────────────────────────────────────────────
/** Profile photo limit: 5 MB = 5,242,880 bytes (access §5, §9). */
export const AVATAR_MAX_BYTES = 5_242_880;
/** The photo types accepted (png, jpeg or jpg); the server checks the file's content, the SPA its type. */
export const AVATAR_ACCEPT = ['image/png', 'image/jpeg'] as const;
/** The multipart field of PATCH /users/avatar. */
export const AVATAR_FIELD = 'avatar';
/** PATCH /users/avatar answers the photo's public URL; refusals are 422 `{ errors: { avatar: [msg] } }`. */
export const ZAvatarResponse = z.object({ url: z.string() });
export type TAvatarResponse = z.infer<typeof ZAvatarResponse>;
/** GET /avatars/{key}: a random 64-hex key and the type suffix. */
export const ZAvatarParams = z.object({ key: z.string().regex(/^[0-9a-f]{64}-(?:png|jpg)$/) });

// ── Workflow (the session check: shell-reads.ts) ────────────────────────────────────────────────

/** GET /workflow/statuses and /workflow/statuses/{key}: the workflow-status entity (classic §3). */
export const ZWorkflowStatusEntity = z.object({
  key: ZWorkflowStatus,
  name: z.string(),
  parent_status: ZWorkflowStatus.nullable(),
  transitions: z.array(ZWorkflowStatus),
  childs: z.array(ZWorkflowStatus),
});
export type TWorkflowStatusEntity = z.infer<typeof ZWorkflowStatusEntity>;
export const ZWorkflowStatusParams = z.object({ key: z.string().max(60) });

export const ZNavigationStackResponse = z.object({ navigation_stack: z.array(ZWorkflowStatus), current_status: ZWorkflowStatus });
export type TNavigationStackResponse = z.infer<typeof ZNavigationStackResponse>;
export const ZNextStatusRequest = z.object({ current_status: z.string({ error: FIELD_MSG.blank }).min(1, FIELD_MSG.blank).max(60) });
export const ZChangeStatusRequest = z.object({ new_status: z.string({ error: FIELD_MSG.blank }).min(1, FIELD_MSG.blank).max(60) });
/** Success of next/change status. A refused move answers 422 `{ error, current_status }`. */
export const ZStatusResponse = z.object({ new_status: ZWorkflowStatus, workflow_status: z.object({ next_status: ZWorkflowStatus }) });
export type TStatusResponse = z.infer<typeof ZStatusResponse>;

// ── Pre-signed link, captcha, referral, visitor ─────────────────────────────────────────────────
export const ZPresignedLinkResponse = z.object({ new_flow: z.boolean(), email: z.string(), workflow_status: ZWorkflowStatus });
export const ZCaptchaRequest = z.object({ token: z.string({ error: FIELD_MSG.blank }).min(1, FIELD_MSG.blank).max(4096) });
export const ZReferCodeRequest = z.object({
  refer_code: z
    .string({ error: FIELD_MSG.blank })
    .trim()
    .min(REFERRAL_CODE_MIN_EXCLUSIVE + 1, MSG.referralNotFound)
    .max(40),
});
export const ZVisitorRequest = z.object({
  fingerprint: z.string().min(1).max(200),
  page: z.string().max(2000),
  queryString: z.string().max(4000).optional().default(''),
});

// ── Shell: support chat (notifications, banners, benefits: shell-reads.ts) ──────────────────────
export const ZSupportMessageRequest = z.object({
  message: z.string().trim().min(1, FIELD_MSG.blank).max(2000),
  email: ZEmail.optional(),
  name: z.string().trim().max(120).optional(),
});

// ── Social sign-in (identity provider adapter) ──────────────────────────────────────────────────
/** Sandbox identities the dev picker shows; each carries a sandbox-signed token for POST /login or /signup. */
export const ZSandboxIdentity = z.object({ label: z.string(), email: z.string(), name: z.string(), google_token: z.string() });
export const ZIdentityProviderConfig = z.object({ provider: z.enum(['sandbox', 'google']), client_id: z.string().nullable() });

// ── Additions for the server half (names above stay stable) ─────────────────────────────────────

/** Superseded by `ZEmailCheckResponse` (newflow.ts): POST /email answers password / no_account (200), unconfirmed / already_started (202). Unused. */
export const ZEmailPrecheckResponse = z.object({ data: z.enum(['available', 'unconfirmed', 'in_progress']) });

/** Answer of the calls that send an e-mail (resend confirmation, forgot password) and of a password reset. */
export const ZEmailSentResponse = z.object({ email: z.string() });

/** GET /dashboard/confirmation/{token} */
export const ZDashboardConfirmationParams = z.object({
  token: z.string().trim().toUpperCase().min(1, FIELD_MSG.blank).max(EMAIL_TOKEN_LENGTH, FIELD_MSG.invalid),
});

/** POST /refer_code success; a code that does not exist answers 422 `{ errors: { refer_code: [MSG.referralNotFound] } }`. */
/** Signed in, the code also links the member to the friend who referred them (`message`, `referred_by`). */
export const ZReferCodeResponse = z.object({ valid: z.literal(true), message: z.string().optional(), referred_by: z.string().optional() });

/** POST /captcha success; a failure answers 422 `{ error: MSG.captchaFailed }`. */
export const ZCaptchaResponse = z.object({ success: z.literal(true) });
/** GET /captcha/config: which captcha the SPA loads (the site key is public). */
export const ZCaptchaConfig = z.object({ provider: z.enum(['sandbox', 'recaptcha']), site_key: z.string().nullable() });

/** A refused workflow move (422): the reason and the status the SPA should adopt. */
export const ZStatusRefused = z.object({ error: z.string(), current_status: ZWorkflowStatus });

/** GET /c/{code} */
export const ZPresignedLinkParams = z.object({ code: z.string().min(1).max(200) });

/** POST /api/backoffice/presigned_links (admin, underwriter): e-mails a single-use sign-in link to the member. */
export const ZCreatePresignedLinkRequest = z.object({ email: ZEmail, new_flow: z.boolean().optional().default(false) });
export const ZPresignedLinkCreated = z.object({ id: z.number().int(), email: z.string(), new_flow: z.boolean(), expires_at: z.string() });

/**
 * PATCH /api/backoffice/members/{id}/servicer_flags (admin, servicer): the account's servicer capability
 * flags (access §6): hasNelNet with its servicer id (the external dashboard), hasJackHenry (the
 * core-banking payment route). Answers the flags as stored; each change is a staff action.
 */
export const ZServicerFlags = z
  .object({ has_nelnet: z.boolean(), nelnet_id: z.string().trim().min(1).max(60).nullable(), has_jack_henry: z.boolean() })
  .refine((f) => !f.has_nelnet || f.nelnet_id !== null, { path: ['nelnet_id'], message: "can't be blank" });
export type TServicerFlags = z.infer<typeof ZServicerFlags>;
export const ZMemberParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** PATCH /notifications/read/{id}, /notifications/unread/{id} */
export const ZNotificationParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** POST /support_messages: 201 with the stored message id. */
export const ZSupportMessageCreated = z.object({ id: z.number().int() });
