import type { IsoDate } from '@payrail/domain/dates';
import { and, asc, desc, eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pricingPrograms, pricingRateEntries, userAgreements } from '../../db/schema/index';

export type PricingProgramRow = typeof pricingPrograms.$inferSelect;
export type RateEntryRow = typeof pricingRateEntries.$inferSelect;
export type LendingProgram = PricingProgramRow['lendingProgram'];

/** Pricing programs (rate tables as data) and the terms consent. */
export function loanTermsRepository(db: Db) {
  return {
    /** The program in force on `today` for a lending program (the latest effective one), with its rate entries. */
    programInForce: async (lendingProgram: LendingProgram, today: IsoDate): Promise<{ program: PricingProgramRow; entries: RateEntryRow[] } | undefined> => {
      const [program] = await db
        .select()
        .from(pricingPrograms)
        .where(and(eq(pricingPrograms.lendingProgram, lendingProgram), eq(pricingPrograms.active, true), lte(pricingPrograms.effectiveFrom, today)))
        .orderBy(desc(pricingPrograms.effectiveFrom), desc(pricingPrograms.id))
        .limit(1);
      if (!program) return undefined;
      const entries = await db.select().from(pricingRateEntries).where(eq(pricingRateEntries.programId, program.id)).orderBy(asc(pricingRateEntries.id));
      return { program, entries };
    },

    /** Records that the member accepted an agreement document (first acceptance kept; the application row keeps the latest). */
    recordAgreement: async (a: { userId: number; agreementDocumentId: number; at: Date; ip: string | null; userAgent: string | null }): Promise<void> => {
      await db
        .insert(userAgreements)
        .values({ userId: a.userId, agreementDocumentId: a.agreementDocumentId, acceptedAt: a.at, ip: a.ip, userAgent: a.userAgent })
        .onConflictDoNothing();
    },
  };
}
export type LoanTermsRepository = ReturnType<typeof loanTermsRepository>;
