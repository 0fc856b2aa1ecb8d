import type { TDisbursementEntry, TLoanServicingResponse } from '@payrail/contract/servicing-backoffice';
import { SERVICING_BO_MSG } from '@payrail/contract/servicing-backoffice';
import type { TStaffMember } from '@payrail/contract/staff';
import { parseIsoDate } from '@payrail/domain/dates';
import type { IsoDate } from '@payrail/domain/dates';
import { isReturnCode, isSettled, RETURN_REASONS, secCodeFor } from '@payrail/domain/servicing/ach';
import type { ReturnCode } from '@payrail/domain/servicing/ach';
import { deriveStatus } from '@payrail/domain/loan/ledger';
import { restAfterRepresentment } from '@payrail/domain/servicing/payment-limit';
import { isPaymentKind, servicingSnapshot } from '@payrail/domain/servicing/snapshot';
import type { PostedEntry } from '@payrail/domain/servicing/snapshot';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import type { BankAccountRow, CollectionsTx, LedgerEntryRow } from '../operations.repository';
import { UNSENT_TRACE_ID } from '../repository';
import type { DisbursementRow, LoanRow } from '../repository';
import { businessDate, scheduleOf } from '../servicing-policy';
import { SERVICING_NOTICE } from './service-loan';
import { viewDate } from './loan-position';

const posted = (e: LedgerEntryRow): PostedEntry => ({
  id: e.id,
  kind: e.kind,
  effectiveDate: parseIsoDate(e.effectiveDate),
  amountCents: e.amountCents,
  reversesEntryId: e.reversesEntryId,
  installmentN: e.installmentN,
});

export const entryWire = (e: LedgerEntryRow, reversedBy: ReadonlyMap<number, number>) => ({
  id: e.id,
  kind: e.kind,
  effective_date: e.effectiveDate,
  amount: e.amountCents,
  transaction_id: e.transactionId,
  reverses_entry_id: e.reversesEntryId,
  reversed_by_entry_id: reversedBy.get(e.id) ?? null,
  installment: e.installmentN,
  reason_code: e.reasonCode,
  reason: e.reason,
  created_by_staff_id: e.createdByStaffId,
  created_at: e.createdAt.toISOString(),
});

/** The title of a known return code, else "Returned". */
export const returnTitleOf = (code: string | null): string => (code && isReturnCode(code) ? RETURN_REASONS[code].title : 'Returned');

export const disbursementEntryWire = (d: DisbursementRow, account: Pick<BankAccountRow, 'accountNumberLast4'> | undefined): TDisbursementEntry => ({
  id: d.id,
  amount: d.amountCents,
  status: d.status,
  trace_id: d.traceId,
  trace_number: d.achTraceNumber,
  account_last4: account?.accountNumberLast4 ?? null,
  returned_on: d.returnedOn,
  return_code: d.returnCode,
  return_reason: d.returnCode ? returnTitleOf(d.returnCode) : null,
  retry_of_id: d.retryOfId,
  created_at: d.createdAt.toISOString(),
});

/**
 * A disbursement credit's status as staff read it on the business date `date`: as stored, except that the
 * loan's first credit still `pending` counts as `settled` once its settlement date — `settleDays` business
 * days after the loan's disbursement date — is behind the business date with no return of it applied (a
 * return of a credit arrives in the bank's return file and marks it `returned`). So an active loan's
 * disbursement no longer reads "pending". A re-disbursement keeps what is stored (the day it was sent is
 * not a business date on record).
 */
export function disbursementStatusOn(
  d: Pick<DisbursementRow, 'status' | 'retryOfId' | 'traceId'>,
  loan: Pick<LoanRow, 'disbursementDate'>,
  date: IsoDate,
  settleDays: number,
): DisbursementRow['status'] {
  // A credit not sent yet (UNSENT_TRACE_ID) is pending whatever the date.
  if (d.status !== 'pending' || d.retryOfId !== null || d.traceId === UNSENT_TRACE_ID) return d.status;
  return isSettled(parseIsoDate(loan.disbursementDate), date, settleDays) ? 'settled' : 'pending';
}

/** True while the loan waits for its money: pending, its last disbursement returned. */
export const waitsForMoney = (status: string, disbursements: readonly Pick<DisbursementRow, 'status'>[]): boolean =>
  status === 'pending' && disbursements.at(-1)?.status === 'returned';

/** True while the loan's funding credit was written but never sent: pending, its only disbursement unsent (the next fund call or the daily run sends it; `cancelUnsentLoan` cancels it). */
export const creditUnsent = (status: string, disbursements: readonly Pick<DisbursementRow, 'status' | 'traceId' | 'retryOfId'>[]): boolean => {
  const last = disbursements.at(-1);
  return status === 'pending' && last !== undefined && last.retryOfId === null && last.traceId === UNSENT_TRACE_ID && last.status === 'pending';
};

/** GET /loans/:loanId/servicing: ledger, schedule with what is unpaid, days past due, ACH entries, status. */
export async function loanServicing(ctx: AppContext, loanId: number, inTx?: { tx: CollectionsTx; date: IsoDate }): Promise<TLoanServicingResponse> {
  // Inside a transaction every read goes through it (the embedded database has one connection).
  const repo = inTx?.tx ?? ctx.repos.loanBook;
  const loan = await repo.loan(loanId);
  if (!loan) throw AppError.notFound(SERVICING_BO_MSG.loanNotFound);
  const date = inTx?.date ?? (await businessDate(ctx));
  const [installments, entries, txs, auth, credits] = await Promise.all([
    repo.installments(loanId),
    repo.entries(loanId),
    repo.transactions(loanId),
    repo.activeAuthorization(loanId),
    repo.disbursementsOf(loanId),
  ]);
  const creditAccounts = new Map(
    await Promise.all(
      [...new Set(credits.flatMap((d) => (d.bankAccountId === null ? [] : [d.bankAccountId])))].map(async (id) => [id, await repo.bankAccount(id)] as const),
    ),
  );
  const schedule = scheduleOf(loan);
  // The same day the borrower's record reads (viewDate): a closed loan as it closed.
  const snap = servicingSnapshot(schedule, entries.map(posted), viewDate(loan, entries, date));
  const pastDue = new Map(snap.pastDue.map((p) => [p.n, p]));
  const reversedBy = new Map(entries.filter((e) => e.reversesEntryId !== null).map((e) => [e.reversesEntryId!, e.id]));
  return {
    loan: {
      id: loan.id,
      identifier: loan.identifier,
      user_id: loan.userId,
      status: loan.status,
      note_principal: loan.notePrincipalCents,
      payment_per_term: schedule.regularPaymentCents,
    },
    business_date: date,
    days_past_due: snap.daysPastDue,
    payoff_amount: snap.payoffCents,
    paid_total: snap.paidCents,
    credit_balance: snap.position.unappliedCents,
    schedule: installments.map((i) => {
      const p = pastDue.get(i.n);
      const unpaid = p ? p.interestCents + p.principalCents : 0;
      return {
        n: i.n,
        due_date: i.dueDate,
        payment: i.paymentCents,
        interest: i.interestCents,
        principal: i.principalCents,
        balance: i.balanceCents,
        unpaid,
        fees_unpaid: p?.feeCents ?? 0,
        state: i.dueDate > date ? ('upcoming' as const) : unpaid > 0 ? ('past_due' as const) : ('paid' as const),
      };
    }),
    ledger: entries.map((e) => entryWire(e, reversedBy)),
    ach_entries: txs.map((t) => ({
      id: t.id,
      mode: t.mode,
      method: t.method,
      status: t.status,
      amount: t.amountCents,
      scheduled_date: t.scheduledDate,
      installment: t.installmentN,
      retry_of_id: t.retryOfId,
      trace_id: t.achTraceId,
      trace_number: t.achTraceNumber,
      sec_code: secCodeFor(t.mode),
      settled_on: t.settledOn,
      returned_on: t.returnedOn,
      return_code: t.returnCode,
      return_reason: t.returnCode && isReturnCode(t.returnCode) ? RETURN_REASONS[t.returnCode].title : null,
    })),
    auto_debit: auth ? { id: auth.id, amount: auth.amountCents, bank_account_id: auth.bankAccountId, created_at: auth.createdAt.toISOString() } : null,
    disbursements: credits.map((d) => ({
      ...disbursementEntryWire(d, d.bankAccountId === null ? undefined : creditAccounts.get(d.bankAccountId)),
      status: disbursementStatusOn(d, loan, date, ctx.config.ach.sandboxSettleDays),
    })),
    disbursement_returned: waitsForMoney(loan.status, credits),
    credit_unsent: creditUnsent(loan.status, credits),
  };
}

/**
 * POST /loans/:loanId/reversals: a servicer reverses a posted payment (a late bank return, a payment
 * posted in error) with a reason. Appends a reversal entry (the payment stays in the ledger), marks an
 * ACH debit behind it returned, tells the borrower, and writes the staff action — one transaction.
 */
export async function reversePayment(
  ctx: AppContext,
  staff: TStaffMember,
  loanId: number,
  body: { entry_id: number; reason: string; return_code?: ReturnCode | undefined },
) {
  const date = await businessDate(ctx);
  return ctx.repos.loanBook.inTransaction(async (tx) => {
    const loan = await tx.lockLoan(loanId);
    if (!loan) throw AppError.notFound(SERVICING_BO_MSG.loanNotFound);
    const entry = await tx.entry(body.entry_id);
    if (!entry || entry.loanId !== loanId) throw AppError.notFound(SERVICING_BO_MSG.entryNotFound);
    if (!isPaymentKind(entry.kind)) throw new AppError('validation', SERVICING_BO_MSG.notAPayment);
    const entries = await tx.entries(loanId);
    if (entries.some((e) => e.reversesEntryId === entry.id)) throw new AppError('conflict', SERVICING_BO_MSG.alreadyReversed);
    const at = ctx.now();
    const effective = date < entry.effectiveDate ? entry.effectiveDate : date;
    const reversal = await tx.appendEntry({
      loanId,
      kind: 'reversal',
      effectiveDate: effective,
      amountCents: entry.amountCents,
      transactionId: entry.transactionId,
      reversesEntryId: entry.id,
      reasonCode: body.return_code ?? null,
      reason: body.reason,
      idempotencyKey: `reversal:${entry.id}`,
      createdByStaffId: staff.id,
      createdAt: at,
    });
    if (entry.transactionId !== null) {
      await tx.updateTransaction(entry.transactionId, { status: 'returned', returnedOn: effective, returnCode: body.return_code ?? null, updatedAt: at });
    }
    const title = body.return_code ? RETURN_REASONS[body.return_code].title : 'Reversed';
    // The loan's status as the ledger now gives it, in the same transaction, as a bank's late return of a payment
    // does (service-loan.ts): a loan the reversed payment had closed owes again, so it is open again (the daily run
    // services it, the borrower can pay), and a reversal may make an open loan late enough to be in default. A
    // charge-off stays the daily run's, which writes its entries with it.
    const snapshot = servicingSnapshot(scheduleOf(loan), (await tx.entries(loanId)).map(posted), date);
    const next = deriveStatus(loan.status, { closed: snapshot.position.closed, daysPastDue: snapshot.daysPastDue }, ctx.config.servicing);
    const moveTo = next === loan.status || next === 'charge_off' ? null : next;
    if (moveTo !== null) await tx.setLoanStatus(loanId, moveTo, at, moveTo === 'closed_paid');
    const code = body.return_code ?? 'REV';
    const message =
      loan.status === 'closed_paid' && moveTo !== null
        ? SERVICING_NOTICE.reopened(
            loan.identifier,
            { mode: entry.kind === 'payoff' ? 'payoff' : 'one_time', amountCents: entry.amountCents, date: entry.effectiveDate, code, title },
            { owedCents: snapshot.payoffCents, presentedOn: null, rest: restAfterRepresentment(snapshot.payoffCents, null) },
          )
        : SERVICING_NOTICE.returned(entry.amountCents, entry.effectiveDate, code, title);
    await tx.notify(loan.userId, message, at);
    await tx.audit({
      staffUserId: staff.id,
      action: 'payment_reversed',
      targetUserId: loan.userId,
      before: { loan_id: loanId, entry_id: entry.id, kind: entry.kind, amount_cents: entry.amountCents, effective_date: entry.effectiveDate },
      after: {
        reversal_entry_id: reversal.id,
        effective_date: effective,
        reason: body.reason,
        return_code: body.return_code ?? null,
        ...(moveTo !== null ? { loan_status: moveTo } : {}),
      },
      at,
    });
    const reversedBy = new Map([[entry.id, reversal.id]]);
    return { reversal: entryWire(reversal, reversedBy), servicing: await loanServicing(ctx, loanId, { tx, date }) };
  });
}
