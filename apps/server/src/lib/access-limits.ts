/**
 * Lifetimes and limits of the access flow, in one place (docs/identity-and-sessions.md lists them).
 * Session lifetimes are configuration (SESSION_IDLE_MINUTES, SESSION_ABSOLUTE_HOURS).
 */
export const EMAIL_CONFIRMATION_HOURS = 24;
export const PASSWORD_RESET_HOURS = 6;
export const PRESIGNED_LINK_HOURS = 72;
export const PHONE_CODE_MINUTES = 10;
/** Codes sent to one member per hour, over all numbers (counted atomically: THROTTLES.phoneSend in modules/platform/throttle.ts). */
export const PHONE_SENDS_PER_HOUR = 5;
/** Wrong guesses a code survives; the next call answers 429 until a new code is sent. */
export const WRONG_CODES_ALLOWED = 5;

/**
 * Per-IP rate limits (@fastify/rate-limit, per route). They stop guessing and flooding from one address;
 * the per-member counters above stop it across addresses.
 */
export const RATE_LIMITS = {
  login: { max: 10, timeWindow: '1 minute' },
  signup: { max: 10, timeWindow: '1 minute' },
  emailPrecheck: { max: 20, timeWindow: '1 minute' },
  confirmation: { max: 10, timeWindow: '1 minute' },
  resend: { max: 5, timeWindow: '1 minute' },
  passwordReset: { max: 5, timeWindow: '1 minute' },
  passwordUpdate: { max: 10, timeWindow: '1 minute' },
  phoneSend: { max: 10, timeWindow: '1 minute' },
  phoneVerify: { max: 10, timeWindow: '1 minute' },
  referCode: { max: 20, timeWindow: '1 minute' },
  captcha: { max: 30, timeWindow: '1 minute' },
  presignedLink: { max: 10, timeWindow: '1 minute' },
  visitor: { max: 60, timeWindow: '1 minute' },
  supportMessage: { max: 5, timeWindow: '1 minute' },
  staffPresignedLink: { max: 30, timeWindow: '1 minute' },
} as const;
