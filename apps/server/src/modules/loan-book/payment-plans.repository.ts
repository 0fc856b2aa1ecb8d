import type { Cents } from '@payrail/domain/money';
import type { IsoDate } from '@payrail/domain/dates';
import { and, asc, desc, eq, gte, isNull, lte } from 'drizzle-orm';
import type { StoredPaymentPlan } from '@payrail/domain/loan/payment-plan';
import type { Db } from '../../db/client';
import { violatedUniqueConstraint } from '../../db/errors';
import {
  autoDebitAuthorizations,
  ledgerEntries,
  loanInstallments,
  loanPaymentPlans,
  loanTransactions,
  loans,
  staffActions,
  staffUsers,
} from '../../db/schema/index';
import { insertNotification } from '../engagement/repository';
import { appendLedgerEntry } from './ledger.repository';
import type { LedgerEntryRow, LoanRow, TransactionRow } from './ledger.repository';

export type PaymentPlanRow = typeof loanPaymentPlans.$inferSelect;
export type NewPaymentPlan = Omit<typeof loanPaymentPlans.$inferInsert, 'id'>;
type StaffAction = Omit<typeof staffActions.$inferInsert, 'id'>;

/** The loan as the acceptance reads it under its row lock. */
export type LockedPlanLoan = { loan: LoanRow; plan: PaymentPlanRow; entries: LedgerEntryRow[]; transactions: TransactionRow[] };

/** What an accepted plan writes, in the lock's transaction. */
export type PlanAcceptance = {
  stored: StoredPaymentPlan;
  /** The loan's installments from the plan's first one (replacing those from `stored.fromN`). */
  installments: { n: number; dueDate: IsoDate; paymentCents: Cents; interestCents: Cents; principalCents: Cents; balanceCents: Cents }[];
  waivers: { feeEntryId: number; amountCents: Cents }[];
  effectiveDate: IsoDate;
  plan: Pick<
    PaymentPlanRow,
    'acceptedQuote' | 'signatureName' | 'signedAt' | 'ip' | 'userAgent' | 'agreementVersion' | 'pdfStorageKey' | 'pdfSha256' | 'pdfByteSize'
  >;
  notification: string;
  /** The plan's installment: the active auto-debit authorization (if any) collects it from now on. */
  autoDebitAmountCents: Cents;
  at: Date;
};

/**
 * The loan book's payment plans (docs/payment-plans.md): proposals and their signatures
 * (`loan_payment_plans`), and THE write of an accepted plan to the schedule of record — the loan's
 * `payment_plans`, its installments, the late-fee waivers — under the loan's row lock.
 */
export function paymentPlansRepository(db: Db) {
  const withStaff = () =>
    db
      .select({ plan: loanPaymentPlans, proposedBy: staffUsers.name })
      .from(loanPaymentPlans)
      .innerJoin(staffUsers, eq(staffUsers.id, loanPaymentPlans.proposedByStaffId));
  return {
    /** A new proposal with its staff action; `{ ok: false }` when the loan already has one open (partial unique index). */
    propose: async (
      row: NewPaymentPlan,
      audit: (planId: number) => StaffAction,
    ): Promise<{ ok: true; plan: PaymentPlanRow } | { ok: false; constraint: string }> => {
      try {
        return await db.transaction(async (tx) => {
          const [plan] = await tx.insert(loanPaymentPlans).values(row).returning();
          await tx.insert(staffActions).values(audit(plan!.id));
          return { ok: true as const, plan: plan! };
        });
      } catch (err) {
        const constraint = violatedUniqueConstraint(err);
        if (constraint) return { ok: false, constraint };
        throw err;
      }
    },
    plan: async (id: number): Promise<PaymentPlanRow | undefined> => (await db.select().from(loanPaymentPlans).where(eq(loanPaymentPlans.id, id)).limit(1))[0],
    /** A loan's plans, newest first, with the proposing staff member's name. */
    plansOfLoan: (loanId: number) => withStaff().where(eq(loanPaymentPlans.loanId, loanId)).orderBy(desc(loanPaymentPlans.id)),
    /** A member's plans (every loan), newest first. */
    plansOfMember: (userId: number) => db.select().from(loanPaymentPlans).where(eq(loanPaymentPlans.userId, userId)).orderBy(desc(loanPaymentPlans.id)),
    /** A loan's accepted plans with their signed PDFs (the borrower's documents), oldest first. */
    acceptedOfLoan: (loanId: number) =>
      db
        .select()
        .from(loanPaymentPlans)
        .where(and(eq(loanPaymentPlans.loanId, loanId), eq(loanPaymentPlans.status, 'accepted')))
        .orderBy(asc(loanPaymentPlans.id)),
    /** Proposals whose expiry date has come (business date `today`) move to expired; answers how many. Read paths call it first (lazy expiry). */
    expireDue: async (today: IsoDate, at: Date, scope: { loanId?: number; userId?: number }): Promise<number> => {
      const where = [eq(loanPaymentPlans.status, 'proposed'), lte(loanPaymentPlans.expiresOn, today)];
      if (scope.loanId !== undefined) where.push(eq(loanPaymentPlans.loanId, scope.loanId));
      if (scope.userId !== undefined) where.push(eq(loanPaymentPlans.userId, scope.userId));
      return (
        await db
          .update(loanPaymentPlans)
          .set({ status: 'expired', updatedAt: at })
          .where(and(...where))
          .returning({ id: loanPaymentPlans.id })
      ).length;
    },
    /** proposed → withdrawn with its staff action, only while still proposed (else null: nothing written). */
    withdraw: (id: number, staffId: number, reason: string, at: Date, audit: StaffAction): Promise<PaymentPlanRow | null> =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .update(loanPaymentPlans)
          .set({ status: 'withdrawn', withdrawnByStaffId: staffId, withdrawnReason: reason, updatedAt: at })
          .where(and(eq(loanPaymentPlans.id, id), eq(loanPaymentPlans.status, 'proposed')))
          .returning();
        if (!row) return null;
        await tx.insert(staffActions).values(audit);
        return row;
      }),
    /** A staff member read a signed agreement (audited). */
    audit: async (action: StaffAction): Promise<void> => {
      await db.insert(staffActions).values(action);
    },
    /**
     * Accepts a plan in ONE transaction holding the loan's row lock (FOR UPDATE: the daily run, payments and
     * other signatures wait): `decide` reads the loan, the plan, the ledger and the transactions as locked and
     * answers the writes, or a refusal (nothing written). The plan moves proposed → accepted only if still
     * proposed and still unexpired on `today`; else the refusal `not_open`.
     */
    accept: <R>(
      loanId: number,
      planId: number,
      today: IsoDate,
      decide: (locked: LockedPlanLoan) => { ok: true; writes: PlanAcceptance } | { ok: false; refusal: R },
    ): Promise<{ ok: true; plan: PaymentPlanRow } | { ok: false; refusal: R | 'not_open' }> =>
      db.transaction(async (tx) => {
        const [loan] = await tx.select().from(loans).where(eq(loans.id, loanId)).for('update');
        const [plan] = await tx.select().from(loanPaymentPlans).where(eq(loanPaymentPlans.id, planId)).limit(1);
        if (!loan || !plan || plan.loanId !== loanId || plan.status !== 'proposed' || plan.expiresOn <= today)
          return { ok: false as const, refusal: 'not_open' as const };
        const entries = await tx
          .select()
          .from(ledgerEntries)
          .where(eq(ledgerEntries.loanId, loanId))
          .orderBy(asc(ledgerEntries.effectiveDate), asc(ledgerEntries.id));
        const transactions = await tx
          .select()
          .from(loanTransactions)
          .where(eq(loanTransactions.loanId, loanId))
          .orderBy(asc(loanTransactions.scheduledDate), asc(loanTransactions.id));
        const decision = decide({ loan, plan, entries, transactions });
        if (!decision.ok) return { ok: false as const, refusal: decision.refusal };
        const w = decision.writes;
        const [accepted] = await tx
          .update(loanPaymentPlans)
          .set({ ...w.plan, status: 'accepted', effectiveDate: w.effectiveDate, updatedAt: w.at })
          .where(and(eq(loanPaymentPlans.id, planId), eq(loanPaymentPlans.status, 'proposed')))
          .returning();
        if (!accepted) return { ok: false as const, refusal: 'not_open' as const };
        await tx
          .update(loans)
          .set({ paymentPlans: [...(loan.paymentPlans ?? []), w.stored], revisedDueDates: null, updatedAt: w.at })
          .where(eq(loans.id, loanId));
        await tx.delete(loanInstallments).where(and(eq(loanInstallments.loanId, loanId), gte(loanInstallments.n, w.stored.fromN)));
        if (w.installments.length > 0) await tx.insert(loanInstallments).values(w.installments.map((i) => ({ ...i, loanId })));
        for (const fee of w.waivers) {
          await appendLedgerEntry(tx, {
            loanId,
            kind: 'waiver',
            effectiveDate: w.effectiveDate,
            amountCents: fee.amountCents,
            reversesEntryId: fee.feeEntryId,
            reason: `Waived by payment plan ${String(planId)}`,
            idempotencyKey: `payment_plan_waiver:${String(planId)}:${String(fee.feeEntryId)}`,
            createdAt: w.at,
          });
        }
        // The borrower signed the plan's amounts: an active auto-debit collects the plan's installment.
        await tx
          .update(autoDebitAuthorizations)
          .set({ amountCents: w.autoDebitAmountCents })
          .where(and(eq(autoDebitAuthorizations.loanId, loanId), isNull(autoDebitAuthorizations.revokedAt)));
        await insertNotification(tx, { userId: loan.userId, message: w.notification, at: w.at });
        return { ok: true as const, plan: accepted };
      }),
  };
}
export type PaymentPlansRepository = ReturnType<typeof paymentPlansRepository>;
