import { SERVICING_BO_MSG } from '@payrail/contract/servicing-backoffice';
import type { TCancelUndeliveredResponse, TCancelUnsentResponse, TRedisburseResponse } from '@payrail/contract/servicing-backoffice';
import type { TStaffMember } from '@payrail/contract/staff';
import type { IsoDate } from '@payrail/domain/dates';
import { PAYMENT_KINDS } from '@payrail/domain/loan/ledger';
import { cents, formatUsd } from '@payrail/domain/money';
import type { AchReturnRecord } from '../../../adapters/ach/port';
import type { AppContext } from '../../../context';
import { receiverAccount } from '../../banking/accounts-on-file';
import { AppError } from '../../../errors';
import { openAccountNumber } from '../../banking/bank-accounts';
import type { DisbursementRow, LedgerEntryRow, LockedLoan, TransactionRow } from '../repository';
import { businessDate } from '../servicing-policy';
import { creditReceiverName, loanCreditRequest } from './loan-credit';
import { creditUnsent, disbursementEntryWire, loanServicing, returnTitleOf as titleOf, waitsForMoney } from './loan-servicing';
import type { AfterCommit } from './service-loan';

/**
 * A disbursement credit the borrower's bank sent back (a return of a credit, transaction code 21/31, in
 * the bank's return file) — docs/servicing-operations.md, "Returned disbursements". The money never
 * arrived, so the loan goes back to `pending` (spec status 0, not funded: the daily run services only
 * opened / default loans, so no debit is created or sent and payments are refused), its scheduled debits
 * are canceled, its auto-debit stays on file but inactive, and the borrower is told. A servicer then
 * re-disburses it to the borrower's corrected account (`redisburse`) or cancels the loan
 * (`cancelUndeliveredLoan`). Every write is under the loan's row lock.
 */

/** Borrower messages (in-app notification; the same text is e-mailed). */
export const DISBURSEMENT_NOTICE = {
  returned: (identifier: string, amountCents: number, code: string, title: string) =>
    `The money for your loan ${identifier} (${formatUsd(cents(amountCents))}) could not be delivered to your bank account (${code} ${title}). No payment will be taken from you meanwhile. We will contact you to send it to a corrected bank account or to cancel the loan.`,
  resent: (identifier: string, amountCents: number, last4: string) =>
    `We sent the money for your loan ${identifier} (${formatUsd(cents(amountCents))}) again, to your bank account ending ${last4}. It should arrive within one to two business days. Your payment schedule stays as agreed.`,
  canceled: (identifier: string) => `Your loan ${identifier} is canceled: its money never reached your bank account, so you owe nothing on it.`,
  canceledUnsent: (identifier: string) =>
    `Your loan ${identifier} is canceled: its money was never sent to your bank account, so you owe nothing on it and no payment will be taken.`,
} as const;

/**
 * The NACHA trace number of the ACH credit sent under `idempotencyKey` (the originator's key), reserved and
 * committed before the credit is sent: a retry after a crash sends the same entry under the same number.
 */
export const creditTraceNumber = (ctx: AppContext, idempotencyKey: string): Promise<string> =>
  ctx.repos.loanBook.reserveCreditTraceNumber(idempotencyKey, (sequence) => ctx.providers.achFiles.traceNumber(sequence), ctx.now());

export type DisbursementReturnOutcome =
  | { kind: 'applied'; loanId: number; loanIdentifier: string; disbursementId: number; returnedOn: IsoDate }
  | { kind: 'duplicate'; loanId: number; disbursementId: number; returnedOn: string | null }
  | { kind: 'unmatched'; reason: string }
  /** No disbursement has this trace number (the caller may know it as another credit's). */
  | { kind: 'unknown_trace' };

/**
 * Applies one return of a credit from the bank's return file: matched by its original trace number to
 * our disbursement (same amount), under the loan's lock. A disbursement already returned is a duplicate
 * (re-uploading the file changes nothing); a loan no longer open (paid, refinanced, charged off) is
 * reported for a person to review. E-mails go to `mail`, sent by the caller after the commit.
 */
export async function applyDisbursementReturn(ctx: AppContext, r: AchReturnRecord, date: IsoDate, mail: AfterCommit): Promise<DisbursementReturnOutcome> {
  const found = await ctx.repos.loanBook.disbursementByTraceNumber(r.originalTrace);
  if (!found) return { kind: 'unknown_trace' };
  const owner = await ctx.repos.loanBook.loan(found.loanId);
  const borrower = owner ? await ctx.repos.loanBook.borrower(owner.userId) : undefined;
  const own: AfterCommit = [];
  const outcome = await ctx.repos.loanBook.withLockedLoan(found.loanId, async (book): Promise<DisbursementReturnOutcome> => {
    const d = (await book.disbursements()).find((x) => x.id === found.id)!;
    if (d.status === 'returned') return { kind: 'duplicate', loanId: book.loan.id, disbursementId: d.id, returnedOn: d.returnedOn };
    if (d.amountCents !== r.amountCents) return { kind: 'unmatched', reason: SERVICING_BO_MSG.returnAmountDiffers(d.amountCents, r.amountCents) };
    const { loan } = book;
    if (loan.status !== 'opened' && loan.status !== 'default')
      return { kind: 'unmatched', reason: SERVICING_BO_MSG.disbursementReturnLoanNotOpen(loan.status) };
    const at = ctx.now();
    await book.markDisbursementReturned(d.id, r.code, date, at);
    await book.setStatus('pending', at);
    // Nothing is collected on money the borrower never got: scheduled debits are canceled (the auto-debit
    // authorization stays on file; the run creates nothing while the loan is pending).
    await book.cancelScheduled(
      (await book.transactions()).filter((t) => t.status === 'scheduled').map((t) => t.id),
      at,
    );
    const message = DISBURSEMENT_NOTICE.returned(loan.identifier, d.amountCents, r.code, titleOf(r.code));
    await book.notify(loan.userId, message, at);
    if (borrower)
      own.push({ to: borrower.email, subject: 'The money for your loan could not be delivered', text: message, meta: { kind: 'servicing', loanId: loan.id } });
    return { kind: 'applied', loanId: loan.id, loanIdentifier: loan.identifier, disbursementId: d.id, returnedOn: date };
  });
  mail.push(...own); // committed: its e-mails are real
  return outcome;
}

const sendMail = async (ctx: AppContext, mail: AfterCommit) => {
  for (const m of mail) await ctx.providers.email.send(m).catch(() => undefined);
};

/**
 * POST /api/backoffice/loans/:loanId/redisburse: a servicer sends the returned disbursement again, to
 * the borrower's corrected receiving account (verified, with its full number, and not the account the
 * money came back from unless it changed since). A new ACH credit (originator key
 * `redisburse-<returned disbursement id>`: two calls send one credit) and a new disbursement row naming
 * the returned one (once); the loan is opened again on its schedule of record (the ledger's disbursement
 * entry stays: it is the loan's principal). Under the loan's lock; the Idempotency-Key answers a retry
 * the first result; audited; the borrower is told.
 */
export async function redisburse(ctx: AppContext, staff: TStaffMember, loanId: number, idempotencyKey: string): Promise<TRedisburseResponse> {
  const repo = ctx.repos.loanBook;
  const replayOf = async (): Promise<TRedisburseResponse | null> => {
    const replay = await repo.disbursementByKey(idempotencyKey);
    if (!replay) return null;
    if (replay.loanId !== loanId || replay.retryOfId === null) throw new AppError('conflict', SERVICING_BO_MSG.redisburseKeyReused);
    return answerOf(ctx, replay);
  };
  const first = await replayOf();
  if (first) return first;

  const loan = await repo.loan(loanId);
  if (!loan) throw AppError.notFound(SERVICING_BO_MSG.loanNotFound);
  const returned = (await repo.disbursements(loanId))[0]; // newest first
  if (!returned || !waitsForMoney(loan.status, [returned])) throw new AppError('conflict', SERVICING_BO_MSG.notWaitingForMoney);
  const account = await receiverAccount(ctx, loan.userId);
  const number = account ? openAccountNumber(await ctx.cryptoBox(), account) : null;
  if (!account || !account.routingNumber || !number || !account.verifiedAt) throw new AppError('conflict', SERVICING_BO_MSG.redisburseNoAccount);
  // The account the bank refused, unchanged since the return, would come back the same way.
  if (returned.bankAccountId === account.id && account.updatedAt <= returned.updatedAt) throw new AppError('conflict', SERVICING_BO_MSG.redisburseSameAccount);
  const borrower = await repo.borrower(loan.userId);
  const name = creditReceiverName(borrower, loan.identifier);
  const providerKey = `redisburse-${String(returned.id)}`;
  const achTraceNumber = await creditTraceNumber(ctx, providerKey);
  const last4 = account.accountNumberLast4 ?? number.slice(-4);
  const mail: AfterCommit = [];

  const done = await repo.withLockedLoan(loanId, async (book) => {
    // Re-read under the lock: a concurrent re-disbursement or cancel may have committed first.
    const latest = (await book.disbursements()).at(-1);
    if (!latest || latest.id !== returned.id || !waitsForMoney(book.loan.status, [latest])) return null;
    const ach = await ctx.providers.ach.originateCredit(
      loanCreditRequest({
        account,
        accountNumber: number,
        amountCents: returned.amountCents,
        name,
        loanIdentifier: loan.identifier,
        traceNumber: achTraceNumber,
        idempotencyKey: providerKey,
      }),
    );
    const at = ctx.now();
    const row = await book.addDisbursement({
      amountCents: returned.amountCents,
      traceId: ach.traceId,
      achTraceNumber,
      bankAccountId: account.id,
      idempotencyKey,
      status: ach.status,
      retryOfId: returned.id,
      createdAt: at,
      updatedAt: at,
    });
    await book.setStatus('opened', at);
    const message = DISBURSEMENT_NOTICE.resent(loan.identifier, returned.amountCents, last4);
    await book.notify(loan.userId, message, at);
    if (borrower) mail.push({ to: borrower.email, subject: 'The money for your loan is on its way again', text: message, meta: { kind: 'servicing', loanId } });
    await book.audit({
      staffUserId: staff.id,
      action: 'disbursement_resent',
      targetUserId: loan.userId,
      before: { loan_id: loanId, status: 'pending', returned_disbursement_id: returned.id, return_code: returned.returnCode, returned_on: returned.returnedOn },
      after: {
        status: 'opened',
        disbursement_id: row.id,
        amount_cents: row.amountCents,
        trace_id: row.traceId,
        trace_number: achTraceNumber,
        bank_account_id: account.id,
      },
      at,
    });
    return row;
  });
  if (!done) {
    // Lost a race: the same key committed first (answer it), or the loan moved on (re-disbursed or canceled).
    const twin = await replayOf();
    if (twin) return twin;
    throw new AppError('conflict', SERVICING_BO_MSG.notWaitingForMoney);
  }
  await sendMail(ctx, mail);
  return answerOf(ctx, done);
}

async function answerOf(ctx: AppContext, d: DisbursementRow): Promise<TRedisburseResponse> {
  const account = d.bankAccountId === null ? undefined : await ctx.repos.loanBook.bankAccount(d.bankAccountId);
  return { disbursement: disbursementEntryWire(d, account), servicing: await loanServicing(ctx, d.loanId) };
}

/**
 * POST /api/backoffice/loans/:loanId/cancel_undelivered `{ reason }`: a servicer cancels a loan whose
 * money never reached the borrower. The ledger's rule: a `reversal` entry naming the `disbursement` entry
 * (key `reversal:<entry>`, dated the business date, never before the disbursement date, with the return
 * code) — from its date the replay owes nothing (loan/ledger.ts, `positionAsOf`), so every reader agrees
 * the loan is closed with nothing owed. The loan is `closed_paid` (spec §3 has no canceled status; the
 * reason is the reversal entry, the returned disbursement and the staff action), its auto-debits are
 * ended and the borrower is told. Refused for a refinance (its proceeds paid the earlier loan off) and
 * while payments are held on it. Under the loan's lock; a second call answers the canceled loan; audited.
 */
export function cancelUndeliveredLoan(ctx: AppContext, staff: TStaffMember, loanId: number, body: { reason: string }): Promise<TCancelUndeliveredResponse> {
  return cancelLoan(ctx, staff, loanId, body.reason, async (book, date) => {
    const { loan } = book;
    const entries = await book.entries();
    const disbursement = entries.find((e) => e.kind === 'disbursement');
    const returned = (await book.disbursements()).at(-1);
    // Already canceled (a retry, or a concurrent twin): the same answer, nothing written.
    if (disbursement && returned?.status === 'returned' && loan.status === 'closed_paid' && entries.some((e) => e.reversesEntryId === disbursement.id))
      return null;
    if (!disbursement || !returned || !waitsForMoney(loan.status, [returned])) throw new AppError('conflict', SERVICING_BO_MSG.notWaitingForMoney);
    if (loan.refinancesLoanId !== null) throw new AppError('conflict', SERVICING_BO_MSG.cancelRefinance);
    const txs = await heldPaymentsRefused(book, entries);
    const code = returned.returnCode;
    const message = DISBURSEMENT_NOTICE.canceled(loan.identifier);
    await closeCanceledLoan(book, {
      staff,
      entry: disbursement,
      txs,
      effective: date < disbursement.effectiveDate ? disbursement.effectiveDate : date,
      reasonCode: code,
      reason: `Loan canceled: the disbursement came back (${code ?? 'returned'} ${titleOf(code)}). ${body.reason}`,
      message,
      action: 'loan_canceled_undelivered',
      before: { loan_id: loanId, status: loan.status, returned_disbursement_id: returned.id, return_code: code, returned_on: returned.returnedOn },
      staffReason: body.reason,
      at: ctx.now(),
    });
    return message;
  });
}

/**
 * POST /api/backoffice/loans/:loanId/cancel_unsent `{ reason }`: a servicer cancels a loan whose funding
 * credit was never sent (the funding's send failed: the loan `pending`, its disbursement unsent), instead
 * of letting the next fund call or the daily run send it. Under the loan's row lock — the lock
 * `sendFundingCredit` sends under — it re-checks that the credit is still unsent, so a cancel and a send
 * racing each other never both happen: whichever takes the lock first wins, the other is refused (409).
 * The credit becomes `canceled` (never sent after this: the daily run no longer lists it and a fund call
 * answers 409), and the loan is closed as `cancel_undelivered` closes it: a `reversal` of the
 * `disbursement` entry (dated the business date, never before the disbursement date), scheduled payments
 * canceled, auto-debits ended, `closed_paid`, the borrower told (in-app and by e-mail), audited
 * (`loan_canceled_unsent`). The application stays as that cancel leaves it (approved, its loan closed; the
 * borrower may apply again). Refused for a refinance (its proceeds already paid the earlier loan off: fund
 * it again to send them) and while payments are held. A second call answers the canceled loan.
 */
export function cancelUnsentLoan(ctx: AppContext, staff: TStaffMember, loanId: number, body: { reason: string }): Promise<TCancelUnsentResponse> {
  return cancelLoan(ctx, staff, loanId, body.reason, async (book, date) => {
    const { loan } = book;
    const credits = await book.disbursements();
    const credit = credits.at(-1);
    // Already canceled (a retry, or a concurrent twin): the same answer, nothing written.
    if (loan.status === 'closed_paid' && credit?.status === 'canceled') return null;
    const entries = await book.entries();
    const disbursement = entries.find((e) => e.kind === 'disbursement');
    // Re-checked under the lock: a fund call or the daily run that took it first has sent the credit.
    if (!disbursement || !credit || !creditUnsent(loan.status, credits)) throw new AppError('conflict', SERVICING_BO_MSG.notUnsent);
    if (loan.refinancesLoanId !== null) throw new AppError('conflict', SERVICING_BO_MSG.cancelUnsentRefinance);
    const txs = await heldPaymentsRefused(book, entries);
    const at = ctx.now();
    if (!(await book.markDisbursementCanceled(credit.id, at))) throw new AppError('conflict', SERVICING_BO_MSG.notUnsent);
    const message = DISBURSEMENT_NOTICE.canceledUnsent(loan.identifier);
    await closeCanceledLoan(book, {
      staff,
      entry: disbursement,
      txs,
      effective: date < disbursement.effectiveDate ? disbursement.effectiveDate : date,
      reasonCode: null,
      reason: `Loan canceled before its money was sent to the bank. ${body.reason}`,
      message,
      action: 'loan_canceled_unsent',
      before: { loan_id: loanId, status: loan.status, disbursement_id: credit.id, trace_number: credit.achTraceNumber, amount_cents: credit.amountCents },
      staffReason: body.reason,
      at,
    });
    return message;
  });
}

/**
 * The two cancels' frame: under the loan's lock, `cancel` checks the loan and closes it (answering the
 * borrower's message), or answers null when it is already canceled (nothing written). A first loan's
 * referral is voided in the SAME transaction, under the same lock (the referral module's
 * `fundedLoanCanceled`): the void commits with the cancel or not at all, and a reward recorded or paid out
 * concurrently is seen by one or the other (both take the referrer's lock). The borrower is e-mailed after
 * the commit; the answer is the loan's servicing as it stands.
 */
async function cancelLoan(
  ctx: AppContext,
  staff: TStaffMember,
  loanId: number,
  reason: string,
  cancel: (book: LockedLoan, date: IsoDate) => Promise<string | null>,
): Promise<{ servicing: Awaited<ReturnType<typeof loanServicing>> }> {
  const repo = ctx.repos.loanBook;
  const owner = await repo.loan(loanId);
  if (!owner) throw AppError.notFound(SERVICING_BO_MSG.loanNotFound);
  const borrower = await repo.borrower(owner.userId);
  const date = await businessDate(ctx);
  const mail: AfterCommit = [];
  await repo.withLockedLoan(loanId, async (book) => {
    // First, before the cancel writes anything: the referral module takes the referrer's lock, and a recording
    // holding it may wait for a version row the cancel's writes lock (kept answers). A cancel then refused
    // rolls the void back; one already done finds nothing standing.
    if (book.loan.refinancesLoanId === null)
      await ctx.hooks.loanBook.fundedLoanCanceled(ctx, book.tx, { userId: book.loan.userId, loanId, staffUserId: staff.id, reason });
    const message = await cancel(book, date);
    if (message === null) return;
    if (borrower) mail.push({ to: borrower.email, subject: 'Your loan is canceled', text: message, meta: { kind: 'servicing', loanId } });
  });
  await sendMail(ctx, mail);
  return { servicing: await loanServicing(ctx, loanId) };
}

/** The loan's transactions; refused (409) while a payment was received and not undone, or one is on its way. */
async function heldPaymentsRefused(book: LockedLoan, entries: readonly LedgerEntryRow[]): Promise<TransactionRow[]> {
  const undone = new Set(entries.flatMap((e) => (e.reversesEntryId === null ? [] : [e.reversesEntryId])));
  const txs = await book.transactions();
  if (entries.some((e) => PAYMENT_KINDS.has(e.kind) && !undone.has(e.id)) || txs.some((t) => t.status === 'pending'))
    throw new AppError('conflict', SERVICING_BO_MSG.cancelPaymentsHeld);
  return txs;
}

/**
 * A canceled loan closed with nothing owed, under its lock: the `reversal` of its `disbursement` entry
 * (key `reversal:<entry>`), scheduled payments canceled, auto-debits ended, `closed_paid`, the borrower's
 * notification and the staff action (the caller e-mails after the commit).
 */
async function closeCanceledLoan(
  book: LockedLoan,
  c: {
    staff: TStaffMember;
    entry: LedgerEntryRow;
    txs: readonly TransactionRow[];
    effective: IsoDate;
    reasonCode: string | null;
    reason: string;
    message: string;
    action: string;
    before: Record<string, unknown>;
    staffReason: string;
    at: Date;
  },
): Promise<void> {
  const { loan } = book;
  const reversal = await book.append({
    loanId: loan.id,
    kind: 'reversal',
    effectiveDate: c.effective,
    amountCents: c.entry.amountCents,
    reversesEntryId: c.entry.id,
    reasonCode: c.reasonCode,
    reason: c.reason,
    idempotencyKey: `reversal:${String(c.entry.id)}`,
    createdByStaffId: c.staff.id,
    createdAt: c.at,
  });
  await book.cancelScheduled(
    c.txs.filter((t) => t.status === 'scheduled').map((t) => t.id),
    c.at,
  );
  const revoked = await book.revokeAutoDebits(c.at);
  await book.setStatus('closed_paid', c.at);
  await book.notify(loan.userId, c.message, c.at);
  await book.audit({
    staffUserId: c.staff.id,
    action: c.action,
    targetUserId: loan.userId,
    before: c.before,
    after: { status: 'closed_paid', reversal_entry_id: reversal.id, effective_date: c.effective, auto_debits_ended: revoked, reason: c.staffReason },
    at: c.at,
  });
}
