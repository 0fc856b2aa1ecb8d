import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { installSecrets, outboxMessages, systemEvents } from '../../db/schema/index';

export type OutboxRow = typeof outboxMessages.$inferSelect;
export type NewOutboxMessage = Omit<typeof outboxMessages.$inferInsert, 'id' | 'createdAt'>;

export function platformRepository(db: Db) {
  return {
    ping: async (): Promise<void> => {
      await db.select({ id: systemEvents.id }).from(systemEvents).limit(1);
    },

    recordOutbox: async (message: NewOutboxMessage): Promise<OutboxRow> => {
      const [row] = await db.insert(outboxMessages).values(message).returning();
      return row!;
    },

    listOutbox: (recipient: string, limit = 50) =>
      db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, recipient))
        .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
        .limit(limit),

    activeSystemEvent: async () => {
      const [row] = await db
        .select()
        .from(systemEvents)
        .where(and(eq(systemEvents.active, true), isNull(systemEvents.endedAt)))
        .orderBy(desc(systemEvents.createdAt))
        .limit(1);
      return row;
    },

    startSystemEvent: async (description: string, staffId: number | null) => {
      return db.transaction(async (tx) => {
        await tx.update(systemEvents).set({ active: false, endedAt: new Date() }).where(eq(systemEvents.active, true));
        const [row] = await tx.insert(systemEvents).values({ description, createdByStaffId: staffId }).returning();
        return row!;
      });
    },

    /** The secret stored under `name`, created with `generate()` by whichever instance asks first. */
    installSecret: async (name: string, generate: () => string): Promise<string> => {
      await db.insert(installSecrets).values({ name, value: generate() }).onConflictDoNothing();
      const [row] = await db.select({ value: installSecrets.value }).from(installSecrets).where(eq(installSecrets.name, name)).limit(1);
      return row!.value;
    },

    endSystemEvents: async () => {
      await db.update(systemEvents).set({ active: false, endedAt: new Date() }).where(eq(systemEvents.active, true));
    },
  };
}
export type PlatformRepository = ReturnType<typeof platformRepository>;
