import type { WorkflowStatus } from '@payrail/domain/workflow/statuses';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { createdUpdatedAt, createdUpdatedAtDefaultNow, requestOriginColumns, sessionEndColumns } from './columns';
import { agreementDocuments, employers, states } from './reference';
import { staffUsers } from './staff';
import { LOAN_TYPES } from '@payrail/domain/loan/statuses';

/**
 * Borrower accounts ("application members" on the wire). E-mail is stored lower-case (a check keeps it
 * so); the password hash is null for an account made with a social identity only.
 */
export const applicationMembers = pgTable(
  'application_members',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash'),
    googleSub: text('google_sub').unique(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    workflowStatus: text('workflow_status').$type<WorkflowStatus>().notNull(),
    loanType: text('loan_type', { enum: LOAN_TYPES }).notNull().default('new'),
    refinancing: boolean('refinancing').notNull().default(false),
    feedbackRating: boolean('feedback_rating').notNull().default(false),
    notQualifiedReason: text('not_qualified_reason'),
    avatar: text('avatar'),
    hasNelnet: boolean('has_nelnet').notNull().default(false),
    nelnetId: text('nelnet_id'),
    hasJackHenry: boolean('has_jack_henry').notNull().default(false),
    newFlow: boolean('new_flow').notNull().default(false),
    fingerprint: text('fingerprint'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    httpReferer: text('http_referer'),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    ...createdUpdatedAtDefaultNow(),
  },
  (t) => [check('application_members_email_lower', sql`${t.email} = lower(${t.email})`)],
);

/** The key of a row that belongs to one member (a borrower account): its own id and the member's. */
export function memberRowColumns() {
  return {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => applicationMembers.id),
  };
}

/** The borrower's profile as the access flow knows it; the application steps add their own tables. */
export const loanBorrowers = pgTable('loan_borrowers', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => applicationMembers.id),
  firstName: text('first_name'),
  lastName: text('last_name'),
  employerId: integer('employer_id').references(() => employers.id),
  stateId: integer('state_id').references(() => states.id),
  /** The borrower's own code to share; upper-case. */
  referCode: text('refer_code').notNull().unique(),
  /** The refer code of the friend who referred this borrower. */
  referredBy: text('referred_by'),
  /** E.164; set when a code is sent in the application flow, confirmed when verified. */
  phone: text('phone'),
  phoneConfirmedAt: timestamp('phone_confirmed_at', { withTimezone: true }),
  ...createdUpdatedAtDefaultNow(),
});

/** Borrower sessions: only the SHA-256 of the token is stored. Separate from staff sessions by design. */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => applicationMembers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    ...sessionEndColumns(),
  },
  (t) => [index('user_sessions_user_idx').on(t.userId)],
);

/** E-mail confirmation tokens (6 characters), stored as a keyed hash so the token is looked up alone. */
export const emailConfirmations = pgTable(
  'email_confirmations',
  {
    ...memberRowColumns(),
    codeHash: text('code_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** A newer code replaced this one (kept so an old code answers "a newer code was sent", issue #33). */
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('email_confirmations_user_idx').on(t.userId)],
);

/** Password-reset tokens: single use, expiring, hashed. */
export const passwordResets = pgTable(
  'password_resets',
  {
    ...memberRowColumns(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/**
 * One row per member and phone number: the code out now (keyed hash), how many were sent in the
 * current hour window, how many wrong guesses the current code had, and when the number was verified.
 */
export const phoneVerifications = pgTable(
  'phone_verifications',
  {
    ...memberRowColumns(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash'),
    sends: integer('sends').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    ...createdUpdatedAt(),
  },
  (t) => [unique('phone_verifications_user_phone').on(t.userId, t.phone)],
);

/** Pre-signed sign-in links (/c/{code}) that staff send: single use, expiring, hashed. */
export const presignedLinks = pgTable(
  'presigned_links',
  {
    id: serial('id').primaryKey(),
    codeHash: text('code_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => applicationMembers.id),
    newFlow: boolean('new_flow').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdByStaffId: integer('created_by_staff_id').references(() => staffUsers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('presigned_links_user_idx').on(t.userId)],
);

/** Which agreement document version a member accepted, when, and from where. */
export const userAgreements = pgTable(
  'user_agreements',
  {
    ...memberRowColumns(),
    agreementDocumentId: integer('agreement_document_id')
      .notNull()
      .references(() => agreementDocuments.id),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
    ...requestOriginColumns(),
  },
  (t) => [unique('user_agreements_user_document').on(t.userId, t.agreementDocumentId)],
);

/**
 * Attempt counters behind the per-account and per-code lockouts (sign-in, staff sign-in, confirmation
 * codes, phone codes, reset e-mails). `key` is the SHA-256 of `kind:subject`, so the table names no
 * e-mail. One conditional upsert counts an attempt, so concurrent attempts never exceed the limit.
 */
export const authThrottles = pgTable('auth_throttles', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  /** While in the future every attempt is refused; each lockout doubles the next one (back-off). */
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lockouts: integer('lockouts').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
