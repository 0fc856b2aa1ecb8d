import type { IsoDate } from '@payrail/domain/dates';
import { and, asc, eq, gt, inArray, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { borrowerProfiles, ledgerEntries, loanBorrowers, loans, states } from '../../db/schema/index';
import type { LedgerEntryRow, LoanRow } from './ledger.repository';

/** A loan the monthly Metro 2 file may report, with what the base segment says of its borrower. */
export type ReportableLoan = {
  loan: LoanRow;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  state: string | null;
  dateOfBirth: string | null;
  address: string | null;
  unitNumber: string | null;
  city: string | null;
  zipCode: string | null;
  /** Sealed (AES-256-GCM, associated data `borrower_profiles.ssn`). */
  ssnSealed: string | null;
  housingType: 'rent' | 'own' | null;
};

/**
 * The loan book's reads for credit reporting (modules/credit-reporting, docs/credit-reporting.md): the
 * funded loans a month's file may hold, page by page, with their borrower's name, address, date of birth,
 * telephone and sealed SSN, and their ledgers. Reads only; the loan book stays the one writer.
 */
export function creditReportingLoanBookRepository(db: Db) {
  return {
    /**
     * Funded loans (any status but pending) disbursed on or before `through`, by id after `afterId`, at
     * most `limit` — less the loans closed (paid or refinanced) whose every ledger entry is dated before
     * `monthStart`: they closed in an earlier month and were reported then.
     */
    reportableLoansPage: async (monthStart: IsoDate, through: IsoDate, afterId: number, limit: number): Promise<ReportableLoan[]> => {
      const activeThisMonth = sql`exists (select 1 from ${ledgerEntries} where ${ledgerEntries.loanId} = ${loans.id} and ${ledgerEntries.effectiveDate} >= ${monthStart})`;
      return db
        .select({
          loan: loans,
          firstName: loanBorrowers.firstName,
          lastName: loanBorrowers.lastName,
          phone: loanBorrowers.phone,
          state: states.abbreviation,
          dateOfBirth: borrowerProfiles.dateOfBirth,
          address: borrowerProfiles.address,
          unitNumber: borrowerProfiles.unitNumber,
          city: borrowerProfiles.city,
          zipCode: borrowerProfiles.zipCode,
          ssnSealed: borrowerProfiles.ssnSealed,
          housingType: borrowerProfiles.housingType,
        })
        .from(loans)
        .leftJoin(loanBorrowers, eq(loanBorrowers.userId, loans.userId))
        .leftJoin(states, eq(states.id, loanBorrowers.stateId))
        .leftJoin(borrowerProfiles, eq(borrowerProfiles.userId, loans.userId))
        .where(
          and(
            ne(loans.status, 'pending'),
            lte(loans.disbursementDate, through),
            gt(loans.id, afterId),
            or(notInArray(loans.status, ['closed_paid', 'closed_refinanced']), activeThisMonth),
          ),
        )
        .orderBy(asc(loans.id))
        .limit(limit);
    },

    /** The ledgers of these loans, each in order (date, then id). */
    ledgersOf: (loanIds: readonly number[]): Promise<LedgerEntryRow[]> =>
      loanIds.length === 0
        ? Promise.resolve([])
        : db
            .select()
            .from(ledgerEntries)
            .where(inArray(ledgerEntries.loanId, [...loanIds]))
            .orderBy(asc(ledgerEntries.loanId), asc(ledgerEntries.effectiveDate), asc(ledgerEntries.id)),

    /** A funded loan's id and status, for the dispute routes (404 / not reportable). */
    loanStatus: async (loanId: number): Promise<{ id: number; status: LoanRow['status']; userId: number; identifier: string } | undefined> =>
      (
        await db
          .select({ id: loans.id, status: loans.status, userId: loans.userId, identifier: loans.identifier })
          .from(loans)
          .where(eq(loans.id, loanId))
          .limit(1)
      )[0],
  };
}
