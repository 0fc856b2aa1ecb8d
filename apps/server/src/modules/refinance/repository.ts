import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { applicationMembers, applications } from '../../db/schema/index';
import { applyStatusMove } from '../workflow/repository';
import type { StatusMove } from '../workflow/repository';
import { sessionSummaryRepository } from './session-summary.repository';

/** Writes of the refinance flow (reads go through the application and servicing repositories), and the session check's member summary. */
export function refinanceRepository(db: Db) {
  return {
    ...sessionSummaryRepository(db),
    /**
     * Starts a refinance in ONE transaction: the member's moves (approved → refinancing_application →
     * refinancing_loan_terms), the funded application closed, a new `refinancing` application naming the
     * loan it will pay off (repaid the same way), and the member's loan type. A lost race (the status
     * moved meanwhile) answers false and writes nothing.
     */
    start: async (s: {
      userId: number;
      moves: readonly StatusMove[];
      refinancesLoanId: number;
      paymentMethod: 'split_direct_deposit' | 'auto_debit' | 'one_times' | null;
      at: Date;
    }): Promise<boolean> => {
      class LostRace extends Error {}
      try {
        await db.transaction(async (tx) => {
          for (const m of s.moves) if (!(await applyStatusMove(tx, m))) throw new LostRace();
          await tx
            .update(applications)
            .set({ closedAt: s.at, updatedAt: s.at })
            .where(and(eq(applications.userId, s.userId), isNull(applications.closedAt)));
          await tx.insert(applications).values({
            userId: s.userId,
            loanType: 'refinancing',
            refinancesLoanId: s.refinancesLoanId,
            paymentMethod: s.paymentMethod,
            createdAt: s.at,
            updatedAt: s.at,
          });
          await tx.update(applicationMembers).set({ loanType: 'refinancing', refinancing: true, updatedAt: s.at }).where(eq(applicationMembers.id, s.userId));
        });
        return true;
      } catch (err) {
        if (err instanceof LostRace) return false;
        throw err;
      }
    },
  };
}
export type RefinanceRepository = ReturnType<typeof refinanceRepository>;
