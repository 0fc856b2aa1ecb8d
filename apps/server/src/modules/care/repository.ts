import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { InboxFacts } from '@payrail/domain/care/requests-inbox';
import type { Db } from '../../db/client';
import { applicationMembers, applications, autoDebitAuthorizations, documents, feedbackRequests, loanBorrowers, loans, loanTransactions, staffActions } from '../../db/schema/index';
import { insertNotification } from '../engagement/repository';

/** Borrower care (docs/borrower-care.md): reads the facts the requests inbox is derived from; writes reminders. */
export function careRepository(db: Db) {
  return {
    /** Everything `openRequests` needs about one member, or null when the member does not exist. */
    inboxFacts: async (userId: number): Promise<InboxFacts | null> => {
      const [member] = await db
        .select({ email: applicationMembers.email, confirmedAt: applicationMembers.confirmedAt, phone: loanBorrowers.phone, phoneConfirmedAt: loanBorrowers.phoneConfirmedAt })
        .from(applicationMembers)
        .leftJoin(loanBorrowers, eq(loanBorrowers.userId, applicationMembers.id))
        .where(eq(applicationMembers.id, userId))
        .limit(1);
      if (!member) return null;
      const [[feedback], uploads, loanRows] = await Promise.all([
        db
          .select()
          .from(feedbackRequests)
          .where(and(eq(feedbackRequests.userId, userId), eq(feedbackRequests.status, 'open')))
          .orderBy(desc(feedbackRequests.id))
          .limit(1),
        db
          .select({ type: documents.documentTypeName, createdAt: documents.createdAt })
          .from(documents)
          .where(and(eq(documents.userId, userId), isNull(documents.deletedAt))),
        db
          .select({ id: loans.id, identifier: loans.identifier, status: loans.status, paymentMethod: applications.paymentMethod, authId: autoDebitAuthorizations.id })
          .from(loans)
          .innerJoin(applications, eq(applications.id, loans.applicationId))
          .leftJoin(autoDebitAuthorizations, and(eq(autoDebitAuthorizations.loanId, loans.id), isNull(autoDebitAuthorizations.revokedAt)))
          .where(eq(loans.userId, userId))
          .orderBy(asc(loans.id)),
      ]);
      const loanIds = loanRows.map((l) => l.id);
      const transactions =
        loanIds.length === 0
          ? []
          : await db
              .select({
                id: loanTransactions.id,
                loanId: loanTransactions.loanId,
                status: loanTransactions.status,
                amountCents: loanTransactions.amountCents,
                returnedOn: loanTransactions.returnedOn,
                returnCode: loanTransactions.returnCode,
                retryOfId: loanTransactions.retryOfId,
              })
              .from(loanTransactions)
              .where(inArray(loanTransactions.loanId, loanIds))
              .orderBy(asc(loanTransactions.id));
      return {
        email: member.email,
        emailConfirmed: member.confirmedAt !== null,
        phone: member.phone ? { number: member.phone, confirmed: member.phoneConfirmedAt !== null } : null,
        feedback: feedback
          ? {
              id: feedback.id,
              message: feedback.message,
              fields: feedback.fields,
              documents: feedback.documents,
              bankInformation: feedback.bankInformation !== false,
              allotment: feedback.allotment,
              createdAt: feedback.createdAt.toISOString(),
            }
          : null,
        uploads: uploads.map((u) => ({ type: u.type, createdAt: u.createdAt.toISOString() })),
        loans: loanRows.map((l) => ({ id: l.id, identifier: l.identifier, status: l.status, paymentMethod: l.paymentMethod, hasActiveAutoDebit: l.authId !== null })),
        transactions,
      };
    },

    /** A staff reminder of the open requests: the borrower's notification and the audit row, together. */
    remind: (p: { staffUserId: number; userId: number; message: string; requestKeys: readonly string[]; at: Date }) =>
      db.transaction(async (tx) => {
        await insertNotification(tx, { userId: p.userId, message: p.message, at: p.at });
        await tx.insert(staffActions).values({ staffUserId: p.staffUserId, action: 'remind_open_requests', targetUserId: p.userId, before: {}, after: { requests: [...p.requestKeys] }, at: p.at });
      }),
  };
}
export type CareRepository = ReturnType<typeof careRepository>;
