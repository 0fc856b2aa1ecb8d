import type { DocumentTypeName } from '@payrail/contract/documents';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documents } from '../../db/schema/index';

export type DocumentRow = typeof documents.$inferSelect;
export type NewDocument = Omit<typeof documents.$inferInsert, 'id' | 'deletedAt'>;

export function documentsRepository(db: Db) {
  const live = (userId: number) => and(eq(documents.userId, userId), isNull(documents.deletedAt));
  return {
    create: async (d: NewDocument): Promise<DocumentRow> => {
      const [row] = await db.insert(documents).values(d).returning();
      return row!;
    },

    /** The member's live documents, oldest first, optionally of one type. */
    listLive: (userId: number, type?: DocumentTypeName) =>
      db
        .select()
        .from(documents)
        .where(type ? and(live(userId), eq(documents.documentTypeName, type)) : live(userId))
        .orderBy(asc(documents.createdAt), asc(documents.id)),

    /** The member's own live document; undefined when it is someone else's, deleted or missing. */
    findLive: async (userId: number, id: number): Promise<DocumentRow | undefined> => {
      const [row] = await db.select().from(documents).where(and(live(userId), eq(documents.id, id))).limit(1);
      return row;
    },

    /** Marks the member's live document deleted; answers the row as it was, or undefined when there was none. */
    softDelete: async (userId: number, id: number, at: Date): Promise<DocumentRow | undefined> => {
      const [row] = await db.update(documents).set({ deletedAt: at }).where(and(live(userId), eq(documents.id, id))).returning();
      return row;
    },
  };
}
export type DocumentsRepository = ReturnType<typeof documentsRepository>;
