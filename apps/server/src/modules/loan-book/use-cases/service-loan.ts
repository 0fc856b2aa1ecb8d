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
import { amountToSend, owedOnWith, paymentLimit, payoffAhead as payoffAheadOf, restAfterRepresentment } from '@payrail/domain/servicing/payment-limit';
import type { RestAfterRepresentment } from '@payrail/domain/servicing/payment-limit';
import { creditReceiverName } from './loan-credit';
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

/** The payment a return concerns, as the borrower's notices name it. */
export interface ReturnedPayment {
  readonly mode: TransactionRow['mode'];
  readonly amountCents: number;
  /** The day it was taken (its ledger entry's date). */
  readonly date: string;
  readonly code: string;
  readonly title: string;
}

/**
 * What a notice says of what a loan still owes after a return and how it is collected — figures of the
 * domain (payoffAhead, restAfterRepresentment, owedOnWith), never computed in the text.
 */
export interface StillOwed {
  /** Owed now: after the payoff when one is on its way (payoffAhead's stillOwedCents) or was taken. */
  readonly owedCents: number;
  /** The day the returned payment is presented to the bank again, or null (not presented again). */
  readonly presentedOn: string | null;
  /** What the re-presentment takes and what is still owed after it. */
  readonly rest: RestAfterRepresentment;
}

/**
 * How what is still owed is collected: the returned payment presented again (for what it takes on its day,
 * never more than its own amount), and what is owed beyond it — with the interest earned until that day —
 * paid by the borrower another way (once the payoff is taken, while one is on its way: nothing else is
 * accepted until then).
 */
function howCollected(c: StillOwed, payoffTaken: boolean): string {
  const when = payoffTaken ? 'to close your loan' : 'once the payoff is taken, to close your loan';
  if (c.presentedOn === null || c.rest.presentedTakesCents <= 0) return `Please pay it another way ${when} (interest is earned on it until it is paid).`;
  const again = `We will present the returned payment to your bank again on ${usDate(c.presentedOn)} for ${formatUsd(c.rest.presentedTakesCents)}: please have the money in your account by then.`;
  if (c.rest.restCents <= 0) return again;
  const rest = formatUsd(c.rest.restCents);
  const owed =
    c.rest.earnedMeanwhileCents > 0 ? `With the interest earned until that day, ${rest} will still be owed after it` : `${rest} will still be owed after it`;
  return `${again} ${owed}: please pay it another way to close your loan (interest is earned on it until it is paid).`;
}

/** "Your payment of $50.00 on 12/03/2026 was returned by your bank (R01 Insufficient funds)" (a payoff says so). */
const returnedText = (r: ReturnedPayment) =>
  `Your ${r.mode === 'payoff' ? 'payoff' : 'payment'} of ${formatUsd(cents(r.amountCents))} on ${usDate(r.date)} was returned by your bank (${r.code} ${r.title})`;

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
   * payoff will do about it, said once. Nothing owed after it: the payoff pays it (its re-presentment, if
   * any, is only the fallback should the payoff not go through); otherwise the payoff takes no more than
   * authorised and the rest is collected by the returned payment's re-presentment or paid by the borrower.
   */
  returnedBeforePayoff: (returned: ReturnedPayment, payoff: { amountCents: number; date: string }, still: StillOwed) => {
    const payoffText = `Your payoff of ${formatUsd(cents(payoff.amountCents))} scheduled for ${usDate(payoff.date)}`;
    if (still.owedCents <= 0)
      return `${returnedText(returned)}. ${payoffText} pays it: you have nothing more to do.${still.presentedOn ? ` Should the payoff not go through, we will present the returned payment to your bank again on ${usDate(still.presentedOn)}.` : ''}`;
    return `${returnedText(returned)}. ${payoffText} takes no more than the amount you authorised, so ${formatUsd(cents(still.owedCents))} will still be owed after it. ${howCollected(still, false)}`;
  },
  /** A payoff taken in full as authorised while the loan still owes (a payment it counted came back). */
  payoffLeftOwing: (identifier: string, taken: number, date: string, still: StillOwed) =>
    `Your payoff of ${formatUsd(cents(taken))} was taken on ${usDate(date)}, as you authorised. Your loan ${identifier} still owes ${formatUsd(cents(still.owedCents))} because a payment the payoff counted was returned by your bank. ${howCollected(still, true)}`,
  /** A returned payoff presented again and taken for its amount: the interest earned since its first attempt is still owed. */
  payoffPresentedAgainLeftOwing: (identifier: string, taken: number, date: string, still: StillOwed) =>
    `Your payoff of ${formatUsd(cents(taken))}, presented to your bank again, was taken on ${usDate(date)}. Your loan ${identifier} still owes ${formatUsd(cents(still.owedCents))}, the interest earned since the first attempt of the payoff, which your bank returned. ${howCollected(still, true)}`,
  /** A return on a paid-off loan whose credit balance covers it: nothing owed, nothing presented again. */
  returnedOwingNothing: (identifier: string, returned: ReturnedPayment) =>
    `${returnedText(returned)}. Your loan ${identifier} still owes nothing (the credit balance on it covers this payment), so the payment is not presented to your bank again.`,
  notNeeded: (amount: number, date: string) =>
    `Your scheduled payment of ${formatUsd(cents(amount))} for ${usDate(date)} was not taken: your loan owes nothing more.`,
  /**
   * A return that reopens a paid-off loan (the payoff itself or a payment taken before it): which payment came
   * back, what the loan owes now and how it is collected. The one notice of that return.
   */
  reopened: (identifier: string, returned: ReturnedPayment, still: StillOwed) =>
    `${returnedText(returned)}, so your loan ${identifier} is open again: it owes ${formatUsd(cents(still.owedCents))} now. ${howCollected(still, true)}`,
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

  if (watchedOnly) {
    // A debit still scheduled on the closed loan (a re-presentment scheduled before it closed) whose day has
    // come while the loan owes nothing: not needed — canceled, the borrower told why; never left scheduled.
    await fresh();
    if (servicingSnapshot(schedule, entries.map(posted), date).payoffCents > 0) return; // reopened by a return above
    for (const t of txs) {
      if (t.status !== 'scheduled' || t.scheduledDate > date) continue;
      await tx.updateTransaction(t.id, { status: 'canceled', canceledAt: at, updatedAt: at });
      await tell(SERVICING_NOTICE.notNeeded(t.amountCents, t.scheduledDate), 'Your scheduled payment was not needed');
    }
    return;
  }

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
      t.status = 'pending'; // sent now: a payoff later in this loop does not count it as a re-presentment still to come
      const { count } = representmentOf(t, all);
      // Unique per entry and the same on a replay: the transaction's id is the seven-digit sequence.
      const traceNumber = ctx.providers.achFiles.traceNumber(t.id);
      const borrower = await borrowerOf();
      const { traceId } = await ctx.providers.achDebits.originateDebit({
        amountCents: t.amountCents,
        routing: account.routingNumber,
        account: number,
        accountType: account.accountType ?? 'checking',
        name: creditReceiverName(borrower, loan.identifier),
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
      // came back; or, a returned payoff presented again, the interest earned since): the loan stays open, and
      // the borrower is told what is left and how it is collected.
      if (t.mode === 'payoff' && owed > 0) {
        const again = txs.find((x) => x.id !== t.id && x.status === 'scheduled' && x.retryOfId !== null && x.scheduledDate >= date);
        const presentedAgain = again
          ? {
              amountCents: again.amountCents,
              owedOnItsDayCents: owedOnWith(schedule, (await tx.entries(loanId)).map(posted), [], parseIsoDate(again.scheduledDate)),
            }
          : null;
        const still: StillOwed = { owedCents: owed, presentedOn: again ? again.scheduledDate : null, rest: restAfterRepresentment(owed, presentedAgain) };
        await tell(
          t.retryOfId === null
            ? SERVICING_NOTICE.payoffLeftOwing(loan.identifier, t.amountCents, date, still)
            : SERVICING_NOTICE.payoffPresentedAgainLeftOwing(loan.identifier, t.amountCents, date, still),
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
 * The payoff on the loan's way when `returned` comes back (the ledger, `entries`, already holds its reversal):
 * its amount and day (what the borrower authorised) and the domain's payoffAhead of it — the payoff of its day
 * by the ledger, the other payments on their way dated before it taken first. `taken`: each of those debits
 * on its day for what it takes (for owedOnWith of a later day). Null when no payoff is on its way.
 */
function payoffAhead(
  loan: LoanRow,
  returned: TransactionRow,
  byId: ReadonlyMap<number, TransactionRow>,
  entries: readonly PostedEntry[],
): { payoff: { amountCents: number; date: IsoDate }; stillOwedCents: number; taken: { date: IsoDate; amountCents: number }[] } | null {
  const all = [...byId.values()];
  const payoff = all.find((x) => x.mode === 'payoff' && x.status === 'scheduled' && x.id !== returned.id);
  if (!payoff) return null;
  const day = parseIsoDate(payoff.scheduledDate);
  const owedOnDay = servicingSnapshot(scheduleOf(loan), entries, day).payoffCents;
  const first = all
    .filter((x) => x.id !== payoff.id && x.id !== returned.id && x.status === 'scheduled' && x.method === 'ach' && x.scheduledDate < payoff.scheduledDate)
    .sort((a, b) => (a.scheduledDate < b.scheduledDate ? -1 : a.scheduledDate > b.scheduledDate ? 1 : a.id - b.id));
  const ahead = payoffAheadOf(
    payoff.amountCents,
    owedOnDay,
    first.map((x) => x.amountCents),
  );
  return {
    payoff: { amountCents: payoff.amountCents, date: day },
    stillOwedCents: ahead.stillOwedCents,
    taken: [
      ...first.map((x, i) => ({ date: parseIsoDate(x.scheduledDate), amountCents: ahead.earlierTakeCents[i]! })),
      { date: day, amountCents: ahead.payoffTakesCents },
    ],
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
  const returned: ReturnedPayment = {
    mode: t.mode,
    amountCents: t.amountCents,
    date: payment?.effectiveDate ?? t.scheduledDate,
    code,
    title: reason?.title ?? 'Returned',
  };
  const schedule = scheduleOf(loan);
  const ledger = (await tx.entries(loan.id)).map(posted);

  // A late return on a loan the payoff closed (of the payoff itself or of a payment taken before it; the daily
  // run no longer services a closed loan, the bank's return file still matches its debit): the loan owes again,
  // so it reopens, and the one notice says which payment came back, what is owed now and how it is collected.
  let reopenTo: LoanRow['status'] | null = null;
  let owedNow = 0;
  // A closed loan that still owes nothing after the reversal (its credit balance covers the payment): nothing
  // is presented again — a re-presentment would wait on a loan the run no longer sends for.
  let closedOwingNothing = false;
  if (loan.status === 'closed_paid') {
    const snapshot = servicingSnapshot(schedule, ledger, returnedOn);
    const next = deriveStatus(loan.status, { closed: snapshot.position.closed, daysPastDue: snapshot.daysPastDue }, policy.thresholds);
    if (payment && next !== loan.status) {
      reopenTo = next;
      owedNow = snapshot.payoffCents;
    } else closedOwingNothing = snapshot.payoffCents <= 0;
  }

  // A payoff on its way (it takes at most what the borrower authorised): say the first time what it does
  // about this return, when it is taken before any re-presentment (payoffAhead).
  const ahead = reopenTo === null ? payoffAhead(loan, t, byId, ledger) : null;
  let presentAgainOn: IsoDate | null = null;
  if (reason?.retryable && !closedOwingNothing) {
    const { count, root } = representmentOf(t, byId);
    const original = entries.find((e) => e.transactionId === root.id && e.kind !== 'reversal');
    presentAgainOn = representmentDate(
      { code: reason.code, originalEffectiveDate: parseIsoDate(original?.effectiveDate ?? root.scheduledDate), representment: count, returnedOn },
      policy.representmentDelayDays,
    );
    if (presentAgainOn)
      await tx.insertTransaction({
        loanId: loan.id,
        userId: t.userId,
        mode: t.mode,
        method: 'ach',
        status: 'scheduled',
        amountCents: t.amountCents,
        scheduledDate: presentAgainOn,
        bankAccountId: t.bankAccountId,
        autoDebitAuthorizationId: t.autoDebitAuthorizationId,
        installmentN: t.installmentN,
        retryOfId: t.id,
        createdAt: at,
        updatedAt: at,
      });
  }
  /** What is owed (`owedCents`, after what is `taken` first) and how it is collected: the domain's figures. */
  const stillOwed = (owedCents: number, taken: readonly { date: IsoDate; amountCents: number }[]): StillOwed => ({
    owedCents,
    presentedOn: presentAgainOn,
    rest: restAfterRepresentment(
      owedCents,
      presentAgainOn ? { amountCents: t.amountCents, owedOnItsDayCents: owedOnWith(schedule, ledger, taken, presentAgainOn) } : null,
    ),
  });
  if (reopenTo !== null) await tell(SERVICING_NOTICE.reopened(loan.identifier, returned, stillOwed(owedNow, [])), 'Your loan is open again');
  else if (closedOwingNothing) await tell(SERVICING_NOTICE.returnedOwingNothing(loan.identifier, returned), 'Your payment was returned');
  else if (ahead && (presentAgainOn === null || ahead.payoff.date <= presentAgainOn))
    await tell(SERVICING_NOTICE.returnedBeforePayoff(returned, ahead.payoff, stillOwed(ahead.stillOwedCents, ahead.taken)), 'Your payment was returned');
  else if (presentAgainOn)
    await tell(SERVICING_NOTICE.returned(t.amountCents, returned.date, code, returned.title, presentAgainOn), 'Your payment was returned: we will try again');
  else await tell(SERVICING_NOTICE.returned(t.amountCents, returned.date, code, returned.title), 'Your payment was returned');
  if (!reason?.retryable && t.autoDebitAuthorizationId !== null && reason && reason.effect !== 'retry') {
    await tx.revokeAuthorization(t.autoDebitAuthorizationId, at);
    await tell(SERVICING_NOTICE.authorizationEnded, 'Your auto-debit was stopped');
  }
  if (reopenTo !== null) await tx.setLoanStatus(loan.id, reopenTo, at, reopenTo === 'charge_off');
}
