import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { auditChangeColumns, sessionEndColumns } from './columns';
import { employers } from './reference';
import { staffUsers } from './staff';

/**
 * Employer portal accounts (issue #31, docs/security.md "Employer portal"): an employer's HR/payroll
 * administrators, invited from the back office, signing in with a password and a TOTP second factor.
 * `email` is stored lower-case (a check holds it). `totp_secret` is sealed with the install's crypto box
 * (AES-256-GCM, bound to this column by its AAD, like SSNs and bank account numbers); null only before
 * the invitation is accepted. `totp_last_step`: the last 30-second step whose code was accepted, so a
 * code is never taken twice (replay).
 */
export const employerUsers = pgTable(
  'employer_users',
  {
    id: serial('id').primaryKey(),
    employerId: integer('employer_id')
      .notNull()
      .references(() => employers.id),
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    totpSecret: text('totp_secret'),
    totpLastStep: integer('totp_last_step'),
    totpEnrolledAt: timestamp('totp_enrolled_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('employer_users_employer_idx').on(t.employerId), check('employer_users_email_lower', sql`${t.email} = lower(${t.email})`)],
);

/** Invitations a servicer or admin sends to an employer's administrator; only the SHA-256 of the link's token is stored. */
export const employerInvitations = pgTable(
  'employer_invitations',
  {
    id: serial('id').primaryKey(),
    employerId: integer('employer_id')
      .notNull()
      .references(() => employers.id),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedByStaffId: integer('invited_by_staff_id')
      .notNull()
      .references(() => staffUsers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedUserId: integer('accepted_user_id').references(() => employerUsers.id),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('employer_invitations_employer_idx').on(t.employerId, t.id), check('employer_invitations_email_lower', sql`${t.email} = lower(${t.email})`)],
);

/**
 * Employer sessions: only the SHA-256 of the token is stored. `stage`:
 * - `enrolment`: the invitation was accepted, the TOTP secret is shown; only POST /totp/confirm takes it;
 * - `second_factor`: the password was right (the sign-in challenge); only POST /login/otp takes it;
 * - `active`: a full session, the only stage the guard lets through.
 * A pending stage lives minutes; passing it revokes it and opens a new `active` session (a new token).
 */
export const employerSessions = pgTable(
  'employer_sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    employerUserId: integer('employer_user_id')
      .notNull()
      .references(() => employerUsers.id),
    stage: text('stage', { enum: ['enrolment', 'second_factor', 'active'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    ...sessionEndColumns(),
  },
  (t) => [
    index('employer_sessions_user_idx').on(t.employerUserId),
    check('employer_sessions_stage_valid', sql`${t.stage} in ('enrolment', 'second_factor', 'active')`),
  ],
);

/** One-time recovery codes (shown once at enrolment), stored as an HMAC under the install's code secret. */
export const employerRecoveryCodes = pgTable(
  'employer_recovery_codes',
  {
    id: serial('id').primaryKey(),
    employerUserId: integer('employer_user_id')
      .notNull()
      .references(() => employerUsers.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('employer_recovery_codes_user_idx').on(t.employerUserId)],
);

/** The employer users' audit trail (sign-ins, failed attempts, enrolment, every portal write): append-only like staff_actions. */
export const employerActions = pgTable(
  'employer_actions',
  {
    id: serial('id').primaryKey(),
    employerUserId: integer('employer_user_id')
      .notNull()
      .references(() => employerUsers.id),
    employerId: integer('employer_id')
      .notNull()
      .references(() => employers.id),
    ...auditChangeColumns(),
    ip: text('ip'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('employer_actions_employer_idx').on(t.employerId, t.id), index('employer_actions_user_idx').on(t.employerUserId, t.id)],
);
