import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { employerUsers, employers, employmentVerifications, staffActions, staffUsers } from '../../db/schema/index';
import { auditEmployer } from './accounts.repository';
import type { EmployerAuditEntry } from './accounts.repository';

export type EmploymentVerificationRow = typeof employmentVerifications.$inferSelect;
export type NewEmploymentVerification = Omit<typeof employmentVerifications.$inferInsert, 'id'>;
export type VerificationAnswer = Pick<EmploymentVerificationRow, 'employmentStatus' | 'hireDate' | 'payFrequency' | 'incomeRange' | 'answeredByUserId'> & {
  answeredAt: Date;
};

const answerer = alias(employerUsers, 'answerer');
const columns = { v: employmentVerifications, employerName: employers.name, requestedBy: staffUsers.name, answeredBy: answerer.name };

/** Employment verifications asked of employers (E3, issue #31). */
export function employmentVerificationsRepository(db: Db) {
  const joined = () =>
    db
      .select(columns)
      .from(employmentVerifications)
      .innerJoin(employers, eq(employers.id, employmentVerifications.employerId))
      .innerJoin(staffUsers, eq(staffUsers.id, employmentVerifications.requestedByStaffId))
      .leftJoin(answerer, eq(answerer.id, employmentVerifications.answeredByUserId));
  return {
    /** A new request with the underwriter's audited staff action, in one transaction. */
    create: async (v: NewEmploymentVerification): Promise<EmploymentVerificationRow> =>
      db.transaction(async (tx) => {
        const [row] = await tx.insert(employmentVerifications).values(v).returning();
        await tx.insert(staffActions).values({
          staffUserId: v.requestedByStaffId,
          action: 'employment_verification_requested',
          targetUserId: v.userId,
          before: {},
          after: { verification_id: row!.id, employer_id: v.employerId },
          at: v.createdAt,
        });
        return row!;
      }),

    /** The member's requests to an employer that are not answered (open or expired: the caller tells). */
    unanswered: (userId: number, employerId: number) =>
      db
        .select()
        .from(employmentVerifications)
        .where(and(eq(employmentVerifications.userId, userId), eq(employmentVerifications.employerId, employerId), isNull(employmentVerifications.answeredAt)))
        .orderBy(desc(employmentVerifications.id)),

    /** One request of the employer (another employer's: undefined). */
    findForEmployer: async (employerId: number, id: number) => {
      const [row] = await db
        .select()
        .from(employmentVerifications)
        .where(and(eq(employmentVerifications.id, id), eq(employmentVerifications.employerId, employerId)))
        .limit(1);
      return row;
    },

    /** The employer's requests, newest first. */
    listForEmployer: (employerId: number, limit: number) =>
      joined().where(eq(employmentVerifications.employerId, employerId)).orderBy(desc(employmentVerifications.id)).limit(limit),

    /** A member's requests, newest first. */
    listForUser: (userId: number) => joined().where(eq(employmentVerifications.userId, userId)).orderBy(desc(employmentVerifications.id)),

    byId: async (id: number) => {
      const [row] = await joined().where(eq(employmentVerifications.id, id)).limit(1);
      return row;
    },

    /** The member's latest answered request (what the decision reads). */
    latestAnswered: async (userId: number) => {
      const [row] = await joined()
        .where(and(eq(employmentVerifications.userId, userId), isNotNull(employmentVerifications.answeredAt)))
        .orderBy(desc(employmentVerifications.answeredAt), desc(employmentVerifications.id))
        .limit(1);
      return row;
    },

    /**
     * Records the employer's answer once, with its audit entry, in one transaction: false when the request
     * was answered meanwhile (nothing written).
     */
    answer: async (employerId: number, id: number, a: VerificationAnswer, audit: EmployerAuditEntry): Promise<boolean> =>
      db.transaction(async (tx) => {
        const done = await tx
          .update(employmentVerifications)
          .set(a)
          .where(and(eq(employmentVerifications.id, id), eq(employmentVerifications.employerId, employerId), isNull(employmentVerifications.answeredAt)))
          .returning({ id: employmentVerifications.id });
        if (done.length === 0) return false;
        await auditEmployer(tx, audit);
        return true;
      }),
  };
}
export type EmploymentVerificationsRepository = ReturnType<typeof employmentVerificationsRepository>;
