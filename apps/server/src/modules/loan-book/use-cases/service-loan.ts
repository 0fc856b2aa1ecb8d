import { PAID_OFF_NOTICE, paymentSettledNotice } from '@payrail/domain/engagement/notices';
import { isBusinessDay } from '@payrail/domain/calendar';
import { parseIsoDate } from '@payrail/domain/dates';
import type { IsoDate } from '@payrail/domain/dates';
import { cents, formatUsd } from '@payrail/domain/money';
import { entryDescription, isReturnCode, RETURN_REASONS, representmentDate, secCodeFor } from '@payrail/domain/servicing/ach';
import { lateFeesDue } from '@payrail/domain/servicing/late-fee';
import { servicingSnapshot } from '@payrail/domain/servicing/snapshot';
import type { PostedEntry } from '@payrail/domain/servicing/snapshot';
import { deriveStatus } from '@payrail/domain/loan/ledger';
import { amountToSend, paymentLimit } from '@payrail/domain/servicing/payment-limit';
import { paymentsOnItsWay } from './loan-position';
import { traceNumber as achTraceNumber } from '../../../adapters/ach/nacha';
import type { EmailMessage } from '../../../adapters/email/port';
import type { AppContext } from '../../../context';
import type { CryptoBox } from '../../../lib/crypto-box';
import { openAccountNumber } from '../../banking/bank-accounts';
import type { LedgerEntryRow, LoanRow, LoanServicingStore, TransactionRow } from '../operations.repository';
import { installmentsDebitedOn, scheduleOf } from '../servicing-policy';
import type { ServicingPolicy } from '../servicing-policy';

/** Ledger kind of the payment a transaction posts. */
export const PAYMENT_KIND = { one_time: 'one_time_payment', auto_debit: 'scheduled_debit', payoff: 'payoff' } as const;

/** Borrower messages of servicing (in-app notification; the same text is e-mailed). */
export const SERVICING_NOTICE = {
  returned: (amount: number, date: string, code: string, title: string) =>
    `Your payment of ${formatUsd(cents(amount))} on ${date} was returned by your bank (${code} ${title}). Please make the payment another way to keep your loan current.`,
  representing: (date: string) => `We will present the returned payment to your bank again on ${date}.`,
  authorizationEnded: 'Your auto-debit has been stopped because of the bank return. Please set up a new payment method.',
  lateFee: (amount: number, n: number) => `A late fee of ${formatUsd(cents(amount))} was charged on installment ${n} of your loan.`,
  paidOff: PAID_OFF_NOTICE,
  notNeeded: (amount: number, date: string) =>
    `Your scheduled payment of ${formatUsd(cents(amount))} for ${date} was not taken: your loan owes nothing more.`,
  reopened: (identifier: string) =>
    `Your loan ${identifier} is open again: the payment that paid it off was returned by your bank. Please make a payment to pay it off.`,
} as const;

const posted = (e: LedgerEntryRow): PostedEntry => ({
  id: e.id,
  kind: e.kind,
  effectiveDate: parseIsoDate(e.effectiveDate),
  amountCents: e.amountCents,
  reversesEntryId: e.reversesEntryId,
  installmentN: e.installmentN,
});

/** How many times the chain ending at `t` has been re-presented (0 for an original entry). */
function representmentOf(t: TransactionRow, byId: ReadonlyMap<number, TransactionRow>): { count: number; root: TransactionRow } {
  let count = 0;
  let root = t;
  while (root.retryOfId !== null) {
    const prev = byId.get(root.retryOfId);
    if (!prev) break;
    root = prev;
    count += 1;
  }
  return { count, root };
}

/** What one loan's processing produced that must happen after the commit (e-mails). */
export type AfterCommit = EmailMessage[];

/**
 * The daily run for ONE loan on ONE business date, inside the claim's transaction: ACH outcomes (settle
 * past the return window, apply returns: reverse, notify, re-present within NACHA's limit, stop the
 * auto-debit when the account or authorization is gone), create the auto-debits due, send what is due,
 * assess late fees after the grace period, move the status. Every write is keyed (ledger idempotency
 * keys, the unique auto-debit per installment), so a replay of the same day changes nothing.
 */
export async function serviceLoan(ctx: AppContext, tx: LoanServicingStore, box: CryptoBox, policy: ServicingPolicy, loanId: number, date: IsoDate, mail: AfterCommit): Promise<void> {
  const loan = await tx.lockLoan(loanId);
  // A loan closed at zero while its last debit is still in flight is watched until the debit settles
  // or comes back (a return reopens it): ACH outcomes only.
  const watchedOnly = loan?.status === 'closed_paid';
  if (!loan || (loan.status !== 'opened' && loan.status !== 'default' && !watchedOnly)) return;
  const at = ctx.now();
  const schedule = scheduleOf(loan);
  // Read once, re-read only after a write that changes them (most loans, most days: nothing to write).
  let borrowerRead: Promise<Awaited<ReturnType<LoanServicingStore['borrower']>>> | null = null;
  const borrowerOf = () => (borrowerRead ??= tx.borrower(loan.userId));
  const tell = async (message: string, subject: string) => {
    await tx.notify(loan.userId, message, at);
    const borrower = await borrowerOf();
    if (borrower) mail.push({ to: borrower.email, subject, text: message, meta: { kind: 'servicing', loanId } });
  };
  let txs = await tx.transactions(loanId);
  let entries = await tx.entries(loanId);
  let txsStale = false;
  let entriesStale = false;
  const fresh = async () => {
    if (txsStale) txs = await tx.transactions(loanId);
    if (entriesStale) entries = await tx.entries(loanId);
    txsStale = false;
    entriesStale = false;
  };

  // 1. ACH outcomes of the debits in flight.
  const byId = new Map(txs.map((t) => [t.id, t]));
  for (const t of txs) {
    if (t.status !== 'pending' || !t.achTraceId) continue;
    const outcome = await ctx.providers.achDebits.outcome(t.achTraceId, date);
    if (outcome.status === 'settled') {
      await tx.updateTransaction(t.id, { status: 'settled', settledOn: date, updatedAt: at });
      // In-app only: the e-mail went out when the payment was sent.
      await tx.notify(loan.userId, paymentSettledNotice(formatUsd(cents(t.amountCents)), loan.identifier), at);
      txsStale = true;
    } else if (outcome.status === 'returned') {
      await applyReturn(ctx, tx, policy, loan, t, outcome.code, parseIsoDate(outcome.returnedOn), entries, byId, tell);
      txsStale = true;
      entriesStale = true;
    }
  }

  if (watchedOnly) return;

  // 2. Auto-debits due today (the due date moved to the next business day), from the active authorization
  // — none while a payoff is on its way (it pays the installment too), and never above what is owed less
  // what is already on its way.
  await fresh();
  let snapshot = servicingSnapshot(schedule, entries.map(posted), date);
  const auth = await tx.activeAuthorization(loanId);
  const onItsWay = paymentsOnItsWay(txs, entries);
  if (auth && isBusinessDay(date) && snapshot.payoffCents > 0 && !onItsWay.some((p) => p.mode === 'payoff')) {
    // The contract schedule (the loan engine's rows, the same as loan_installments): no read needed.
    const installments = schedule.rows;
    const last = installments.length;
    for (const i of installmentsDebitedOn(installments, date)) {
      txsStale = true;
      // The authorized amount each term; the final installment (a few cents off the level payment) in full.
      const amount = Math.min(i.n === last ? Math.max(auth.amountCents, i.paymentCents) : auth.amountCents, paymentLimit(snapshot.payoffCents, onItsWay, date).maxCents);
      if (amount <= 0) continue;
      await tx.insertTransaction({
        loanId,
        userId: loan.userId,
        mode: 'auto_debit',
        method: 'ach',
        status: 'scheduled',
        amountCents: amount,
        scheduledDate: i.dueDate,
        bankAccountId: auth.bankAccountId,
        autoDebitAuthorizationId: auth.id,
        installmentN: i.n,
        createdAt: at,
        updatedAt: at,
      });
    }
  }

  // 3. Send the ACH debits due (scheduled on or before today), on business days only: each takes at most
  // what the loan still owes today after the debits sent before it (amountToSend); one no longer needed is
  // canceled, not sent.
  if (isBusinessDay(date)) {
    await fresh();
    const all = new Map(txs.map((t) => [t.id, t]));
    let owed: number = servicingSnapshot(schedule, entries.map(posted), date).payoffCents;
    for (const t of txs) {
      if (t.status !== 'scheduled' || t.method !== 'ach' || t.scheduledDate > date) continue;
      const take = amountToSend(t.amountCents, owed);
      if (take === 0) {
        txsStale = true;
        await tx.updateTransaction(t.id, { status: 'canceled', canceledAt: at, updatedAt: at });
        await tell(SERVICING_NOTICE.notNeeded(t.amountCents, t.scheduledDate), 'Your scheduled payment was not needed');
        continue;
      }
      if (take < t.amountCents) {
        await tx.updateTransaction(t.id, { amountCents: take, updatedAt: at });
        t.amountCents = take;
      }
      owed -= take;
      const account = t.bankAccountId ? await tx.bankAccount(t.bankAccountId) : undefined;
      const number = account ? openAccountNumber(box, account) : null;
      txsStale = true;
      if (!account || !account.routingNumber || !number) {
        await tx.updateTransaction(t.id, { status: 'canceled', canceledAt: at, updatedAt: at });
        await tell('A scheduled payment could not be made: the bank account is no longer on file. Please choose another payment method.', 'Your scheduled payment was not made');
        continue;
      }
      // Cancel vs send: only a transaction still scheduled is sent (the borrower's cancel may have won).
      if (!(await tx.takeForSending(t.id, at))) continue;
      const { count } = representmentOf(t, all);
      // Unique per entry and the same on a replay: the transaction's id is the seven-digit sequence.
      const traceNumber = achTraceNumber(ctx.config.ach.odfiRoutingNumber, t.id);
      const borrower = await borrowerOf();
      const { traceId } = await ctx.providers.achDebits.originateDebit({
        amountCents: t.amountCents,
        routing: account.routingNumber,
        account: number,
        accountType: account.accountType ?? 'checking',
        name: [borrower?.firstName, borrower?.lastName].filter(Boolean).join(' ') || (borrower?.email ?? 'BORROWER'),
        individualId: loan.identifier,
        secCode: secCodeFor(t.mode),
        description: entryDescription(t.mode, count),
        effectiveDate: date,
        representment: count,
        traceNumber,
        idempotencyKey: `debit:${t.id}`,
      });
      await tx.updateTransaction(t.id, { achTraceId: traceId, achTraceNumber: traceNumber, updatedAt: at });
      await tx.appendEntry({ loanId, kind: PAYMENT_KIND[t.mode], effectiveDate: date, amountCents: t.amountCents, transactionId: t.id, idempotencyKey: `payment:txn:${t.id}`, createdAt: at });
      entriesStale = true;
    }
  }

  // 4. Late fees after the grace period, once per installment.
  const changed = entriesStale;
  await fresh();
  if (changed) snapshot = servicingSnapshot(schedule, entries.map(posted), date);
  const fees = lateFeesDue(snapshot.forLateFee, snapshot.lateFeeAssessed, date, policy.lateFee);
  for (const f of fees) {
    await tx.appendEntry({ loanId, kind: 'late_fee', effectiveDate: date, amountCents: f.amountCents, installmentN: f.n, idempotencyKey: `late_fee:${loanId}:${f.n}`, createdAt: at });
    await tell(SERVICING_NOTICE.lateFee(f.amountCents, f.n), 'A late fee was charged on your loan');
  }
  if (fees.length > 0) snapshot = servicingSnapshot(schedule, (await tx.entries(loanId)).map(posted), date);

  // 5. Status (the ledger's rule, deriveStatus): closed_paid on the business day the balance reaches zero
  // (a debit still in flight is watched: its return reopens the loan); default / charge_off by days past due.
  await fresh();
  const next = deriveStatus(loan.status, { closed: snapshot.position.closed, daysPastDue: snapshot.daysPastDue }, policy.thresholds);
  if (next !== loan.status) {
    await tx.setLoanStatus(loanId, next, at, next === 'closed_paid' || next === 'charge_off');
    if (next === 'closed_paid') await tell(SERVICING_NOTICE.paidOff, 'Your loan is paid in full');
  }
}

/**
 * Applies an ACH return to a debit (the simulator's outcome in the daily run, or a line of the bank's
 * return file): reverses the posted payment, marks the debit returned, tells the borrower, and
 * re-presents an R01/R09 within NACHA's limit or stops the auto-debit when the account or the
 * authorization is gone.
 */
export async function applyReturn(
  ctx: AppContext,
  tx: LoanServicingStore,
  policy: ServicingPolicy,
  loan: LoanRow,
  t: TransactionRow,
  code: string,
  returnedOn: IsoDate,
  entries: readonly LedgerEntryRow[],
  byId: ReadonlyMap<number, TransactionRow>,
  tell: (message: string, subject: string) => Promise<void>,
): Promise<void> {
  const at = ctx.now();
  const payment = entries.find((e) => e.transactionId === t.id && e.kind !== 'reversal');
  if (payment) {
    const title = isReturnCode(code) ? RETURN_REASONS[code].title : 'Returned';
    await tx.appendEntry({
      loanId: loan.id,
      kind: 'reversal',
      effectiveDate: returnedOn,
      amountCents: payment.amountCents,
      transactionId: t.id,
      reversesEntryId: payment.id,
      reasonCode: code,
      reason: `ACH return ${code} ${title}`,
      idempotencyKey: `reversal:${payment.id}`,
      createdAt: at,
    });
  }
  await tx.updateTransaction(t.id, { status: 'returned', returnedOn, returnCode: code, updatedAt: at });
  const reason = isReturnCode(code) ? RETURN_REASONS[code] : null;
  await tell(SERVICING_NOTICE.returned(t.amountCents, payment?.effectiveDate ?? t.scheduledDate, code, reason?.title ?? 'Returned'), 'Your payment was returned');

  if (reason?.retryable) {
    const { count, root } = representmentOf(t, byId);
    const original = entries.find((e) => e.transactionId === root.id && e.kind !== 'reversal');
    const on = representmentDate({ code: reason.code, originalEffectiveDate: parseIsoDate(original?.effectiveDate ?? root.scheduledDate), representment: count, returnedOn }, policy.representmentDelayDays);
    if (on) {
      await tx.insertTransaction({
        loanId: loan.id,
        userId: t.userId,
        mode: t.mode,
        method: 'ach',
        status: 'scheduled',
        amountCents: t.amountCents,
        scheduledDate: on,
        bankAccountId: t.bankAccountId,
        autoDebitAuthorizationId: t.autoDebitAuthorizationId,
        installmentN: t.installmentN,
        retryOfId: t.id,
        createdAt: at,
        updatedAt: at,
      });
      await tell(SERVICING_NOTICE.representing(on), 'We will try your payment again');
    }
  } else if (t.autoDebitAuthorizationId !== null && reason && reason.effect !== 'retry') {
    await tx.revokeAuthorization(t.autoDebitAuthorizationId, at);
    await tell(SERVICING_NOTICE.authorizationEnded, 'Your auto-debit was stopped');
  }

  // A late return of the payment that paid the loan off (the daily run no longer services a closed
  // loan; the bank's return file still matches its debit): the loan owes again, so it reopens.
  if (loan.status === 'closed_paid' && payment) {
    const snapshot = servicingSnapshot(scheduleOf(loan), (await tx.entries(loan.id)).map(posted), returnedOn);
    const next = deriveStatus(loan.status, { closed: snapshot.position.closed, daysPastDue: snapshot.daysPastDue }, policy.thresholds);
    if (next !== loan.status) {
      await tx.setLoanStatus(loan.id, next, at, next === 'charge_off');
      await tell(SERVICING_NOTICE.reopened(loan.identifier), 'Your loan is open again');
    }
  }
}
