import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { messageEnvelopeColumns } from './columns';

export const OUTGOING_MESSAGE_STATUSES = ['queued', 'sending', 'retrying', 'sent', 'failed'] as const;
export type OutgoingMessageStatus = (typeof OUTGOING_MESSAGE_STATUSES)[number];

/**
 * Every e-mail and text the product asked to send, written before it is handed to the provider (the
 * outbox of the queue, issue #30; docs/operations.md, "Messages"). `idempotency_key` travels with every
 * delivery attempt, so a second attempt of a message the provider already took is a no-op where the
 * provider honours it. Status: `queued` (written), `sending` (claimed by one deliverer, `claimed_at`),
 * `retrying` (an attempt failed; the `messages.deliver` job retries it), `sent`, `failed` (out of retries;
 * the job is dead-lettered). In production the body and HTML are erased once the message is sent.
 */
export const outgoingMessages = pgTable(
  'outgoing_messages',
  {
    id: serial('id').primaryKey(),
    ...messageEnvelopeColumns(),
    meta: jsonb('meta').$type<Record<string, unknown>>(),
    template: text('template'),
    idempotencyKey: uuid('idempotency_key').notNull().unique(),
    status: text('status', { enum: OUTGOING_MESSAGE_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outgoing_messages_pending_idx')
      .on(t.status, t.createdAt)
      .where(sql`${t.status} <> 'sent'`),
  ],
);
