import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { esignatures, userAgreements } from '../../db/schema/index';
import { withMove } from '../workflow/repository';
import type { StatusMove } from '../workflow/repository';

export type EsignatureRow = typeof esignatures.$inferSelect;
export type NewEsignature = Omit<typeof esignatures.$inferInsert, 'id'>;
export type AcceptedAgreement = { agreementDocumentId: number; acceptedAt: Date };

export function esignatureRepository(db: Db) {
  return {
    /** Records that the member accepted a document (the first acceptance of a version is kept). */
    recordAgreement: async (a: {
      userId: number;
      agreementDocumentId: number;
      at: Date;
      ip: string | null;
      userAgent: string | null;
    }): Promise<AcceptedAgreement> => {
      await db
        .insert(userAgreements)
        .values({ userId: a.userId, agreementDocumentId: a.agreementDocumentId, acceptedAt: a.at, ip: a.ip, userAgent: a.userAgent })
        .onConflictDoNothing();
      const [row] = await db
        .select({ agreementDocumentId: userAgreements.agreementDocumentId, acceptedAt: userAgreements.acceptedAt })
        .from(userAgreements)
        .where(and(eq(userAgreements.userId, a.userId), eq(userAgreements.agreementDocumentId, a.agreementDocumentId)))
        .limit(1);
      return row!;
    },

    acceptedAmong: async (userId: number, documentIds: number[]): Promise<Set<number>> => {
      if (documentIds.length === 0) return new Set();
      const rows = await db
        .select({ id: userAgreements.agreementDocumentId })
        .from(userAgreements)
        .where(and(eq(userAgreements.userId, userId), inArray(userAgreements.agreementDocumentId, documentIds)));
      return new Set(rows.map((r) => r.id));
    },

    /**
     * The signature: the audit row, every agreement signed with it, and the status move, all at once.
     * Null when the move lost a race (nothing stored).
     */
    sign: async (signature: NewEsignature, agreementDocumentIds: number[], move: StatusMove): Promise<EsignatureRow | null> => {
      const done = await withMove(db, move, async (tx) => {
        const [row] = await tx.insert(esignatures).values(signature).returning();
        await tx
          .insert(userAgreements)
          .values(
            agreementDocumentIds.map((id) => ({
              userId: signature.userId,
              agreementDocumentId: id,
              acceptedAt: signature.signedAt,
              ip: signature.ip,
              userAgent: signature.userAgent,
            })),
          )
          .onConflictDoNothing();
        return row!;
      });
      return done.ok ? done.value : null;
    },

    /** The member's newest signed note. */
    latest: async (userId: number): Promise<EsignatureRow | undefined> => {
      const [row] = await db
        .select()
        .from(esignatures)
        .where(eq(esignatures.userId, userId))
        .orderBy(desc(esignatures.signedAt), desc(esignatures.id))
        .limit(1);
      return row;
    },
  };
}
export type EsignatureRepository = ReturnType<typeof esignatureRepository>;
