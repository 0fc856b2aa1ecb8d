import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
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
  esignatures,
  feedbackRequests,
  loanBorrowers,
  loans,
  loanTransactions,
  staffActions,
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
            .values({ userId: p.userId, agreementName: p.agreementName, withdrawnAt: p.at, ip: p.ip, userAgent: p.userAgent, recordedByStaffId: p.staffUserId, mailingAddress: p.mailingAddress })
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
export type WithdrawalRow = typeof consentWithdrawals.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Everything the consent centre shows about one member (rows as stored; the use case maps them). */
export async function consentFacts(db: Db, userId: number) {
  const agreementCols = { name: agreementDocuments.name, title: agreementDocuments.title, version: agreementDocuments.version };
  const [accepted, signed, ach, autoDebit, withdrawals, [profile], [openLoan]] = await Promise.all([
    db
      .select({ id: userAgreements.id, documentId: userAgreements.agreementDocumentId, at: userAgreements.acceptedAt, ip: userAgreements.ip, ...agreementCols })
      .from(userAgreements)
      .innerJoin(agreementDocuments, eq(agreementDocuments.id, userAgreements.agreementDocumentId))
      .where(eq(userAgreements.userId, userId))
      .orderBy(asc(userAgreements.acceptedAt), asc(userAgreements.id)),
    db
      .select({ id: esignatures.id, documentId: esignatures.agreementDocumentId, at: esignatures.signedAt, ip: esignatures.ip, signatureName: esignatures.signatureName, ...agreementCols })
      .from(esignatures)
      .innerJoin(agreementDocuments, eq(agreementDocuments.id, esignatures.agreementDocumentId))
      .where(eq(esignatures.userId, userId))
      .orderBy(asc(esignatures.signedAt), asc(esignatures.id)),
    db
      .select({ id: achAuthorizations.id, documentId: achAuthorizations.agreementDocumentId, at: achAuthorizations.authorizedAt, ip: achAuthorizations.ip, last4: bankAccounts.accountNumberLast4, ...agreementCols })
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
      .select({ address: borrowerProfiles.address, unit: borrowerProfiles.unitNumber, city: borrowerProfiles.city, zip: borrowerProfiles.zipCode, state: states.abbreviation })
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
  return { accepted, signed, ach, autoDebit, withdrawals, profile: profile ?? null, hasOpenLoan: openLoan !== undefined };
}

const auditWithdrawal = (tx: Tx, staffUserId: number, userId: number, action: string, row: WithdrawalRow, at: Date) =>
  tx.insert(staffActions).values({ staffUserId, action, targetUserId: userId, before: {}, after: { agreement: row.agreementName, withdrawal_id: row.id, mailing_address: row.mailingAddress }, at });

export type CareRepository = ReturnType<typeof careRepository>;
