import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { applicationMembers, loanBorrowers, loans, userSessions } from '../../db/schema/index';
import { memberApplicationsColumn } from '../application/member-applications.repository';
import { liveSessionCondition, MEMBER_COLUMNS } from '../identity/repository';
import { memberLoanFactsColumns } from '../loan-book/member-loan-facts.repository';

/**
 * The session check's member summary (GET /token_is_valid, `use-cases/describe-session.ts`), in ONE
 * statement: the live session (identity's condition and member columns), the member's profile, the latest
 * loan's status, the opened loan's id and, when that latest loan is the opened one, what its refinance
 * eligibility reads. It joins identity, applications and the loan book, so it is composed here, above all
 * three (issue #28, module floors).
 */
export function sessionSummaryRepository(db: Db) {
  // The member's loans read once, beside the session: the latest loan's status and the opened loan's id.
  const memberLoans = sql`lateral (select max(${loans.id}) filter (where ${loans.status} = 'opened') as "opened_id", (array_agg(${loans.status} order by ${loans.id} desc))[1] as "latest_status" from ${loans} where ${loans.userId} = ${applicationMembers.id}) as "member_loans"`;
  // Only an opened latest loan is asked about refinancing (describe-session.ts): the refinance reads are made
  // for it alone (otherwise null, and the opened loan's note, ledger and payment in flight are not looked up).
  const refinanceAsked = sql`"member_loans"."latest_status" = 'opened'`;
  // Built and (on PostgreSQL) planned once: the busiest read there is.
  const findSessionSummary = db
    .select({
      session: userSessions,
      member: MEMBER_COLUMNS,
      borrower: loanBorrowers,
      latestLoanStatus: sql<string | null>`"member_loans"."latest_status"`,
      // The refinance eligibility's reads of that loan then start at once, alongside the loan row's.
      openedLoanId: sql<number | null>`"member_loans"."opened_id"`.mapWith(Number),
      // …and what that loan's refinance eligibility reads, in the same statement (one per check, issue 29):
      // the member's loans and applications, the business-date override, the loan's note, ledger and payment in flight.
      ...memberLoanFactsColumns(applicationMembers.id, sql`case when ${refinanceAsked} then "member_loans"."opened_id" end`, refinanceAsked),
      applicationsJson: sql<unknown>`case when ${refinanceAsked} then ${memberApplicationsColumn(applicationMembers.id)} end`,
    })
    .from(userSessions)
    .innerJoin(applicationMembers, eq(applicationMembers.id, userSessions.userId))
    .leftJoin(loanBorrowers, eq(loanBorrowers.userId, applicationMembers.id))
    .leftJoin(memberLoans, sql`true`)
    .where(liveSessionCondition())
    .limit(1)
    .prepare('refinance_session_summary');

  return {
    /** The live session with its member, the member's profile (if any), the status of their latest loan (if any) and the refinance reads. */
    findSessionSummary: async (tokenHash: string, now: Date) => (await findSessionSummary.execute({ tokenHash, now }))[0],
  };
}
