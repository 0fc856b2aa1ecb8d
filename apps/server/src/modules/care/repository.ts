import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { violatedUniqueConstraint } from '../../db/errors';
import type { InboxFacts } from '@payrail/domain/care/requests-inbox';
import type { Db } from '../../db/client';
import {
  achAuthorizations,
  agreementDocuments,
  applicationMembers,
  applications,
  autoDebitAuthorizations,
  bankAccounts,
  borrowerProfiles,
  consentWithdrawals,
  documents,
  dueDateChangeRequests,
  esignatures,
  feedbackRequests,
  loanBorrowers,
  loanDocuments,
  loans,
  loanScheduleRevisions,
  loanTransactions,
  staffActions,
  staffUsers,
  states,
  userAgreements,
} from '../../db/schema/index';
import { insertNotification } from '../engagement/repository';

/** Borrower care (docs/borrower-care.md): reads the facts the requests inbox is derived from; writes reminders. */
export function careRepository(db: Db) {
  return {
    consentFacts: (userId: number) => consentFacts(db, userId),

    /**
     * Records a withdrawal with the borrower's notification (and, when staff record it, the audit row) in
     * one transaction. Answers null when a withdrawal already stands (the partial unique index decides a race).
     */
    withdraw: async (p: {
      userId: number;
      agreementName: string;
      mailingAddress: string | null;
      ip: string | null;
      userAgent: string | null;
      staffUserId: number | null;
      notice: string;
      at: Date;
    }): Promise<WithdrawalRow | null> => {
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(consentWithdrawals)
            .values({
              userId: p.userId,
              agreementName: p.agreementName,
              withdrawnAt: p.at,
              ip: p.ip,
              userAgent: p.userAgent,
              recordedByStaffId: p.staffUserId,
              mailingAddress: p.mailingAddress,
            })
            .returning();
          await insertNotification(tx, { userId: p.userId, message: p.notice, at: p.at });
          if (p.staffUserId !== null) await auditWithdrawal(tx, p.staffUserId, p.userId, 'record_consent_withdrawal', row!, p.at);
          return row!;
        });
      } catch (error) {
        if (violatedUniqueConstraint(error) === 'consent_withdrawals_one_standing') return null;
        throw error;
      }
    },

    /** Ends the standing withdrawal (consent given again) with the notification; null when none stands. */
    restore: (p: { userId: number; agreementName: string; ip: string | null; notice: string; at: Date }): Promise<WithdrawalRow | null> =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .update(consentWithdrawals)
          .set({ restoredAt: p.at, restoredIp: p.ip })
          .where(and(eq(consentWithdrawals.userId, p.userId), eq(consentWithdrawals.agreementName, p.agreementName), isNull(consentWithdrawals.restoredAt)))
          .returning();
        if (!row) return null;
        await insertNotification(tx, { userId: p.userId, message: p.notice, at: p.at });
        return row;
      }),

    /** Everything `openRequests` needs about one member, or null when the member does not exist. */
    inboxFacts: async (userId: number): Promise<InboxFacts | null> => {
      const [member] = await db
        .select({
          email: applicationMembers.email,
          confirmedAt: applicationMembers.confirmedAt,
          phone: loanBorrowers.phone,
          phoneConfirmedAt: loanBorrowers.phoneConfirmedAt,
        })
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
          .select({
            id: loans.id,
            identifier: loans.identifier,
            status: loans.status,
            paymentMethod: applications.paymentMethod,
            authId: autoDebitAuthorizations.id,
          })
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
        loans: loanRows.map((l) => ({
          id: l.id,
          identifier: l.identifier,
          status: l.status,
          paymentMethod: l.paymentMethod,
          hasActiveAutoDebit: l.authId !== null,
        })),
        transactions,
      };
    },

    // ── Due-date changes ────────────────────────────────────────────────────────────────────────────
    /**
     * The business date of the loan's last APPLIED due-date change: the newest revision of kind
     * due_date_change (loan_schedule_revisions) and the request it applied. Null when there is none.
     */
    lastDueDateChangeOn: async (loanId: number): Promise<string | null> => {
      const [row] = await db
        .select({ on: dueDateChangeRequests.businessDate })
        .from(loanScheduleRevisions)
        .innerJoin(dueDateChangeRequests, eq(dueDateChangeRequests.id, loanScheduleRevisions.sourceId))
        .where(and(eq(loanScheduleRevisions.loanId, loanId), eq(loanScheduleRevisions.kind, 'due_date_change')))
        .orderBy(desc(loanScheduleRevisions.id))
        .limit(1);
      return row?.on ?? null;
    },
    /** Installments of the loan a debit is scheduled or pending for (in flight). */
    inFlightInstallments: async (loanId: number): Promise<number[]> => {
      const rows = await db
        .select({ n: loanTransactions.installmentN })
        .from(loanTransactions)
        .where(and(eq(loanTransactions.loanId, loanId), inArray(loanTransactions.status, ['scheduled', 'pending']), isNotNull(loanTransactions.installmentN)));
      return rows.map((r) => r.n!);
    },
    /** A fresh id for a due-date change request, so its PDF and its revision can name it before it is written. */
    reserveDueDateChangeId: async (): Promise<number> => {
      const res = await db.execute<{ id: number | string }>(sql`select nextval(pg_get_serial_sequence('due_date_change_requests', 'id')) as id`);
      return Number((res as unknown as { rows: { id: number | string }[] }).rows[0]!.id);
    },
    /** The member's change recorded with this Idempotency-Key, if any. */
    dueDateChangeByKey: async (userId: number, key: string): Promise<DueDateChangeRow | undefined> => {
      const [row] = await db
        .select()
        .from(dueDateChangeRequests)
        .where(and(eq(dueDateChangeRequests.userId, userId), eq(dueDateChangeRequests.idempotencyKey, key)))
        .limit(1);
      return row;
    },
    /** A loan's applied due-date changes with their loan document's id, newest first. */
    dueDateChangesOfLoan: (loanId: number) =>
      db
        .select({ change: dueDateChangeRequests, documentId: loanDocuments.id })
        .from(dueDateChangeRequests)
        .innerJoin(loanDocuments, eq(loanDocuments.dueDateChangeRequestId, dueDateChangeRequests.id))
        .where(eq(dueDateChangeRequests.loanId, loanId))
        .orderBy(desc(dueDateChangeRequests.id)),
    /**
     * The writes that go with the schedule revision, in ITS transaction (`reviseDueDates`' `also`): the
     * request as applied, its signed agreement as a loan document, the borrower's notification.
     */
    recordAppliedDueDateChange: async (tx: Tx, row: NewDueDateChange, notice: string): Promise<void> => {
      await tx.insert(dueDateChangeRequests).values(row);
      await tx
        .insert(loanDocuments)
        .values({ loanId: row.loanId, kind: 'due_date_change_agreement', dueDateChangeRequestId: row.id!, createdAt: row.createdAt });
      await insertNotification(tx, { userId: row.userId, message: notice, at: row.createdAt });
    },
    /** Staff names by id (the back office's schedule revisions). */
    staffNames: async (ids: number[]): Promise<Map<number, string>> => {
      if (ids.length === 0) return new Map();
      const rows = await db.select({ id: staffUsers.id, name: staffUsers.name }).from(staffUsers).where(inArray(staffUsers.id, ids));
      return new Map(rows.map((r) => [r.id, r.name]));
    },
    /** A back-office view of a signed due-date change agreement (audited after it was served). */
    auditAgreementView: (p: { staffUserId: number; userId: number; changeId: number; at: Date }) =>
      db.insert(staffActions).values({
        staffUserId: p.staffUserId,
        action: 'view_due_date_change_agreement',
        targetUserId: p.userId,
        before: {},
        after: { due_date_change_id: p.changeId },
        at: p.at,
      }),

    /**
     * A staff reminder of the open requests: the borrower's notification and the audit row (with the
     * business date), together — unless the borrower already had `cap` reminders on that business date
     * (answers false, nothing written). The member's row is locked first, so parallel reminders to one
     * borrower count one after another and never exceed the cap.
     */
    remind: (p: {
      staffUserId: number;
      userId: number;
      message: string;
      requestKeys: readonly string[];
      businessDate: string;
      cap: number;
      at: Date;
    }): Promise<boolean> =>
      db.transaction(async (tx) => {
        await tx.select({ id: applicationMembers.id }).from(applicationMembers).where(eq(applicationMembers.id, p.userId)).for('update');
        const [sent] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(staffActions)
          .where(
            and(
              eq(staffActions.targetUserId, p.userId),
              eq(staffActions.action, 'remind_open_requests'),
              sql`${staffActions.after}->>'business_date' = ${p.businessDate}`,
            ),
          );
        if ((sent?.n ?? 0) >= p.cap) return false;
        await insertNotification(tx, { userId: p.userId, message: p.message, at: p.at });
        await tx.insert(staffActions).values({
          staffUserId: p.staffUserId,
          action: 'remind_open_requests',
          targetUserId: p.userId,
          before: {},
          after: { requests: [...p.requestKeys], business_date: p.businessDate },
          at: p.at,
        });
        return true;
      }),
  };
}
export type WithdrawalRow = typeof consentWithdrawals.$inferSelect;
export type DueDateChangeRow = typeof dueDateChangeRequests.$inferSelect;
export type NewDueDateChange = typeof dueDateChangeRequests.$inferInsert;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Everything the consent centre shows about one member (rows as stored; the use case maps them). */
export async function consentFacts(db: Db, userId: number) {
  const agreementCols = { name: agreementDocuments.name, title: agreementDocuments.title, version: agreementDocuments.version };
  const [accepted, signed, ach, autoDebit, withdrawals, dueDateChanges, [profile], [openLoan]] = await Promise.all([
    db
      .select({ id: userAgreements.id, documentId: userAgreements.agreementDocumentId, at: userAgreements.acceptedAt, ip: userAgreements.ip, ...agreementCols })
      .from(userAgreements)
      .innerJoin(agreementDocuments, eq(agreementDocuments.id, userAgreements.agreementDocumentId))
      .where(eq(userAgreements.userId, userId))
      .orderBy(asc(userAgreements.acceptedAt), asc(userAgreements.id)),
    db
      .select({
        id: esignatures.id,
        documentId: esignatures.agreementDocumentId,
        at: esignatures.signedAt,
        ip: esignatures.ip,
        signatureName: esignatures.signatureName,
        ...agreementCols,
      })
      .from(esignatures)
      .innerJoin(agreementDocuments, eq(agreementDocuments.id, esignatures.agreementDocumentId))
      .where(eq(esignatures.userId, userId))
      .orderBy(asc(esignatures.signedAt), asc(esignatures.id)),
    db
      .select({
        id: achAuthorizations.id,
        documentId: achAuthorizations.agreementDocumentId,
        at: achAuthorizations.authorizedAt,
        ip: achAuthorizations.ip,
        last4: bankAccounts.accountNumberLast4,
        ...agreementCols,
      })
      .from(achAuthorizations)
      .innerJoin(agreementDocuments, eq(agreementDocuments.id, achAuthorizations.agreementDocumentId))
      .innerJoin(bankAccounts, eq(bankAccounts.id, achAuthorizations.bankAccountId))
      .where(eq(achAuthorizations.userId, userId))
      .orderBy(asc(achAuthorizations.authorizedAt), asc(achAuthorizations.id)),
    db
      .select({
        id: autoDebitAuthorizations.id,
        documentId: autoDebitAuthorizations.disclosureDocumentId,
        at: autoDebitAuthorizations.disclosureAcceptedAt,
        ip: autoDebitAuthorizations.ip,
        revokedAt: autoDebitAuthorizations.revokedAt,
        last4: bankAccounts.accountNumberLast4,
        loan: loans.identifier,
        ...agreementCols,
      })
      .from(autoDebitAuthorizations)
      .innerJoin(agreementDocuments, eq(agreementDocuments.id, autoDebitAuthorizations.disclosureDocumentId))
      .innerJoin(bankAccounts, eq(bankAccounts.id, autoDebitAuthorizations.bankAccountId))
      .innerJoin(loans, eq(loans.id, autoDebitAuthorizations.loanId))
      .where(eq(autoDebitAuthorizations.userId, userId))
      .orderBy(asc(autoDebitAuthorizations.disclosureAcceptedAt), asc(autoDebitAuthorizations.id)),
    db.select().from(consentWithdrawals).where(eq(consentWithdrawals.userId, userId)).orderBy(asc(consentWithdrawals.id)),
    db
      .select({
        id: dueDateChangeRequests.id,
        documentId: loanDocuments.id,
        at: dueDateChangeRequests.signedAt,
        ip: dueDateChangeRequests.ip,
        version: dueDateChangeRequests.agreementVersion,
        signatureName: dueDateChangeRequests.signatureName,
        loan: loans.identifier,
      })
      .from(dueDateChangeRequests)
      .innerJoin(loanDocuments, eq(loanDocuments.dueDateChangeRequestId, dueDateChangeRequests.id))
      .innerJoin(loans, eq(loans.id, dueDateChangeRequests.loanId))
      .where(eq(dueDateChangeRequests.userId, userId))
      .orderBy(asc(dueDateChangeRequests.signedAt), asc(dueDateChangeRequests.id)),
    db
      .select({
        address: borrowerProfiles.address,
        unit: borrowerProfiles.unitNumber,
        city: borrowerProfiles.city,
        zip: borrowerProfiles.zipCode,
        state: states.abbreviation,
      })
      .from(borrowerProfiles)
      .leftJoin(loanBorrowers, eq(loanBorrowers.userId, borrowerProfiles.userId))
      .leftJoin(states, eq(states.id, loanBorrowers.stateId))
      .where(eq(borrowerProfiles.userId, userId))
      .limit(1),
    db
      .select({ id: loans.id })
      .from(loans)
      .where(and(eq(loans.userId, userId), eq(loans.status, 'opened')))
      .limit(1),
  ]);
  return { accepted, signed, ach, autoDebit, withdrawals, dueDateChanges, profile: profile ?? null, hasOpenLoan: openLoan !== undefined };
}

const auditWithdrawal = (tx: Tx, staffUserId: number, userId: number, action: string, row: WithdrawalRow, at: Date) =>
  tx.insert(staffActions).values({
    staffUserId,
    action,
    targetUserId: userId,
    before: {},
    after: { agreement: row.agreementName, withdrawal_id: row.id, mailing_address: row.mailingAddress },
    at,
  });

export type CareRepository = ReturnType<typeof careRepository>;
