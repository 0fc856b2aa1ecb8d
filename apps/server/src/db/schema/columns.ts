import { integer, jsonb, text, timestamp } from 'drizzle-orm/pg-core';
import { MESSAGE_CHANNELS } from '@payrail/contract/platform';

/*
 * Column groups that several tables declare with the same meaning (issue #28), each declared once. A group is
 * a function, so every table gets builders of its own; spread it where its columns stand, in their order:
 * `pgTable('t', { id: …, ...requestOriginColumns(), … })`. The SQL names, types, nullability and defaults are
 * those the tables had (the migrations did not change). Groups that name a table live next to that table
 * (`memberRowColumns` in ./identity, `loanRowColumns` in ./servicing), so no schema file imports in a circle.
 * scripts/db-column-types.test.ts follows these spreads when it checks that money and days are branded.
 */

/** Where a request came from (client IP and User-Agent): the evidence kept with what it did (a consent, a signature, a payment, a view). */
export function requestOriginColumns() {
  return {
    ip: text('ip'),
    userAgent: text('user_agent'),
  };
}

/** When the row was written and last changed, both set by the repository that writes it. */
export function createdUpdatedAt() {
  return {
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  };
}

/** When the row was written and last changed, defaulting to the transaction's time. */
export function createdUpdatedAtDefaultNow() {
  return {
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  };
}

/**
 * How a session ends, and where it was opened: the absolute expiry (the idle expiry is `last_seen_at` + the
 * configured idle time), when it was revoked (null while it stands), the client's IP and User-Agent.
 */
export function sessionEndColumns() {
  return {
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ...requestOriginColumns(),
  };
}

/** A signed PDF sealed in file storage under `storage_key`; `sha256` and `byte_size` describe its own bytes. */
export function sealedFileColumns() {
  return {
    storageKey: text('storage_key').notNull().unique(),
    sha256: text('sha256').notNull(),
    byteSize: integer('byte_size').notNull(),
  };
}

/** An e-mail or text message: the channel, the address or number it goes to, its subject (e-mail) and bodies. */
export function messageEnvelopeColumns() {
  return {
    channel: text('channel', { enum: MESSAGE_CHANNELS }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body'),
    html: text('html'),
  };
}

/** An audit-trail entry: what was done, and the state before and after it. */
export function auditChangeColumns() {
  return {
    action: text('action').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>().notNull(),
    after: jsonb('after').$type<Record<string, unknown>>().notNull(),
  };
}
