import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { messageEnvelopeColumns } from './columns';

/**
 * Every e-mail and SMS the providers were asked to send: who, which template, when, and whether the
 * provider took it. Bodies (codes, reset and sign-in links) are kept ONLY by the sandboxes in
 * development and test, where this table is the mailbox the demo reads; a real provider's record has
 * no body, so read access to the database is not account takeover (docs/security.md).
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial('id').primaryKey(),
    ...messageEnvelopeColumns(),
    provider: text('provider').notNull(),
    /** The message's template (`password_reset`, `phone_verification`…), for support. */
    template: text('template'),
    /** `sent` (the provider accepted it) or `failed` (it refused; the error is in meta). */
    status: text('status', { enum: ['sent', 'failed'] })
      .notNull()
      .default('sent'),
    meta: jsonb('meta').$type<Record<string, unknown>>(),
    /** The outgoing message's key (`outgoing_messages`): a second delivery of one message records nothing. */
    idempotencyKey: uuid('idempotency_key').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_messages_recipient_idx').on(t.recipient, t.createdAt)],
);

/** A system event (maintenance, outage): while one is active the borrower API answers 503. */
export const systemEvents = pgTable('system_events', {
  id: serial('id').primaryKey(),
  description: text('description').notNull(),
  active: boolean('active').notNull().default(true),
  createdByStaffId: integer('created_by_staff_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  endedAt: timestamp('ended_at', { withTimezone: true }),
});

/**
 * Secrets generated once per installation (HMAC keys for short codes and sandbox identity tokens).
 * In the database, so every instance behind a load balancer shares them.
 */
export const installSecrets = pgTable('install_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Tokens a provider handed the browser (bank-link public tokens and inquiries, card tokens) belong to
 * the member who first presents them: the first use claims the token (its SHA-256, never the token),
 * and any other member presenting it is refused. Works the same for sandboxes and real providers.
 */
export const providerTokenClaims = pgTable('provider_token_claims', {
  tokenHash: text('token_hash').primaryKey(),
  kind: text('kind').notNull(),
  userId: integer('user_id').notNull(),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
});

/**
 * The per-IP route limits (@fastify/rate-limit) when they count in PostgreSQL (RATE_LIMIT_STORE=database,
 * the default with DATABASE_URL and no REDIS_URL): one row per (route, hashed address) and window, so
 * every instance shares the count. Expired rows are swept by whichever instance counts next.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_expires_at_idx').on(t.expiresAt)],
);
