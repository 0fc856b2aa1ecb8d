import type { DocumentTypeName, StoredFileSource } from '@payrail/contract/documents';
import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { applicationMembers, documents, dueDateChangeRequests, esignatures, loanBorrowers, pendingUploads } from '../../db/schema/index';

export type DocumentRow = typeof documents.$inferSelect;
export type NewDocument = Omit<typeof documents.$inferInsert, 'id' | 'deletedAt'>;

/** A record that keeps bytes in file storage, with its member, for the back office's storage check. */
export type StoredFileRecord = {
  source: StoredFileSource;
  id: number;
  userId: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  kind: string;
  storageKey: string;
  createdAt: Date;
};

export function documentsRepository(db: Db) {
  const live = (userId: number) => and(eq(documents.userId, userId), isNull(documents.deletedAt));
  return {
    // ── The upload journal (orphan files) ──────────────────────────────────────────────────────
    /** Notes a file about to be stored, before its bytes are written. */
    beginUpload: async (storageKey: string, at: Date): Promise<void> => {
      await db.insert(pendingUploads).values({ storageKey, createdAt: at }).onConflictDoNothing();
    },

    /** The file is referenced (or removed again): nothing left to sweep. */
    endUpload: async (storageKey: string): Promise<void> => {
      await db.delete(pendingUploads).where(eq(pendingUploads.storageKey, storageKey));
    },

    /** Uploads begun before `before` and never ended. */
    staleUploads: (before: Date, limit = 500) =>
      db.select().from(pendingUploads).where(lt(pendingUploads.createdAt, before)).orderBy(asc(pendingUploads.createdAt)).limit(limit),

    /** True when a document, a signed agreement or a profile photo references the stored file. */
    isReferenced: async (storageKey: string, avatarUrl: string | null): Promise<boolean> => {
      const [doc] = await db.select({ id: documents.id }).from(documents).where(eq(documents.storageKey, storageKey)).limit(1);
      if (doc) return true;
      const [signed] = await db.select({ id: esignatures.id }).from(esignatures).where(eq(esignatures.storageKey, storageKey)).limit(1);
      if (signed) return true;
      if (avatarUrl === null) return false;
      const [member] = await db.select({ id: applicationMembers.id }).from(applicationMembers).where(eq(applicationMembers.avatar, avatarUrl)).limit(1);
      return member !== undefined;
    },

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
      const [row] = await db
        .select()
        .from(documents)
        .where(and(live(userId), eq(documents.id, id)))
        .limit(1);
      return row;
    },

    /** Any member's live document by id (the back office's view); undefined when deleted or missing. */
    findLiveById: async (id: number): Promise<DocumentRow | undefined> => {
      const [row] = await db
        .select()
        .from(documents)
        .where(and(eq(documents.id, id), isNull(documents.deletedAt)))
        .limit(1);
      return row;
    },

    /**
     * Every record whose bytes should be in file storage: live uploaded documents, signed promissory notes
     * and signed due-date change agreements, each with its member (e-mail, name).
     */
    storedFiles: async (): Promise<StoredFileRecord[]> => {
      const member = { email: applicationMembers.email, firstName: loanBorrowers.firstName, lastName: loanBorrowers.lastName };
      const [uploads, notes, changes] = await Promise.all([
        db
          .select({
            id: documents.id,
            userId: documents.userId,
            kind: documents.documentTypeName,
            storageKey: documents.storageKey,
            createdAt: documents.createdAt,
            ...member,
          })
          .from(documents)
          .innerJoin(applicationMembers, eq(applicationMembers.id, documents.userId))
          .leftJoin(loanBorrowers, eq(loanBorrowers.userId, documents.userId))
          .where(isNull(documents.deletedAt)),
        db
          .select({ id: esignatures.id, userId: esignatures.userId, storageKey: esignatures.storageKey, createdAt: esignatures.signedAt, ...member })
          .from(esignatures)
          .innerJoin(applicationMembers, eq(applicationMembers.id, esignatures.userId))
          .leftJoin(loanBorrowers, eq(loanBorrowers.userId, esignatures.userId)),
        db
          .select({
            id: dueDateChangeRequests.id,
            userId: dueDateChangeRequests.userId,
            storageKey: dueDateChangeRequests.storageKey,
            createdAt: dueDateChangeRequests.createdAt,
            ...member,
          })
          .from(dueDateChangeRequests)
          .innerJoin(applicationMembers, eq(applicationMembers.id, dueDateChangeRequests.userId))
          .leftJoin(loanBorrowers, eq(loanBorrowers.userId, dueDateChangeRequests.userId)),
      ]);
      return [
        ...uploads.map((r) => ({ ...r, source: 'document' as const })),
        ...notes.map((r) => ({ ...r, source: 'signed_note' as const, kind: 'signed_note' })),
        ...changes.map((r) => ({ ...r, source: 'due_date_change_agreement' as const, kind: 'due_date_change_agreement' })),
      ];
    },

    /** Marks the member's live document deleted; answers the row as it was, or undefined when there was none. */
    softDelete: async (userId: number, id: number, at: Date): Promise<DocumentRow | undefined> => {
      const [row] = await db
        .update(documents)
        .set({ deletedAt: at })
        .where(and(live(userId), eq(documents.id, id)))
        .returning();
      return row;
    },
  };
}
export type DocumentsRepository = ReturnType<typeof documentsRepository>;
