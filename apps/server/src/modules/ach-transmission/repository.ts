import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { achFileTransmissions } from '../../db/schema/index';

export type AchTransmissionRow = typeof achFileTransmissions.$inferSelect;

/** The transmission record of each NACHA spool file (one row per file name). */
export function achTransmissionRepository(db: Db) {
  const t = achFileTransmissions;
  return {
    /** The file's row, created `pending` the first time the spool shows it. */
    register: async (fileName: string, transmitter: string): Promise<void> => {
      await db.insert(t).values({ fileName, transmitter }).onConflictDoNothing();
    },

    /**
     * Claims the file for one transmission attempt (one UPDATE: of several runs at once, one gets it):
     * `pending`, or `transmitting` whose claim is older than `leaseSeconds` (that run died mid-way).
     * Null when it is transmitted or another run holds it.
     */
    claim: async (fileName: string, transmitter: string, leaseSeconds: number): Promise<AchTransmissionRow | null> => {
      const [row] = await db
        .update(t)
        .set({ status: 'transmitting', transmitter, attempts: sql`${t.attempts} + 1`, claimedAt: sql`now()` })
        .where(
          and(
            eq(t.fileName, fileName),
            or(eq(t.status, 'pending'), and(eq(t.status, 'transmitting'), sql`${t.claimedAt} <= now() - make_interval(secs => ${leaseSeconds}::float8)`)),
          ),
        )
        .returning();
      return row ?? null;
    },

    markTransmitted: async (fileName: string, f: { remoteName: string; sha256: string; bytes: number; foundAtBank: boolean }): Promise<void> => {
      await db
        .update(t)
        .set({ status: 'transmitted', ...f, lastError: null, transmittedAt: sql`now()` })
        .where(and(eq(t.fileName, fileName), eq(t.status, 'transmitting')));
    },

    /** An attempt failed before the bank had the file: back to `pending` for the next run. */
    release: async (fileName: string, error: string): Promise<void> => {
      await db
        .update(t)
        .set({ status: 'pending', lastError: error.slice(0, 500), claimedAt: null })
        .where(and(eq(t.fileName, fileName), eq(t.status, 'transmitting')));
    },

    byFile: async (fileName: string): Promise<AchTransmissionRow | null> => {
      const [row] = await db.select().from(t).where(eq(t.fileName, fileName));
      return row ?? null;
    },
  };
}

export type AchTransmissionRepository = ReturnType<typeof achTransmissionRepository>;
