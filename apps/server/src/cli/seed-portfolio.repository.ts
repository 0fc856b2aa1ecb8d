import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { applicationMembers, applications, autoDebitAuthorizations, bankAccounts, ledgerEntries, loanInstallments, loans } from '../db/schema/index';
import type { LoanSchedule } from '@payrail/domain/loan/schedule';
import { ZERO, type Cents } from '@payrail/domain/money';

/** One synthetic loan of the portfolio seed, as funding would leave it. */
export type SeedLoan = {
  email: string;
  identifier: string;
  schedule: LoanSchedule;
  interestRate: string;
  /** Sealed account number of the auto-debit account, and its last four digits (the sandbox bank's behaviour). */
  accountSealed: string;
  last4: string;
  decidedAt: Date;
};

/**
 * The writes of `npm run seed:portfolio` (apps/server/src/cli/seed-portfolio.ts): a day's originations in
 * bulk — members, approved applications, loans with their schedules and disbursement entries, the auto-debit
 * account and authorization — exactly the rows funding writes for an auto-debit loan; applications decided
 * without a loan (declined, or approved and never funded); a borrower stopping their auto-debit. Seed only:
 * the app never calls these.
 */
export function seedPortfolioRepository(db: Db) {
  return {
    maxLoanId: async (): Promise<number> => Number((await db.select({ m: sql<number>`coalesce(max(${loans.id}), 0)` }).from(loans))[0]?.m ?? 0),

    originate: async (batch: readonly SeedLoan[], at: Date): Promise<number[]> => {
      if (batch.length === 0) return [];
      return db.transaction(async (tx) => {
        const members = await tx
          .insert(applicationMembers)
          .values(batch.map((l) => ({ email: l.email, workflowStatus: 'approved' as const, createdAt: at, updatedAt: at })))
          .returning({ id: applicationMembers.id });
        const apps = await tx
          .insert(applications)
          .values(
            batch.map((l, i) => ({
              userId: members[i]!.id,
              paymentMethod: 'auto_debit' as const,
              amountCents: l.schedule.terms.amountCents,
              outcome: 'approved' as const,
              decidedAt: l.decidedAt,
              submittedAt: l.decidedAt,
              createdAt: at,
              updatedAt: at,
            })),
          )
          .returning({ id: applications.id });
        const made = await tx
          .insert(loans)
          .values(
            batch.map((l, i) => ({
              userId: members[i]!.id,
              applicationId: apps[i]!.id,
              identifier: l.identifier,
              status: 'opened' as const,
              amountCents: l.schedule.terms.amountCents,
              feeCents: ZERO,
              feeFinanced: false,
              interestRate: l.interestRate,
              aprPercent: `${l.interestRate}.0000`,
              frequency: 'monthly' as const,
              terms: l.schedule.rows.length,
              disbursementDate: l.schedule.terms.disbursementDate,
              firstPaymentDate: l.schedule.terms.firstPaymentDate,
              notePrincipalCents: l.schedule.notePrincipalCents,
              financeChargeCents: l.schedule.totalInterestCents,
              totalOfPaymentsCents: l.schedule.totalOfPaymentsCents,
              createdAt: at,
            })),
          )
          .returning({ id: loans.id });
        await tx.insert(loanInstallments).values(
          batch.flatMap((l, i) =>
            l.schedule.rows.map((r) => ({
              loanId: made[i]!.id,
              n: r.n,
              dueDate: r.dueDate,
              paymentCents: r.paymentCents,
              interestCents: r.interestCents,
              principalCents: r.principalCents,
              balanceCents: r.balanceCents,
            })),
          ),
        );
        await tx.insert(ledgerEntries).values(
          batch.map((l, i) => ({
            loanId: made[i]!.id,
            kind: 'disbursement' as const,
            effectiveDate: l.schedule.terms.disbursementDate,
            amountCents: l.schedule.disbursedCents,
            idempotencyKey: `disbursement:seed-portfolio:${made[i]!.id}`,
            createdAt: at,
          })),
        );
        const accounts = await tx
          .insert(bankAccounts)
          .values(
            batch.map((l, i) => ({
              userId: members[i]!.id,
              usage: 'auto_debit' as const,
              source: 'manual' as const,
              accountType: 'checking' as const,
              routingNumber: '034821624',
              bankName: 'Harbor Point Bank',
              accountNumberSealed: l.accountSealed,
              accountNumberLast4: l.last4,
              verifiedAt: at,
              createdAt: at,
              updatedAt: at,
            })),
          )
          .returning({ id: bankAccounts.id });
        await tx.insert(autoDebitAuthorizations).values(
          batch.map((l, i) => ({
            loanId: made[i]!.id,
            userId: members[i]!.id,
            bankAccountId: accounts[i]!.id,
            amountCents: l.schedule.regularPaymentCents,
            disclosureAcceptedAt: at,
            createdAt: at,
          })),
        );
        return made.map((m) => m.id);
      });
    },

    /** Applications decided without a loan: declined, or approved and never funded (the borrower walked away). */
    decideWithoutLoan: async (
      rows: readonly { email: string; outcome: 'declined' | 'approved'; amountCents: Cents; decidedAt: Date }[],
      at: Date,
    ): Promise<void> => {
      if (rows.length === 0) return;
      await db.transaction(async (tx) => {
        const members = await tx
          .insert(applicationMembers)
          .values(
            rows.map((r) => ({
              email: r.email,
              workflowStatus: r.outcome === 'declined' ? ('declined' as const) : ('approved' as const),
              createdAt: at,
              updatedAt: at,
            })),
          )
          .returning({ id: applicationMembers.id });
        await tx.insert(applications).values(
          rows.map((r, i) => ({
            userId: members[i]!.id,
            amountCents: r.amountCents,
            outcome: r.outcome,
            decidedAt: r.decidedAt,
            submittedAt: r.decidedAt,
            closedAt: r.outcome === 'declined' ? r.decidedAt : null,
            createdAt: at,
            updatedAt: at,
          })),
        );
      });
    },

    /** The borrowers of these loans stop their auto-debit (revoke the authorization): no more debits are taken. */
    stopAutoDebit: async (loanIds: readonly number[], at: Date): Promise<void> => {
      if (loanIds.length > 0)
        await db
          .update(autoDebitAuthorizations)
          .set({ revokedAt: at })
          .where(and(inArray(autoDebitAuthorizations.loanId, [...loanIds]), isNull(autoDebitAuthorizations.revokedAt)));
    },

    /** Status of a loan (to skip behaviour on a loan already closed). */
    statusOf: async (loanId: number): Promise<string | undefined> => (await db.select({ s: loans.status }).from(loans).where(eq(loans.id, loanId)))[0]?.s,
  };
}
