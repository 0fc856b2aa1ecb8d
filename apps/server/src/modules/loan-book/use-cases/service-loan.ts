import { PAID_OFF_NOTICE, paymentSettledNotice } from '@payrail/domain/engagement/notices';
import { isBusinessDay } from '@payrail/domain/calendar';
import { parseIsoDate } from '@payrail/domain/dates';
import type { IsoDate } from '@payrail/domain/dates';
import { cents, formatUsd, type Cents } from '@payrail/domain/money';
import { entryDescription, isReturnCode, RETURN_REASONS, representmentDate, secCodeFor } from '@payrail/domain/servicing/ach';
import { lateFeesDue } from '@payrail/domain/servicing/late-fee';
import { servicingSnapshot } from '@payrail/domain/servicing/snapshot';
import type { PostedEntry } from '@payrail/domain/servicing/snapshot';
import { chargeOffComponents, deriveStatus } from '@payrail/domain/loan/ledger';
import { formatUsDate } from '@payrail/domain/validation/date-of-birth';
import { amountToSend, paymentLimit, payoffOutcome } from '@payrail/domain/servicing/payment-limit';
import { paymentsOnItsWay } from './loan-position';
import type { EmailMessage } from '../../../adapters/email/port';
import type { AppContext } from '../../../context';
import type { CryptoBox } from '../../../lib/crypto-box';
import { openAccountNumber } from '../../banking/bank-accounts';
import type { LedgerEntryRow, LoanRow, LoanServicingStore, TransactionRow } from '../operations.repository';
import { installmentsDebitedOn, scheduleOf } from '../servicing-policy';
import type { ServicingPolicy } from '../servicing-policy';

/** Ledger kind of the payment a transaction posts. */
export const PAYMENT_KIND = { one_time: 'one_time_payment', auto_debit: 'scheduled_debit', payoff: 'payoff' } as const;

/**
 * How what a payoff left owed is collected: the returned payment presented again (never for more than its
 * own amount), and what is beyond it paid by the borrower once the payoff is taken.
 */
function howCollected(stillOwed: number, presentedAgain: { amountCents: number; date: string } | null, payoffTaken: boolean): string {
  // While the payoff is on its way nothing else is accepted: the borrower pays the rest once it is taken.
  const when = payoffTaken ? 'to close your loan' : 'once the payoff is taken, to close your loan';
  if (!presentedAgain) return `Please pay it another way ${when}.`;
  const again = `We will present the returned payment of ${formatUsd(cents(presentedAgain.amountCents))} to your bank again on ${usDate(presentedAgain.date)}: please have the money in your account by then.`;
  const rest = stillOwed - presentedAgain.amountCents;
  return rest > 0 ? `${again} Please pay the remaining ${formatUsd(cents(rest))} another way ${when}.` : again;
}

/** Borrower messages of servicing (in-app notification; the same text is e-mailed). */
/** Dates in borrower texts as the product shows them (MM/DD/YYYY). */
const usDate = (date: string) => formatUsDate(date as IsoDate);

export const SERVICING_NOTICE = {
  /**
   * One message per return that says what happens next: presented again on a date (nothing to do but have
   * the money there, or pay another way before), or nothing more from us (pay another way).
   */
  returned: (amount: number, date: string, code: string, title: string, presentAgainOn: string | null = null) =>
    presentAgainOn
      ? `Your payment of ${formatUsd(cents(amount))} on ${usDate(date)} was returned by your bank (${code} ${title}). We will present it to your bank again on ${usDate(presentAgainOn)}: please have the money in your account by then, or make the payment another way before that day.`
      : `Your payment of ${formatUsd(cents(amount))} on ${usDate(date)} was returned by your bank (${code} ${title}). Please make the payment another way to keep your loan current.`,
  authorizationEnded: 'Your auto-debit has been stopped because of the bank return. Please set up a new payment method.',
  lateFee: (amount: number, n: number) => `A late fee of ${formatUsd(cents(amount))} was charged on installment ${n} of your loan.`,
  paidOff: PAID_OFF_NOTICE,
  /**
   * A return while a payoff is on its way and taken first (its day before any re-presentment): what the
   * payoff will do about it, said once. `stillOwed` 0: the payoff pays it (its re-presentment, if any, is
   * only the fallback should the payoff not go through); otherwise the payoff takes no more than authorised
   * and the rest is collected by the returned payment's re-presentment or paid by the borrower.
   */
  returnedBeforePayoff: (
    amount: number,
    date: string,
    code: string,
    title: string,
    payoff: { amountCents: number; date: string },
    stillOwed: number,
    presentAgainOn: string | null,
  ) => {
    const returned = `Your payment of ${formatUsd(cents(amount))} on ${usDate(date)} was returned by your bank (${code} ${title}).`;
    const payoffText = `Your payoff of ${formatUsd(cents(payoff.amountCents))} scheduled for ${usDate(payoff.date)}`;
    if (stillOwed <= 0)
      return `${returned} ${payoffText} pays it: you have nothing more to do.${presentAgainOn ? ` Should the payoff not go through, we will present the returned payment to your bank again on ${usDate(presentAgainOn)}.` : ''}`;
    return `${returned} ${payoffText} takes no more than the amount you authorised, so ${formatUsd(cents(stillOwed))} will still be owed after it. ${howCollected(
      stillOwed,
      presentAgainOn ? { amountCents: amount, date: presentAgainOn } : null,
      false,
    )}`;
  },
  /** A payoff taken in full as authorised while the loan still owes (a payment it counted came back). */
  payoffLeftOwing: (identifier: string, taken: number, date: string, stillOwed: number, presentedAgain: { amountCents: number; date: string } | null) =>
    `Your payoff of ${formatUsd(cents(taken))} was taken on ${usDate(date)}, as you authorised. Your loan ${identifier} still owes ${formatUsd(cents(stillOwed))} because a payment the payoff counted was returned by your bank. ${howCollected(stillOwed, presentedAgain, true)}`,
  notNeeded: (amount: number, date: string) =>
    `Your scheduled payment of ${formatUsd(cents(amount))} for ${usDate(date)} was not taken: your loan owes nothing more.`,
  reopened: (identifier: string) =>
    `Your loan ${identifier} is open again: the payment that paid it off was returned by your bank. Please make a payment to pay it off.`,
  chargedOff: (identifier: string, amount: number) =>
    `Your loan ${identifier} has been charged off: ${formatUsd(cents(amount))} was unpaid. You still owe this amount; please contact us to arrange payment.`,
} as const;

/**
 * What the collections desk records of a serviced loan on the run date (docs/collections.md): days past due
 * and the past-due amount after the day's servicing, the next due date and payment (for reminders). The
 * daily run hands the observations of the loans it committed to the collections day (runCollectionsDay).
 */
export interface DelinquencyObservation {
  readonly loanId: number;
  readonly userId: number;
  readonly identifier: string;
  readonly status: LoanRow['status'];
  readonly daysPastDue: number;
  /** Past due (fees, interest, principal of the installments past due); at charge-off, the amount charged off. */
  readonly pastDueCents: Cents;
  readonly nextDueDate: IsoDate | null;
  /** The installment due on nextDueDate (its scheduled payment), for a reminder. */
  readonly nextPaymentCents: number;
}

const posted = (e: LedgerEntryRow): PostedEntry => ({
  id: e.id,
  kind: e.kind,
  effectiveDate: parseIsoDate(e.effectiveDate),
  amountCents: e.amountCents,
  reversesEntryId: e.reversesEntryId,
  installmentN: e.installmentN,
  reasonCode: e.reasonCode,
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
export async function serviceLoan(
  ctx: AppContext,
  tx: LoanServicingStore,
  box: CryptoBox,
  policy: ServicingPolicy,
  loanId: number,
  date: IsoDate,
  mail: AfterCommit,
  observe?: (o: DelinquencyObservation) => void,
): Promise<void> {
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
  // — none while a payoff moving today or earlier is on its way (it pays the installment too; a payoff dated
  // later does not: the installment the borrower authorised is debited on its date, else it would fall past
  // due and draw a late fee before the payoff arrives), and never above what is owed less what is already on
  // its way up to today.
  await fresh();
  let snapshot = servicingSnapshot(schedule, entries.map(posted), date);
  const auth = await tx.activeAuthorization(loanId);
  const onItsWay = paymentsOnItsWay(txs, entries).filter((p) => !(p.mode === 'payoff' && p.date > date));
  if (auth && isBusinessDay(date) && snapshot.payoffCents > 0 && !onItsWay.some((p) => p.mode === 'payoff')) {
    // The contract schedule (the loan engine's rows, the same as loan_installments): no read needed.
    const installments = schedule.rows;
    const last = installments.length;
    for (const i of installmentsDebitedOn(installments, date)) {
      txsStale = true;
      // The authorized amount each term; the final installment (a few cents off the level payment) in full.
      const amount = Math.min(
        i.n === last ? Math.max(auth.amountCents, i.paymentCents) : auth.amountCents,
        paymentLimit(snapshot.payoffCents, onItsWay, date).maxCents,
      );
      if (amount <= 0) continue;
      await tx.insertTransaction({
        loanId,
        userId: loan.userId,
        mode: 'auto_debit',
        method: 'ach',
        status: 'scheduled',
        amountCents: cents(amount),
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
        await tell(
          'A scheduled payment could not be made: the bank account is no longer on file. Please choose another payment method.',
          'Your scheduled payment was not made',
        );
        continue;
      }
      // Cancel vs send: only a transaction still scheduled is sent (the borrower's cancel may have won).
      if (!(await tx.takeForSending(t.id, at))) continue;
      const { count } = representmentOf(t, all);
      // Unique per entry and the same on a replay: the transaction's id is the seven-digit sequence.
      const traceNumber = ctx.providers.achFiles.traceNumber(t.id);
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
      await tx.appendEntry({
        loanId,
        kind: PAYMENT_KIND[t.mode],
        effectiveDate: date,
        amountCents: t.amountCents,
        transactionId: t.id,
        idempotencyKey: `payment:txn:${t.id}`,
        createdAt: at,
      });
      entriesStale = true;
      // A payoff that took all it was authorised for and still leaves money owed (a payment its quote counted
      // came back): the loan stays open, and the borrower is told what is left and how it is collected.
      if (t.mode === 'payoff' && owed > 0) {
        const again = txs.find((x) => x.status === 'scheduled' && x.retryOfId !== null && x.scheduledDate >= date);
        await tell(
          SERVICING_NOTICE.payoffLeftOwing(
            loan.identifier,
            t.amountCents,
            date,
            owed,
            again ? { amountCents: again.amountCents, date: again.scheduledDate } : null,
          ),
          'Your loan still owes a balance',
        );
      }
    }
  }

  // 4. Late fees after the grace period, once per installment.
  const changed = entriesStale;
  await fresh();
  if (changed) snapshot = servicingSnapshot(schedule, entries.map(posted), date);
  const fees = lateFeesDue(snapshot.forLateFee, snapshot.lateFeeAssessed, date, policy.lateFee);
  for (const f of fees) {
    await tx.appendEntry({
      loanId,
      kind: 'late_fee',
      effectiveDate: date,
      amountCents: f.amountCents,
      installmentN: f.n,
      idempotencyKey: `late_fee:${loanId}:${f.n}`,
      createdAt: at,
    });
    await tell(SERVICING_NOTICE.lateFee(f.amountCents, f.n), 'A late fee was charged on your loan');
  }
  if (fees.length > 0) snapshot = servicingSnapshot(schedule, (await tx.entries(loanId)).map(posted), date);

  // 5. Status (the ledger's rule, deriveStatus): closed_paid on the business day the balance reaches zero
  // (a debit still in flight is watched: its return reopens the loan); default / charge_off by days past due.
  await fresh();
  const derived = deriveStatus(loan.status, { closed: snapshot.position.closed, daysPastDue: snapshot.daysPastDue }, policy.thresholds);
  // Never charge off over a debit still in flight: its payment is already on the ledger and could still
  // come back, which would change what is charged off. The loan stays as it is until the debit settles or
  // returns (the next run's step 1), then is charged off on that day (docs/collections.md).
  const next = derived === 'charge_off' && txs.some((t) => t.status === 'pending') ? loan.status : derived;
  let chargedOffCents = 0;
  if (next === 'charge_off') chargedOffCents = await chargeOff(ctx, tx, loan, snapshot.position, date, tell);
  if (next !== loan.status) {
    await tx.setLoanStatus(loanId, next, at, next === 'closed_paid' || next === 'charge_off');
    if (next === 'closed_paid') await tell(SERVICING_NOTICE.paidOff, 'Your loan is paid in full');
  }
  // Paid off: a debit still scheduled for a later day (a re-presentment dated after the payoff that paid
  // it) is not needed — canceled, not left waiting on a closed loan the run no longer sends for.
  if (next === 'closed_paid') {
    for (const t of txs) {
      if (t.status !== 'scheduled') continue;
      await tx.updateTransaction(t.id, { status: 'canceled', canceledAt: at, updatedAt: at });
      await tell(SERVICING_NOTICE.notNeeded(t.amountCents, t.scheduledDate), 'Your scheduled payment was not needed');
    }
  }
  const current = snapshot.position.ledger.current;
  observe?.({
    loanId,
    userId: loan.userId,
    identifier: loan.identifier,
    status: next,
    daysPastDue: snapshot.daysPastDue,
    pastDueCents: cents(next === 'charge_off' ? chargedOffCents : snapshot.pastDue.reduce((t, i) => t + i.feeCents + i.interestCents + i.principalCents, 0)),
    nextDueDate: snapshot.position.nextDueDate,
    nextPaymentCents: current ? (schedule.rows[current.n - 1]?.paymentCents ?? schedule.regularPaymentCents) : 0,
  });
}

/**
 * The payoff on the loan's way when `returned` comes back (the ledger already holds its reversal): its
 * amount and day (what the borrower authorised) and what the loan will still owe once it is taken —
 * payoffOutcome of the authorised amount and the payoff of its day less the other payments on their way
 * dated before it (they run first). Null when no payoff is on its way.
 */
async function payoffAhead(
  tx: LoanServicingStore,
  loan: LoanRow,
  returned: TransactionRow,
  byId: ReadonlyMap<number, TransactionRow>,
): Promise<{ payoff: { amountCents: number; date: IsoDate }; stillOwedCents: number } | null> {
  const all = [...byId.values()];
  const payoff = all.find((x) => x.mode === 'payoff' && x.status === 'scheduled' && x.id !== returned.id);
  if (!payoff) return null;
  const day = parseIsoDate(payoff.scheduledDate);
  const owedOnDay = servicingSnapshot(scheduleOf(loan), (await tx.entries(loan.id)).map(posted), day).payoffCents;
  const first = all
    .filter((x) => x.id !== payoff.id && x.id !== returned.id && x.status === 'scheduled' && x.method === 'ach' && x.scheduledDate < payoff.scheduledDate)
    .reduce((sum, x) => sum + x.amountCents, 0);
  return {
    payoff: { amountCents: payoff.amountCents, date: day },
    stillOwedCents: payoffOutcome(payoff.amountCents, Math.max(0, owedOnDay - first)).stillOwedCents,
  };
}

/**
 * Charge-off (docs/collections.md): on the day the loan reaches the charge-off day past due, one
 * `charge_off` entry per component still owed (principal, interest, fees, a refund owed back; their sum is
 * the payoff of the day), keyed so a replay writes nothing twice. Payments still scheduled are canceled
 * and the auto-debit stopped (money received from now on is a recovery); the borrower is told.
 * Answers the amount charged off.
 */
async function chargeOff(
  ctx: AppContext,
  tx: LoanServicingStore,
  loan: LoanRow,
  position: ServicingSnapshotPosition,
  date: IsoDate,
  tell: (message: string, subject: string) => Promise<void>,
): Promise<number> {
  const at = ctx.now();
  const parts = chargeOffComponents(position);
  for (const p of parts) {
    await tx.appendEntry({
      loanId: loan.id,
      kind: 'charge_off',
      effectiveDate: date,
      amountCents: p.amountCents,
      reasonCode: p.component,
      reason: `Charged off at ${position.daysPastDue} days past due`,
      idempotencyKey: `charge_off:${loan.id}:${p.component}`,
      createdAt: at,
    });
  }
  for (const t of await tx.transactions(loan.id))
    if (t.status === 'scheduled') await tx.updateTransaction(t.id, { status: 'canceled', canceledAt: at, updatedAt: at });
  const auth = await tx.activeAuthorization(loan.id);
  if (auth) await tx.revokeAuthorization(auth.id, at);
  const total = parts.reduce((t, p) => t + p.amountCents, 0);
  await tell(SERVICING_NOTICE.chargedOff(loan.identifier, total), 'Your loan has been charged off');
  return total;
}

type ServicingSnapshotPosition = ReturnType<typeof servicingSnapshot>['position'];

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
  const returnedDate = payment?.effectiveDate ?? t.scheduledDate;

  // A payoff on its way (it takes at most what the borrower authorised): say the first time what it does
  // about this return, when it is taken before any re-presentment (payoffAhead).
  const ahead = await payoffAhead(tx, loan, t, byId);
  const titleOfCode = reason?.title ?? 'Returned';
  let presentedAgain = false;
  if (reason?.retryable) {
    const { count, root } = representmentOf(t, byId);
    const original = entries.find((e) => e.transactionId === root.id && e.kind !== 'reversal');
    const on = representmentDate(
      { code: reason.code, originalEffectiveDate: parseIsoDate(original?.effectiveDate ?? root.scheduledDate), representment: count, returnedOn },
      policy.representmentDelayDays,
    );
    if (on) {
      presentedAgain = true;
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
      if (ahead && ahead.payoff.date <= on)
        await tell(
          SERVICING_NOTICE.returnedBeforePayoff(t.amountCents, returnedDate, code, reason.title, ahead.payoff, ahead.stillOwedCents, on),
          'Your payment was returned',
        );
      else await tell(SERVICING_NOTICE.returned(t.amountCents, returnedDate, code, reason.title, on), 'Your payment was returned: we will try again');
    }
  }
  if (!presentedAgain)
    await tell(
      ahead
        ? SERVICING_NOTICE.returnedBeforePayoff(t.amountCents, returnedDate, code, titleOfCode, ahead.payoff, ahead.stillOwedCents, null)
        : SERVICING_NOTICE.returned(t.amountCents, returnedDate, code, titleOfCode),
      'Your payment was returned',
    );
  if (!reason?.retryable && t.autoDebitAuthorizationId !== null && reason && reason.effect !== 'retry') {
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
