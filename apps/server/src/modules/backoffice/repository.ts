import { isWorkflowStatus } from '@payrail/domain/workflow/statuses';
import { and, asc, count, desc, eq, gte, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  applicationMembers,
  applications,
  borrowerProfiles,
  borrowerReferences,
  documents,
  employers,
  esignatures,
  feedbackRequests,
  loanBorrowers,
  loanPurposes,
  loans,
  outboxMessages,
  staffActions,
  staffUsers,
  states,
  underwritingDecisions,
  workflowTransitions,
} from '../../db/schema/index';

export type QueueFilter = {
  status?: string | undefined;
  employerId?: number | undefined;
  stateId?: number | undefined;
  /** Created at or before this instant (age at least N days). */
  createdAtMost?: Date | undefined;
  /** Created after this instant (age at most N days). */
  createdAfter?: Date | undefined;
  /** Approved member, open application approved, a signed note, no loan on the application yet. */
  readyToFund?: boolean | undefined;
  sort: 'updated_at' | 'created_at' | 'status';
  dir: 'asc' | 'desc';
  limit: number;
  offset: number;
};

export type AuditFilter = {
  staffId?: number | undefined;
  action?: string | undefined;
  userId?: number | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  limit: number;
  offset: number;
};

/**
 * The funding rule (servicing/fund-application) as SQL on the member row: approved, the open application
 * approved with no loan on it yet, and a signed note — what a servicer funds. The member's columns are
 * named with their table: drizzle leaves them bare in a one-table select, where a bare "id" inside the
 * subqueries would be the subquery's own.
 */
const readyToFundSql = () => sql<boolean>`("application_members"."workflow_status" = 'approved'
  and exists (select 1 from ${applications} a where a.user_id = "application_members"."id" and a.closed_at is null and a.outcome = 'approved'
    and not exists (select 1 from ${loans} l where l.application_id = a.id))
  and exists (select 1 from ${esignatures} e where e.user_id = "application_members"."id"))`;

/** Read models of the back office: the queue, an application's full picture, the audit log. */
export function backofficeRepository(db: Db) {
  return {
    /** True when the member's application waits for a servicer to fund it (the Ready to fund rule). */
    isReadyToFund: async (userId: number): Promise<boolean> => {
      const [row] = await db.select({ ready: readyToFundSql() }).from(applicationMembers).where(eq(applicationMembers.id, userId)).limit(1);
      return row?.ready === true;
    },

    queue: async (f: QueueFilter) => {
      const where: SQL[] = [];
      // An unknown status matches no member (the filter is a plain string on the wire).
      if (f.status) where.push(isWorkflowStatus(f.status) ? eq(applicationMembers.workflowStatus, f.status) : sql`false`);
      if (f.employerId) where.push(eq(loanBorrowers.employerId, f.employerId));
      if (f.stateId) where.push(eq(loanBorrowers.stateId, f.stateId));
      if (f.createdAtMost) where.push(lte(applicationMembers.createdAt, f.createdAtMost));
      if (f.createdAfter) where.push(sql`${applicationMembers.createdAt} > ${f.createdAfter.toISOString()}`);
      // Same rule as funding (servicing/fund-application): approved, signed, not funded.
      if (f.readyToFund) where.push(readyToFundSql());
      const cond = where.length ? and(...where) : undefined;
      const column =
        f.sort === 'created_at' ? applicationMembers.createdAt : f.sort === 'status' ? applicationMembers.workflowStatus : applicationMembers.updatedAt;
      const order = f.dir === 'asc' ? [asc(column), asc(applicationMembers.id)] : [desc(column), desc(applicationMembers.id)];
      const base = () =>
        db
          .select({
            member: applicationMembers,
            firstName: loanBorrowers.firstName,
            lastName: loanBorrowers.lastName,
            employerId: employers.id,
            employerName: employers.name,
            state: states.abbreviation,
            amountCents: applications.amountCents,
            readyToFund: readyToFundSql(),
          })
          .from(applicationMembers)
          .leftJoin(loanBorrowers, eq(loanBorrowers.userId, applicationMembers.id))
          .leftJoin(employers, eq(employers.id, loanBorrowers.employerId))
          .leftJoin(states, eq(states.id, loanBorrowers.stateId))
          .leftJoin(applications, and(eq(applications.userId, applicationMembers.id), isNull(applications.closedAt)));
      const rows = await base()
        .where(cond)
        .orderBy(...order)
        .limit(f.limit)
        .offset(f.offset);
      const [total] = await db
        .select({ n: count() })
        .from(applicationMembers)
        .leftJoin(loanBorrowers, eq(loanBorrowers.userId, applicationMembers.id))
        .where(cond);
      return { rows, total: Number(total?.n ?? 0) };
    },

    member: async (userId: number) => {
      const [row] = await db
        .select({
          member: applicationMembers,
          borrower: loanBorrowers,
          profile: borrowerProfiles,
          employer: employers,
          state: states,
          loanPurpose: loanPurposes.name,
        })
        .from(applicationMembers)
        .leftJoin(loanBorrowers, eq(loanBorrowers.userId, applicationMembers.id))
        .leftJoin(borrowerProfiles, eq(borrowerProfiles.userId, applicationMembers.id))
        .leftJoin(employers, eq(employers.id, loanBorrowers.employerId))
        .leftJoin(states, eq(states.id, loanBorrowers.stateId))
        .leftJoin(loanPurposes, eq(loanPurposes.id, borrowerProfiles.loanPurposeId))
        .where(eq(applicationMembers.id, userId))
        .limit(1);
      return row;
    },

    references: (userId: number) => db.select().from(borrowerReferences).where(eq(borrowerReferences.userId, userId)).orderBy(asc(borrowerReferences.position)),

    /** The member's open application, or the newest closed one. */
    application: async (userId: number) => {
      const [row] = await db
        .select()
        .from(applications)
        .where(eq(applications.userId, userId))
        .orderBy(sql`${applications.closedAt} is null desc`, desc(applications.id))
        .limit(1);
      return row;
    },

    documents: (userId: number) =>
      db
        .select()
        .from(documents)
        .where(and(eq(documents.userId, userId), isNull(documents.deletedAt)))
        .orderBy(asc(documents.id)),

    esignature: async (id: number) => {
      const [row] = await db.select().from(esignatures).where(eq(esignatures.id, id)).limit(1);
      return row;
    },

    history: (userId: number) =>
      db
        .select({ t: workflowTransitions, staffName: staffUsers.name })
        .from(workflowTransitions)
        .leftJoin(staffUsers, eq(staffUsers.id, workflowTransitions.staffUserId))
        .where(eq(workflowTransitions.userId, userId))
        .orderBy(asc(workflowTransitions.id)),

    decisions: (userId: number) =>
      db.select().from(underwritingDecisions).where(eq(underwritingDecisions.userId, userId)).orderBy(asc(underwritingDecisions.id)),

    feedback: (userId: number) =>
      db
        .select({ f: feedbackRequests, staffName: staffUsers.name })
        .from(feedbackRequests)
        .leftJoin(staffUsers, eq(staffUsers.id, feedbackRequests.staffUserId))
        .where(eq(feedbackRequests.userId, userId))
        .orderBy(asc(feedbackRequests.id)),

    emailsTo: (email: string) =>
      db
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.recipient, email), eq(outboxMessages.channel, 'email')))
        .orderBy(asc(outboxMessages.id)),

    latestLoan: async (userId: number) => {
      const [row] = await db.select().from(loans).where(eq(loans.userId, userId)).orderBy(desc(loans.id)).limit(1);
      return row;
    },

    audit: async (f: AuditFilter) => {
      const where: SQL[] = [];
      if (f.staffId) where.push(eq(staffActions.staffUserId, f.staffId));
      if (f.action) where.push(eq(staffActions.action, f.action));
      if (f.userId) where.push(eq(staffActions.targetUserId, f.userId));
      if (f.from) where.push(gte(staffActions.at, f.from));
      if (f.to) where.push(lt(staffActions.at, f.to));
      const cond = where.length ? and(...where) : undefined;
      const rows = await db
        .select({ a: staffActions, staff: staffUsers, targetFirstName: loanBorrowers.firstName, targetLastName: loanBorrowers.lastName })
        .from(staffActions)
        .leftJoin(staffUsers, eq(staffUsers.id, staffActions.staffUserId))
        // One borrower row per member (unique user_id): the applicant's name, without changing the count.
        .leftJoin(loanBorrowers, eq(loanBorrowers.userId, staffActions.targetUserId))
        .where(cond)
        // Newest first by the time shown (a row may be written after a later-dated one); id breaks ties.
        .orderBy(desc(staffActions.at), desc(staffActions.id))
        .limit(f.limit)
        .offset(f.offset);
      const [total] = await db.select({ n: count() }).from(staffActions).where(cond);
      return { rows, total: Number(total?.n ?? 0) };
    },
  };
}
export type BackofficeRepository = ReturnType<typeof backofficeRepository>;
