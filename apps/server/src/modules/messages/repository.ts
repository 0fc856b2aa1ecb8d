import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outboxMessages, outgoingMessages } from '../../db/schema/index';
import type { NewOutboxMessage } from '../platform/repository';

export type OutgoingMessageRow = typeof outgoingMessages.$inferSelect;
export type NewOutgoingMessage = Pick<
  typeof outgoingMessages.$inferInsert,
  'channel' | 'recipient' | 'subject' | 'body' | 'html' | 'meta' | 'template' | 'idempotencyKey'
>;

/** The outgoing messages (the queue's outbox) and the provider-side record of deliveries. */
export function messagesRepository(db: Db) {
  const m = outgoingMessages;
  return {
    insert: async (message: NewOutgoingMessage): Promise<OutgoingMessageRow> => {
      const [row] = await db.insert(m).values(message).returning();
      return row!;
    },

    byId: async (id: number): Promise<OutgoingMessageRow | null> => {
      const [row] = await db.select().from(m).where(eq(m.id, id));
      return row ?? null;
    },

    /**
     * Claims a message for one delivery attempt: one UPDATE, so of ten deliverers at once exactly one gets
     * the row. Claimable: `queued`, `retrying`, or `sending` whose claim is older than `leaseSeconds` (its
     * deliverer crashed). Answers null when the message is sent, failed for good, or being sent right now.
     */
    claim: async (id: number, leaseSeconds: number): Promise<OutgoingMessageRow | null> => {
      const stale = sql`now() - make_interval(secs => ${leaseSeconds}::float8)`;
      const [row] = await db
        .update(m)
        .set({ status: 'sending', attempts: sql`${m.attempts} + 1`, claimedAt: sql`now()` })
        .where(and(eq(m.id, id), or(inArray(m.status, ['queued', 'retrying']), and(eq(m.status, 'sending'), sql`${m.claimedAt} <= ${stale}`))))
        .returning();
      return row ?? null;
    },

    /** Marks a claimed message sent; with `eraseBody` the body and HTML are dropped (production). */
    markSent: async (id: number, eraseBody: boolean): Promise<void> => {
      await db
        .update(m)
        .set({ status: 'sent', sentAt: sql`now()`, lastError: null, ...(eraseBody ? { body: null, html: null } : {}) })
        .where(and(eq(m.id, id), eq(m.status, 'sending')));
    },

    /** An attempt failed: `retrying` (the job tries again) or `failed` (out of retries). */
    markFailed: async (id: number, error: string, final: boolean): Promise<void> => {
      await db
        .update(m)
        .set({ status: final ? 'failed' : 'retrying', lastError: error.slice(0, 500), claimedAt: null })
        .where(and(eq(m.id, id), eq(m.status, 'sending')));
    },

    /** A failed message handed back to the queue (an admin retried its dead job). */
    requeueFailed: async (id: number): Promise<void> => {
      await db
        .update(m)
        .set({ status: 'retrying' })
        .where(and(eq(m.id, id), eq(m.status, 'failed')));
    },

    /**
     * Messages nobody is delivering: `queued` or `retrying` for longer than `olderThanSeconds` (the process
     * that wrote them died before its attempt or before queuing the retry), or `sending` with a claim older
     * than `leaseSeconds`. Oldest first.
     */
    stranded: async (olderThanSeconds: number, leaseSeconds: number, limit: number): Promise<number[]> => {
      const rows = await db
        .select({ id: m.id })
        .from(m)
        .where(
          or(
            and(inArray(m.status, ['queued', 'retrying']), lt(m.createdAt, sql`now() - make_interval(secs => ${olderThanSeconds}::float8)`)),
            and(eq(m.status, 'sending'), lt(m.claimedAt, sql`now() - make_interval(secs => ${leaseSeconds}::float8)`)),
          ),
        )
        .orderBy(asc(m.createdAt))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /**
     * What a provider's delivery leaves in `outbox_messages`. With an idempotency key a second record of
     * the same message is a no-op (ON CONFLICT DO NOTHING): true when this call recorded it.
     */
    recordOutbox: async (row: NewOutboxMessage): Promise<boolean> => {
      const inserted = await db.insert(outboxMessages).values(row).onConflictDoNothing().returning({ id: outboxMessages.id });
      return inserted.length > 0;
    },

    /** How many outbox rows carry this key (tests and support). */
    outboxCount: async (idempotencyKey: string): Promise<number> => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(outboxMessages)
        .where(eq(outboxMessages.idempotencyKey, idempotencyKey));
      return row?.n ?? 0;
    },
  };
}

export type MessagesRepository = ReturnType<typeof messagesRepository>;
