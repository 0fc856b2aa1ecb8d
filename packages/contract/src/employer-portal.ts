import { z } from 'zod';
import { ZEmail, ZPassword } from './identity';
import { EMPLOYER_TYPES, PAY_FREQUENCIES, PAYMENT_TYPES } from './reference';

/**
 * The employer portal's accounts and session (issue #31, docs/security.md "Employer portal"). Routes live
 * under {@link EMPLOYER_PORTAL_PREFIX}; the session token travels as for staff: the `authorization`
 * response header after a completed sign-in, the `Authorization` request header after that.
 *
 * Sign-in is two steps: POST /login (e-mail + password) answers a short-lived challenge; POST /login/otp
 * (challenge + TOTP code or a recovery code) opens the session. An invited administrator accepts the
 * invitation (POST /invitations/accept), gets a TOTP secret to add to an authenticator app and an
 * enrolment token; POST /totp/confirm (enrolment token in `Authorization`, a first code in the body)
 * activates the account, answers the one-time recovery codes (shown once) and opens the session.
 *
 * Every answer an employer gets is a strict object carrying only what a deduction needs (data
 * minimisation, apps/server/test/employer-portal-minimisation.int.test.ts).
 */
export const EMPLOYER_PORTAL_PREFIX = '/api/employer_portal';

/** The portal SPA's base path. */
export const EMPLOYER_PORTAL_BASE = '/employer';

/** An invitation link lives this long. */
export const EMPLOYER_INVITATION_DAYS = 7;
/** A pending sign-in challenge or TOTP enrolment lives this long. */
export const EMPLOYER_PENDING_MINUTES = 10;
/** Recovery codes issued at enrolment. */
export const EMPLOYER_RECOVERY_CODE_COUNT = 10;
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_ISSUER = 'Payrail Employer Portal';

export const EMPLOYER_LOGIN_FAILED = 'Invalid email or password.';
export const EMPLOYER_CODE_FAILED = 'That code is not valid. Enter the current 6-digit code from your authenticator app, or one of your recovery codes.';
export const EMPLOYER_CHALLENGE_EXPIRED = 'Your sign-in took too long. Please enter your e-mail and password again.';
export const EMPLOYER_ENROLMENT_EXPIRED =
  'Your set-up took too long. Please sign in with your e-mail and password to finish setting up your authenticator app.';
export const EMPLOYER_INVITATION_EXPIRED = 'This invitation has expired. Ask your Payrail contact to send you a new one.';
export const EMPLOYER_INVITATION_USED = 'This invitation has already been used. Sign in with your e-mail and password.';
export const EMPLOYER_INVITATION_REVOKED = 'This invitation was withdrawn. Ask your Payrail contact to send you a new one.';
export const EMPLOYER_INVITATION_UNKNOWN = 'This invitation link is not valid. Check that you opened the whole link from the e-mail.';

/** The signed-in employer user, as the guard sets it (`employerOf(req)`) and GET /me answers. */
export const ZEmployerUser = z.strictObject({
  id: z.number().int(),
  employer_id: z.number().int(),
  employer_name: z.string(),
  email: z.string(),
  name: z.string(),
});
export type TEmployerUser = z.infer<typeof ZEmployerUser>;

/** POST /login */
export const ZEmployerLoginRequest = z.object({
  email: z.string({ error: 'Required.' }).trim().toLowerCase().email('Invalid e-mail.').max(254),
  password: z.string({ error: 'Required.' }).min(1, 'Required.').max(200),
});
export type TEmployerLoginRequest = z.infer<typeof ZEmployerLoginRequest>;

/** POST /login answers: the password was right, a second factor is needed (the challenge goes to /login/otp). */
export const ZEmployerLoginChallenge = z.strictObject({
  second_factor_required: z.literal(true),
  challenge: z.string(),
  /** True when the account never finished its TOTP set-up: the client asks for /totp/enrol instead of a code. */
  enrolment_required: z.boolean(),
});
export type TEmployerLoginChallenge = z.infer<typeof ZEmployerLoginChallenge>;

const ZTotpCode = z
  .string({ error: 'Required.' })
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.');
const ZRecoveryCode = z
  .string()
  .trim()
  .toUpperCase()
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^[A-Z0-9]{10}$/, 'A recovery code has 10 letters and digits.'));

/** POST /login/otp: the challenge with a TOTP code or one recovery code. */
export const ZEmployerOtpRequest = z
  .object({
    challenge: z.string({ error: 'Required.' }).min(1, 'Required.').max(200),
    code: ZTotpCode.optional(),
    recovery_code: ZRecoveryCode.optional(),
  })
  .refine((b) => (b.code === undefined) !== (b.recovery_code === undefined), {
    message: 'Enter either a code from your authenticator app or a recovery code.',
    path: ['code'],
  });
export type TEmployerOtpRequest = z.infer<typeof ZEmployerOtpRequest>;

/** GET /invitations/:token: whom the invitation is for. An expired, used or withdrawn one answers 410 with a clear message. */
export const ZEmployerInvitationInfo = z.strictObject({
  email: z.string(),
  employer_name: z.string(),
  expires_at: z.string(),
});
export type TEmployerInvitationInfo = z.infer<typeof ZEmployerInvitationInfo>;

/** POST /invitations/accept */
export const ZEmployerAcceptInvitation = z.object({
  token: z.string({ error: 'Required.' }).min(1, 'Required.').max(200),
  name: z.string({ error: 'Required.' }).trim().min(1, 'Enter your name.').max(120),
  password: ZPassword,
});
export type TEmployerAcceptInvitation = z.infer<typeof ZEmployerAcceptInvitation>;

/**
 * The TOTP set-up (answer of POST /invitations/accept and POST /totp/enrol): the secret in base32 (to type
 * in), the otpauth:// URI, the same as a QR code (an SVG document), and the enrolment token that
 * POST /totp/confirm takes in `Authorization`.
 */
export const ZEmployerTotpEnrolment = z.strictObject({
  secret: z.string(),
  otpauth_uri: z.string(),
  qr_svg: z.string(),
  enrolment_token: z.string(),
});
export type TEmployerTotpEnrolment = z.infer<typeof ZEmployerTotpEnrolment>;

/** POST /totp/enrol: a sign-in challenge of an account that never finished its set-up. */
export const ZEmployerTotpEnrolRequest = z.object({ challenge: z.string({ error: 'Required.' }).min(1, 'Required.').max(200) });

/** POST /totp/confirm */
export const ZEmployerTotpConfirm = z.object({ code: ZTotpCode });
export type TEmployerTotpConfirm = z.infer<typeof ZEmployerTotpConfirm>;

/** POST /totp/confirm answers: the account is active; the recovery codes are shown this once. The session token is in `authorization`. */
export const ZEmployerEnrolled = z.strictObject({
  user: ZEmployerUser,
  recovery_codes: z.array(z.string()),
});
export type TEmployerEnrolled = z.infer<typeof ZEmployerEnrolled>;

// ---- Back office (/api/backoffice, staff capability `manageEmployerUsers`) ----

export const ZBackofficeEmployer = z.strictObject({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  partnership: z.enum(['b2b_partner']).nullable(),
  employer_type: z.enum(EMPLOYER_TYPES),
  payment_type: z.enum(PAYMENT_TYPES),
  pay_frequency: z.enum(PAY_FREQUENCIES),
  /** Employer users who can sign in (enrolled, not disabled). */
  active_users: z.number().int(),
  /** Invitations neither accepted, revoked nor expired. */
  pending_invitations: z.number().int(),
});
export type TBackofficeEmployer = z.infer<typeof ZBackofficeEmployer>;

/** GET /api/backoffice/employers: b2b partners first, then by name. */
export const ZBackofficeEmployerList = z.strictObject({ employers: z.array(ZBackofficeEmployer) });
export type TBackofficeEmployerList = z.infer<typeof ZBackofficeEmployerList>;

export const EMPLOYER_USER_STATUSES = ['active', 'pending_enrolment', 'disabled'] as const;
export const ZBackofficeEmployerUser = z.strictObject({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  status: z.enum(EMPLOYER_USER_STATUSES),
  totp_enrolled_at: z.string().nullable(),
  disabled_at: z.string().nullable(),
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
});
export type TBackofficeEmployerUser = z.infer<typeof ZBackofficeEmployerUser>;

export const EMPLOYER_INVITATION_STATUSES = ['pending', 'accepted', 'expired', 'revoked'] as const;
export const ZBackofficeEmployerInvitation = z.strictObject({
  id: z.number().int(),
  email: z.string(),
  status: z.enum(EMPLOYER_INVITATION_STATUSES),
  invited_by: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  accepted_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type TBackofficeEmployerInvitation = z.infer<typeof ZBackofficeEmployerInvitation>;

/** GET /api/backoffice/employers/:id */
export const ZBackofficeEmployerDetail = z.strictObject({
  employer: ZBackofficeEmployer,
  users: z.array(ZBackofficeEmployerUser),
  invitations: z.array(ZBackofficeEmployerInvitation),
});
export type TBackofficeEmployerDetail = z.infer<typeof ZBackofficeEmployerDetail>;

/** POST /api/backoffice/employers/:id/invitations */
export const ZEmployerInvitationRequest = z.object({ email: ZEmail });
export type TEmployerInvitationRequest = z.infer<typeof ZEmployerInvitationRequest>;

export const EMPLOYER_ALREADY_HAS_ACCOUNT = 'This e-mail address already has an employer portal account.';
export const EMPLOYER_INVITATION_PENDING = 'An invitation to this e-mail address is already pending. Revoke it first to send a new one.';
