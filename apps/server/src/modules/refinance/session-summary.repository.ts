import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { applicationMembers, loanBorrowers, loans, userSessions } from '../../db/schema/index';
import { memberApplicationsColumn } from '../application/member-applications.repository';
import { liveSessionCondition, MEMBER_COLUMNS } from '../identity/repository';
import { memberLoanFactsColumns } from '../loan-book/member-loan-facts.repository';

/**
 * The session check's member summary (GET /token_is_valid, `use-cases/describe-session.ts`), in ONE
 * statement: the live session (identity's condition and member columns), the member's profile, the latest
 * loan's status, the opened loan's id and what its refinance eligibility reads. It joins identity,
 * applications and the loan book, so it is composed here, above all three (issue #28, module floors).
 */
export function sessionSummaryRepository(db: Db) {
  // Built and (on PostgreSQL) planned once: the busiest read there is.
  const findSessionSummary = db
    .select({
      session: userSessions,
      member: MEMBER_COLUMNS,
      borrower: loanBorrowers,
      latestLoanStatus: sql<
        string | null
      >`(select ${loans.status} from ${loans} where ${loans.userId} = ${applicationMembers.id} order by ${loans.id} desc limit 1)`,
      // The refinance eligibility's reads of that loan then start at once, alongside the loan row's.
      openedLoanId: sql<
        number | null
      >`(select ${loans.id} from ${loans} where ${loans.userId} = ${applicationMembers.id} and ${loans.status} = 'opened' order by ${loans.id} desc limit 1)`.mapWith(
        Number,
      ),
      // …and what that loan's refinance eligibility reads, in the same statement (one per check, issue 29):
      // the member's loans and applications, the business-date override, the loan's note, ledger and payment in flight.
      ...memberLoanFactsColumns(applicationMembers.id, 'opened'),
      applicationsJson: memberApplicationsColumn(applicationMembers.id),
    })
    .from(userSessions)
    .innerJoin(applicationMembers, eq(applicationMembers.id, userSessions.userId))
    .leftJoin(loanBorrowers, eq(loanBorrowers.userId, applicationMembers.id))
    .where(liveSessionCondition())
    .limit(1)
    .prepare('refinance_session_summary');

  return {
    /** The live session with its member, the member's profile (if any), the status of their latest loan (if any) and the refinance reads. */
    findSessionSummary: async (tokenHash: string, now: Date) => (await findSessionSummary.execute({ tokenHash, now }))[0],
  };
}
