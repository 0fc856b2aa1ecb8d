/**
 * The loan book, model-based: ONE loan under random interleavings of the commands that move its money,
 * each applied the way the server applies it (request-payment, pull-card-payment, the daily run of
 * service-loan, ACH returns, credit refunds, due-date revisions, cancels) on an in-memory book — the ledger
 * entries plus the payments accepted and not posted yet ("on their way"). Every command that takes money
 * checks, as the server does under the loan's row lock, the payoff quote INCLUDING what is on its way
 * (payment-limit.ts). After every step the invariants below must hold.
 *
 * Invariants, with P = positionAsOf(schedule in force, entries, today):
 * (1) Money identity. posted − reversed − refunded (counted by the model, command by command)
 *     = P.paidCents = allocated + P.unappliedCents, where allocated = Σ over the payments not returned of
 *     their allocation's fees + interest + principal + prepaid principal; and the principal part of
 *     allocated = note principal − P.principalCents. (Each allocation splits its payment exactly:
 *     allocated + Σ allocation.unapplied = received, and P.unappliedCents = Σ allocation.unapplied − refunded.)
 * (2) Nothing negative: P.outstandingCents (the payoff), P.principalCents, P.unappliedCents ≥ 0 — and P
 *     can be derived at all (positionAsOf does not throw on a ledger the loan book wrote).
 * (3) Our own debits never overpay. A one-time ACH payment, a payoff or a card pull takes at most what the
 *     loan owed when taken (today's payoff, less what this run already sent); and in P every such payment
 *     is applied in full (allocation.unappliedCents = 0): only a payroll remittance can create a credit.
 * (4) Closed exactly when nothing is owed: P.closed ⇔ P.outstandingCents = 0, and then principal 0 and no
 *     next due date.
 * (5) After a refund of the credit balance, P.unappliedCents = 0.
 * The limit (checked on every request, against its rule stated here, not read from payment-limit.ts): a
 * one-time payment or card pull dated D is accepted exactly when no payoff is on its way and it fits, with
 * everything on its way dated ≤ D, within the payoff quote of D; a refused command changes nothing.
 * The book itself: at most one payoff on its way, and when one is, every other payment on its way is dated
 * before it (a payoff for D cancels those dated on or after D; the earlier ones stay and run); after each
 * debit the daily run sends, the payoff is what was owed less what it took; a payoff sent when what is owed
 * is within its amount closes the loan at exactly 0.
 * The daily run creates the auto-debit of an installment on its due date (moved to the next business day)
 * when an authorization is active, unless a payoff moving on or before that day is on its way, for at most
 * what is owed less what is on its way; an installment due before a later payoff is debited.
 *
 * Two interleavings break (2) and (3) in the domain as it stands; the main property skips them (and says
 * so in its trail) so that it keeps exploring the rest, and the `it.fails` tests at the end pin each one
 * with its expected behaviour. When those start to pass, drop `skipKnownIssues`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adjustToBusinessDay, isBusinessDay } from '../calendar';
import { deferralPlan } from '../care/hardship';
import { addDays, parseIsoDate } from '../dates';
import type { IsoDate } from '../dates';
import { positionAsOf } from '../loan/ledger';
import type { LedgerEntry, LedgerEntryKind, LoanPosition } from '../loan/ledger';
import { buildSchedule } from '../loan/schedule';
import type { LoanSchedule, LoanTerms } from '../loan/schedule';
import { checkRevisedDueDates, withRevisedDueDates } from '../loan/schedule-revision';
import { cents } from '../money';
import { amountToSend, paymentLimit, payoffRequest, settlementDate } from './payment-limit';
import type { PaymentMode, PaymentOnItsWay } from './payment-limit';
import { loanTermsArb } from '../loan/terms.arbitrary';

// ---------------------------------------------------------------- the book (what the server stores)

/** The ledger entry a sent debit of each mode posts (service-loan's PAYMENT_KIND). */
const POSTS_AS: Record<PaymentMode, LedgerEntryKind> = { one_time: 'one_time_payment', payoff: 'payoff', auto_debit: 'scheduled_debit' };
const PAYMENT_KINDS: ReadonlySet<LedgerEntryKind> = new Set(['scheduled_debit', 'one_time_payment', 'payroll_remittance', 'payoff']);

/** One loan on the books: its contract, the schedule in force (revised dates applied), its ledger and the payments on their way. */
class Book {
  schedule: LoanSchedule;
  readonly entries: LedgerEntry[] = [];
  onItsWay: PaymentOnItsWay[] = [];
  /** The amount per payment of the active auto-debit authorization; null: none. */
  autoDebitCents: number | null = null;
  /** The installments an auto-debit was created for (the server's unique auto-debit per installment). */
  readonly autoDebited = new Set<number>();
  today: IsoDate;
  readonly log: string[] = [];
  private nextId = 1;

  constructor(
    readonly contract: LoanSchedule,
    readonly skipKnownIssues: boolean,
  ) {
    this.schedule = contract;
    this.today = contract.terms.disbursementDate;
    this.post('disbursement', contract.disbursedCents);
  }

  id(): number {
    return this.nextId++;
  }

  post(kind: LedgerEntryKind, amountCents: number, extra: Partial<LedgerEntry> = {}): LedgerEntry {
    const e: LedgerEntry = { id: this.id(), kind, effectiveDate: this.today, amountCents, ...extra };
    this.entries.push(e);
    return e;
  }

  positionOn(date: IsoDate): LoanPosition {
    return positionAsOf(this.schedule, this.entries, date);
  }

  /** The payoff quote of a date (never before the disbursement date), from the ledger alone. */
  quoteOn(date: IsoDate): number {
    return this.positionOn(date).outstandingCents;
  }

  note(line: string): void {
    this.log.push(`[${this.today}] ${line}`);
  }
}

/** What the model counts on its own, command by command (never read back from the ledger). */
interface Model {
  postedCents: number;
  reversedCents: number;
  refundedCents: number;
  /** Entries posted by the loan book's own debits (one-time, payoff, card, sent ACH), with what was owed when taken. */
  readonly ownDebits: Map<number, number>;
  readonly reversed: Set<number>;
}

// ---------------------------------------------------------------- invariants

function checkInvariants(m: Model, b: Book): void {
  let p: LoanPosition;
  try {
    p = b.positionOn(b.today);
  } catch (err) {
    throw new Error(`(2) the position cannot be derived from the ledger the loan book wrote: ${(err as Error).message}`, { cause: err });
  }
  // (1) money identity
  let allocated = 0;
  let principalPaid = 0;
  let unappliedParts = 0;
  for (const o of p.payments) {
    if (!o.allocation) continue;
    const a = o.allocation;
    allocated += a.feesCents + a.interestCents + a.principalCents + a.prepaidPrincipalCents;
    principalPaid += a.principalCents + a.prepaidPrincipalCents;
    unappliedParts += a.unappliedCents;
  }
  expect(m.postedCents - m.reversedCents - m.refundedCents, '(1) posted − reversed − refunded = paid').toBe(p.paidCents);
  // A refund taken back by a later return is owed again (refundOwedCents, part of the payoff).
  expect(allocated + p.unappliedCents - p.refundOwedCents, '(1) paid = allocated + credit balance − refund owed back').toBe(p.paidCents);
  expect(unappliedParts - m.refundedCents, '(1) credit balance − refund owed back = Σ unapplied − refunded').toBe(p.unappliedCents - p.refundOwedCents);
  expect(p.unappliedCents === 0 || p.refundOwedCents === 0, '(1) a credit and a refund owed back never coexist').toBe(true);
  expect(principalPaid, '(1) principal allocated = note − principal outstanding').toBe(b.schedule.notePrincipalCents - p.principalCents);
  // (2) nothing negative
  expect(p.outstandingCents, '(2) payoff ≥ 0').toBeGreaterThanOrEqual(0);
  expect(p.principalCents, '(2) principal ≥ 0').toBeGreaterThanOrEqual(0);
  expect(p.unappliedCents, '(2) credit balance ≥ 0').toBeGreaterThanOrEqual(0);
  // (3) our own debits are applied in full: only remittances make a credit
  // (an own debit may go beyond the loan's own payoff only to pay back a refund owed back)
  let otherUnapplied = 0;
  for (const o of p.payments) {
    if (!o.allocation) continue;
    if (m.ownDebits.has(o.entry.id) && p.refundOwedCents === 0 && m.refundedCents === 0) {
      expect(
        o.allocation.unappliedCents,
        `(3) own debit #${String(o.entry.id)} (${o.entry.kind} ${String(o.entry.amountCents)} on ${o.entry.effectiveDate}, owed ${String(m.ownDebits.get(o.entry.id))} when taken) overpaid`,
      ).toBe(0);
    }
    if (!m.ownDebits.has(o.entry.id)) otherUnapplied += o.allocation.unappliedCents;
  }
  expect(p.unappliedCents, '(3) a credit balance comes from remittances only').toBeLessThanOrEqual(otherUnapplied);
  // (4) closed exactly when nothing is owed
  expect(p.closed, '(4) closed ⇔ payoff 0').toBe(p.outstandingCents === 0);
  if (p.closed) {
    expect(p.principalCents, '(4) closed ⇒ principal 0').toBe(0);
    expect(p.nextDueDate, '(4) closed ⇒ no next due date').toBeNull();
  } else {
    expect(p.nextDueDate !== null || p.refundOwedCents > 0, '(4) open ⇒ a next due date, or a refund owed back').toBe(true);
  }
  // the book: one payoff at most, alone
  const payoffs = b.onItsWay.filter((w) => w.mode === 'payoff');
  expect(payoffs.length, 'no two payoffs on their way').toBeLessThanOrEqual(1);
  const payoff = payoffs[0];
  if (payoff)
    for (const w of b.onItsWay)
      if (w !== payoff) expect(w.date < payoff.date, `${w.mode} ${String(w.amountCents)} for ${w.date} on its way with a payoff for ${payoff.date}`).toBe(true);
}

/**
 * The rule of the limit, stated apart from payment-limit.ts: a one-time payment (ACH or card) dated `date`
 * is accepted exactly when no payoff is on its way and it fits, with everything on its way dated on or
 * before `date`, within the payoff quote of `date` — so two requests never both take the same money.
 */
function expectLimitRule(b: Book, date: IsoDate, quote: number, amount: number, accepted: boolean): void {
  const onItsWayBy = b.onItsWay.filter((w) => w.date <= date).reduce((sum, w) => sum + w.amountCents, 0);
  const fits = !b.onItsWay.some((w) => w.mode === 'payoff') && onItsWayBy + amount <= quote;
  expect(accepted, `(limit) ${String(amount)} for ${date}: quote ${String(quote)}, on its way by then ${String(onItsWayBy)}`).toBe(fits);
}

/** Records a payment the loan book's own debit posted, after checking it took no more than was owed. */
function recordOwnDebit(m: Model, e: LedgerEntry, owedWhenTaken: number): void {
  expect(e.amountCents, `(3) ${e.kind} of ${String(e.amountCents)} takes more than the ${String(owedWhenTaken)} owed`).toBeLessThanOrEqual(owedWhenTaken);
  m.postedCents += e.amountCents;
  m.ownDebits.set(e.id, owedWhenTaken);
}

// ---------------------------------------------------------------- commands

/** How a borrower picks an amount against the limit of the day (resolved when the command runs). */
type AmountPick =
  | { readonly kind: 'max' }
  | { readonly kind: 'over'; readonly by: number }
  | { readonly kind: 'share'; readonly pct: number }
  | { readonly kind: 'installments'; readonly pct: number };

const amountPickArb: fc.Arbitrary<AmountPick> = fc.oneof(
  fc.constant({ kind: 'max' as const }),
  fc.record({ kind: fc.constant('over' as const), by: fc.integer({ min: 1, max: 5000 }) }),
  fc.record({ kind: fc.constant('share' as const), pct: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ kind: fc.constant('installments' as const), pct: fc.integer({ min: 10, max: 300 }) }),
);

function resolveAmount(pick: AmountPick, maxCents: number, s: LoanSchedule): number {
  switch (pick.kind) {
    case 'max':
      return Math.max(1, maxCents);
    case 'over':
      return maxCents + pick.by;
    case 'share':
      return Math.max(1, Math.floor((maxCents * pick.pct) / 100));
    case 'installments':
      return Math.max(1, Math.floor((s.regularPaymentCents * pick.pct) / 100));
  }
}

const show = (pick: AmountPick): string =>
  pick.kind === 'max'
    ? 'max'
    : pick.kind === 'over'
      ? `max+${String(pick.by)}`
      : pick.kind === 'share'
        ? `${String(pick.pct)}% of max`
        : `${String(pick.pct)}% of an installment`;

type LoanCommand = fc.Command<Model, Book>;

/** What a command did: a refused one leaves the book as it was. */
type Outcome = 'done' | 'refused';

/** A command that always applies (refusals are part of the behaviour) and checks the invariants after. */
abstract class Step implements LoanCommand {
  check(): boolean {
    return true;
  }
  run(m: Model, b: Book): void {
    const before = JSON.stringify({ entries: b.entries, onItsWay: b.onItsWay, dates: b.schedule.dueDates, today: b.today });
    if (this.apply(m, b) === 'refused')
      expect(
        JSON.stringify({ entries: b.entries, onItsWay: b.onItsWay, dates: b.schedule.dueDates, today: b.today }),
        `${this.toString()} refused: nothing changes`,
      ).toBe(before);
    checkInvariants(m, b);
  }
  abstract apply(m: Model, b: Book): Outcome;
  abstract toString(): string;
}

/** POST a one-time ACH payment for a date ≥ today: accepted up to the payoff of its date less what is on its way. */
class RequestOneTime extends Step {
  constructor(
    readonly inDays: number,
    readonly pick: AmountPick,
  ) {
    super();
  }
  apply(_m: Model, b: Book): Outcome {
    const date = settlementDate(addDays(b.today, this.inDays));
    const quote = b.quoteOn(date);
    const limit = paymentLimit(quote, b.onItsWay, date);
    const amount = resolveAmount(this.pick, limit.maxCents, b.schedule);
    expectLimitRule(b, date, quote, amount, amount <= limit.maxCents);
    if (amount > limit.maxCents) {
      b.note(`one-time ${String(amount)} for ${date} refused (limit ${String(limit.maxCents)})`);
      return 'refused';
    }
    b.onItsWay.push({ id: b.id(), mode: 'one_time', amountCents: amount, date });
    b.note(`one-time ${String(amount)} for ${date} accepted (limit ${String(limit.maxCents)})`);
    return 'done';
  }
  toString(): string {
    return `oneTime(+${String(this.inDays)}d, ${show(this.pick)})`;
  }
}

/**
 * POST a payoff for a date ≥ today: the quote of its settlement date. It cancels the payments on their way
 * dated on or after that day; the earlier ones stay (they run first, the payoff then sends what is left).
 * Refused while a payoff is on its way, when nothing is owed, or when the payments kept already pay the quote.
 */
class RequestPayoff extends Step {
  constructor(readonly inDays: number) {
    super();
  }
  apply(_m: Model, b: Book): Outcome {
    const date = settlementDate(addDays(b.today, this.inDays));
    const quote = b.quoteOn(date);
    const limit = paymentLimit(quote, b.onItsWay, date);
    const request = payoffRequest(quote, b.onItsWay, date);
    // The rule, stated apart from payment-limit.ts.
    const kept = b.onItsWay.filter((w) => w.date < date);
    const keptCents = kept.reduce((sum, w) => sum + w.amountCents, 0);
    expect(
      request.replaced.map((w) => w.id),
      '(payoff) replaces those dated on or after its day',
    ).toEqual(b.onItsWay.filter((w) => w.mode !== 'payoff' && w.date >= date).map((w) => w.id));
    expect(request.amountCents, '(payoff) its amount is the quote of its day').toBe(quote);
    if (limit.payoffOnItsWay) {
      b.note(`payoff for ${date} refused: one is on its way`);
      return 'refused';
    }
    expect(request.leftCents, '(payoff) what is left once the payments kept run').toBe(Math.max(0, quote - keptCents));
    if (quote === 0 || request.leftCents === 0) {
      b.note(`payoff for ${date} refused: ${quote === 0 ? 'nothing owed' : `the ${String(keptCents)} on its way before pays the ${String(quote)}`}`);
      return 'refused';
    }
    b.onItsWay = b.onItsWay.filter((w) => !request.replaced.includes(w));
    b.onItsWay.push({ id: b.id(), mode: 'payoff', amountCents: request.amountCents, date });
    b.note(
      `payoff ${String(request.amountCents)} for ${date} accepted, replacing ${String(request.replaced.length)}, keeping ${String(kept.length)} (${String(keptCents)})`,
    );
    return 'done';
  }
  toString(): string {
    return `payoff(+${String(this.inDays)}d)`;
  }
}

/**
 * POST an auto-debit (request-payment): refused while one is active or a payoff is on its way; at least the
 * payment per term; its first debit is scheduled for the installment in progress (counted as on its way).
 */
class AuthoriseAutoDebit extends Step {
  constructor(readonly pct: number) {
    super();
  }
  apply(_m: Model, b: Book): Outcome {
    const current = b.positionOn(b.today).ledger.current;
    if (b.autoDebitCents !== null || b.onItsWay.some((w) => w.mode === 'payoff') || !current || b.autoDebited.has(current.n)) {
      b.note('auto-debit refused');
      return 'refused';
    }
    const amount = Math.floor((b.schedule.regularPaymentCents * this.pct) / 100);
    b.autoDebitCents = amount;
    b.autoDebited.add(current.n);
    b.onItsWay.push({ id: b.id(), mode: 'auto_debit', amountCents: amount, date: current.dueDate });
    b.note(`auto-debit of ${String(amount)} authorised, first for installment ${String(current.n)} on ${current.dueDate}`);
    return 'done';
  }
  toString(): string {
    return `autoDebit(${String(this.pct)}% of an installment)`;
  }
}

/** POST a card pull: today's limit; the charge settles at once (a one_time_payment entry today). */
class CardPull extends Step {
  constructor(readonly pick: AmountPick) {
    super();
  }
  apply(m: Model, b: Book): Outcome {
    const owed = b.quoteOn(b.today);
    const limit = paymentLimit(owed, b.onItsWay, b.today);
    const amount = resolveAmount(this.pick, limit.maxCents, b.schedule);
    expectLimitRule(b, b.today, owed, amount, amount <= limit.maxCents);
    if (amount > limit.maxCents) {
      b.note(`card ${String(amount)} refused (limit ${String(limit.maxCents)})`);
      return 'refused';
    }
    const e = b.post('one_time_payment', amount);
    recordOwnDebit(m, e, owed);
    b.note(`card ${String(amount)} posted #${String(e.id)} (owed ${String(owed)})`);
    return 'done';
  }
  toString(): string {
    return `card(${show(this.pick)})`;
  }
}

/** An employer's remittance: posted for whatever arrives, even beyond what is owed. */
class Remittance extends Step {
  constructor(readonly pct: number) {
    super();
  }
  apply(m: Model, b: Book): Outcome {
    const amount = Math.max(1, Math.floor((b.schedule.regularPaymentCents * this.pct) / 100));
    const e = b.post('payroll_remittance', amount);
    m.postedCents += amount;
    b.note(`remittance ${String(amount)} posted #${String(e.id)}`);
    return 'done';
  }
  toString(): string {
    return `remittance(${String(this.pct)}% of an installment)`;
  }
}

/** A posted payment comes back (ACH return, chargeback): a reversal entry dated on the return date. */
class Return extends Step {
  constructor(readonly pick: number) {
    super();
  }
  apply(m: Model, b: Book): Outcome {
    const returnable = b.entries.filter((e) => PAYMENT_KINDS.has(e.kind) && !m.reversed.has(e.id));
    if (returnable.length === 0) {
      b.note('return: nothing to return');
      return 'refused';
    }
    const payment = returnable[this.pick % returnable.length]!;
    const e = b.post('reversal', payment.amountCents, { reversesEntryId: payment.id });
    m.reversed.add(payment.id);
    m.reversedCents += payment.amountCents;
    b.note(`return of #${String(payment.id)} (${payment.kind} ${String(payment.amountCents)} on ${payment.effectiveDate}) as #${String(e.id)}`);
    return 'done';
  }
  toString(): string {
    return `return(${String(this.pick)})`;
  }
}

/**
 * The borrower cancels a payment still on its way (PATCH /transactions/cancel: scheduled → canceled, any
 * mode). Canceling an auto-debit's debit also revokes its authorization, so the run creates no further
 * debits. Nothing is posted; what the payment would have paid stays owed.
 */
class Cancel extends Step {
  constructor(readonly pick: number) {
    super();
  }
  apply(_m: Model, b: Book): Outcome {
    if (b.onItsWay.length === 0) {
      b.note('cancel: nothing on its way');
      return 'refused';
    }
    const w = b.onItsWay[this.pick % b.onItsWay.length]!;
    b.onItsWay = b.onItsWay.filter((x) => x !== w);
    if (w.mode === 'auto_debit') b.autoDebitCents = null;
    b.note(`cancel of ${w.mode} ${String(w.amountCents)} for ${w.date}${w.mode === 'auto_debit' ? ' (authorization revoked)' : ''}`);
    return 'done';
  }
  toString(): string {
    return `cancel(${String(this.pick)})`;
  }
}

/** The credit balance paid back: a refund of exactly the unapplied money, when there is some. */
class Refund extends Step {
  apply(m: Model, b: Book): Outcome {
    const credit = b.positionOn(b.today).unappliedCents;
    if (credit <= 0) {
      b.note('refund refused: no credit balance');
      return 'refused';
    }
    const e = b.post('refund', credit);
    m.refundedCents += credit;
    b.note(`refund ${String(credit)} posted #${String(e.id)}`);
    expect(b.positionOn(b.today).unappliedCents, '(5) no credit balance after its refund').toBe(0);
    return 'done';
  }
  toString(): string {
    return 'refund()';
  }
}

/**
 * KNOWN ISSUE (the second `it.fails` below): a revision that moves the due date of the installment in
 * progress (or of a past-due one) re-prorates the interest already earned on the days before the revision,
 * so a debit that took at most what was owed on its day can, replayed on the revised dates, pay more than
 * was owed then: a credit balance made by our own debit, and a loan closed retroactively. The main
 * property skips such revisions so that it keeps exploring everything else.
 */
function turnsAnOwnDebitIntoACredit(m: Model, b: Book, revised: LoanSchedule): boolean {
  return positionAsOf(revised, b.entries, b.today).payments.some((o) => m.ownDebits.has(o.entry.id) && (o.allocation?.unappliedCents ?? 0) > 0);
}

/**
 * A due-date revision of an open loan: a due-date change (the installments not yet due, from one of them
 * on, move `days` later) or a hardship deferral (deferralPlan: from the first installment not paid in full,
 * each takes the date `k` installments later). Checked with checkRevisedDueDates against the schedule in force.
 */
class Revise extends Step {
  constructor(
    readonly kind: 'change' | 'hardship',
    readonly from: number,
    readonly by: number,
  ) {
    super();
  }
  apply(m: Model, b: Book): Outcome {
    const p = b.positionOn(b.today);
    if (p.closed) {
      b.note(`revision refused: the loan is closed`);
      return 'refused';
    }
    const rows = b.schedule.rows;
    let dates: IsoDate[];
    let firstMovedN: number;
    if (this.kind === 'change') {
      const notYetDue = rows.filter((r) => r.dueDate > b.today);
      if (notYetDue.length === 0) {
        b.note('due-date change refused: no installment left to move');
        return 'refused';
      }
      firstMovedN = notYetDue[this.from % notYetDue.length]!.n;
      dates = rows.map((r) => (r.n >= firstMovedN ? addDays(r.dueDate, this.by) : r.dueDate));
    } else {
      const plan = deferralPlan({
        frequency: b.schedule.terms.frequency,
        installments: rows.map((r) => ({ n: r.n, dueDate: r.dueDate, paymentCents: r.paymentCents })),
        paidThroughN: p.installmentsPaid,
        inFlightN: [],
        k: this.by,
      });
      if (!plan.ok) {
        b.note(`deferral refused: ${plan.message}`);
        return 'refused';
      }
      firstMovedN = plan.deferral.firstMovedN;
      dates = plan.deferral.installments.map((r) => r.dueDate);
    }
    checkRevisedDueDates(b.schedule, dates, firstMovedN);
    const revised = withRevisedDueDates(b.contract, dates);
    if (b.skipKnownIssues && turnsAnOwnDebitIntoACredit(m, b, revised)) {
      b.note(`${this.kind} from installment ${String(firstMovedN)} skipped: it turns an own debit into a credit (known issue, see below)`);
      return 'refused';
    }
    b.schedule = revised;
    b.note(`${this.kind} from installment ${String(firstMovedN)}: ${dates.join(' ')}`);
    return 'done';
  }
  toString(): string {
    return this.kind === 'change' ? `dueDateChange(from ${String(this.from)}, +${String(this.by)}d)` : `hardship(defer ${String(this.by)})`;
  }
}

/**
 * The daily run, day after day for `days` days (0: today's run again). On a business day every payment on
 * its way dated on or before the day is sent for amountToSend(authorised, owed now less what this run
 * already sent) and posted on the day; one that would take nothing is canceled.
 */
class DailyRun extends Step {
  constructor(readonly days: number) {
    super();
  }
  apply(m: Model, b: Book): Outcome {
    if (this.days === 0) runDay(m, b);
    for (let i = 0; i < this.days; i++) {
      b.today = addDays(b.today, 1);
      if (runDay(m, b) && i < this.days - 1) checkInvariants(m, b);
    }
    return 'done';
  }
  toString(): string {
    return `dailyRun(+${String(this.days)}d)`;
  }
}

/** One day's run; true when it created, posted or canceled something. */
function runDay(m: Model, b: Book): boolean {
  if (!isBusinessDay(b.today)) return false;
  const created = createAutoDebits(b);
  let owed = b.quoteOn(b.today);
  const due = b.onItsWay.filter((w) => w.date <= b.today);
  b.onItsWay = b.onItsWay.filter((w) => w.date > b.today);
  for (const w of due) {
    const take = amountToSend(w.amountCents, owed);
    if (created.includes(w)) expect(take, `(auto-debit) the installment's debit of ${String(w.amountCents)} is sent in full`).toBe(w.amountCents);
    if (take === 0) {
      b.note(`daily run: ${w.mode} ${String(w.amountCents)} for ${w.date} canceled (owed ${String(owed)})`);
      continue;
    }
    const e = b.post(POSTS_AS[w.mode], take);
    recordOwnDebit(m, e, owed);
    b.note(`daily run: ${w.mode} ${String(w.amountCents)} for ${w.date} sent for ${String(take)} as #${String(e.id)} (owed ${String(owed)})`);
    const within = owed <= w.amountCents;
    owed -= take;
    expect(b.quoteOn(b.today), 'the payoff after a debit is what was owed less what it took').toBe(owed);
    if (w.mode === 'payoff' && within) expect(b.quoteOn(b.today), '(payoff) closes the loan at exactly 0').toBe(0);
  }
  return due.length > 0 || created.length > 0;
}

/**
 * Step 2 of the daily run (service-loan): with an active authorization, the auto-debit of each installment
 * due today (its due date moved to the next business day) is created, unless a payoff moving on or before
 * today is on its way; at most what is owed less what is on its way up to today; once per installment.
 * An installment due before a later payoff IS debited (checked here, and sent in full by runDay).
 */
function createAutoDebits(b: Book): PaymentOnItsWay[] {
  const created: PaymentOnItsWay[] = [];
  const owed = b.quoteOn(b.today);
  if (b.autoDebitCents === null || owed <= 0) return created;
  const onItsWay = b.onItsWay.filter((w) => !(w.mode === 'payoff' && w.date > b.today));
  if (onItsWay.some((w) => w.mode === 'payoff')) return created;
  const rows = b.schedule.rows;
  for (const r of rows) {
    if (adjustToBusinessDay(r.dueDate) !== b.today || b.autoDebited.has(r.n)) continue;
    const authorised = r.n === rows.length ? Math.max(b.autoDebitCents, r.paymentCents) : b.autoDebitCents;
    const limit = paymentLimit(owed, onItsWay, b.today).maxCents;
    // The rule, stated apart: what is owed today less everything on its way by today.
    expect(limit, '(auto-debit) its limit').toBe(Math.max(0, owed - onItsWay.filter((w) => w.date <= b.today).reduce((sum, w) => sum + w.amountCents, 0)));
    const amount = Math.min(authorised, limit);
    if (amount <= 0) {
      b.note(`daily run: installment ${String(r.n)} not debited (limit ${String(limit)})`);
      continue;
    }
    b.autoDebited.add(r.n);
    const w: PaymentOnItsWay = { id: b.id(), mode: 'auto_debit', amountCents: amount, date: r.dueDate };
    b.onItsWay.push(w);
    created.push(w);
    const later = b.onItsWay.find((p) => p.mode === 'payoff');
    b.note(`daily run: auto-debit ${String(amount)} created for installment ${String(r.n)}${later ? ` (a payoff for ${later.date} is on its way)` : ''}`);
  }
  return created;
}

const commandArbs: fc.Arbitrary<LoanCommand>[] = [
  fc.tuple(fc.integer({ min: 0, max: 45 }), amountPickArb).map(([days, pick]) => new RequestOneTime(days, pick)),
  fc.integer({ min: 0, max: 30 }).map((days) => new RequestPayoff(days)),
  amountPickArb.map((pick) => new CardPull(pick)),
  fc.integer({ min: 100, max: 150 }).map((pct) => new AuthoriseAutoDebit(pct)),
  fc.integer({ min: 10, max: 600 }).map((pct) => new Remittance(pct)),
  fc.nat({ max: 50 }).map((k) => new Return(k)),
  fc.constant(new Refund()),
  fc.nat({ max: 50 }).map((k) => new Cancel(k)),
  fc.oneof(
    fc.tuple(fc.nat({ max: 12 }), fc.integer({ min: 1, max: 28 })).map(([from, days]) => new Revise('change', from, days)),
    fc.integer({ min: 1, max: 3 }).map((k) => new Revise('hardship', 0, k)),
  ),
  // The days go by: weighted so that the payments on their way come due and are sent.
  fc.integer({ min: 0, max: 20 }).map((days) => new DailyRun(days)),
  fc.integer({ min: 1, max: 5 }).map((days) => new DailyRun(days)),
  fc.integer({ min: 1, max: 10 }).map((days) => new DailyRun(days)),
];

// ---------------------------------------------------------------- the property

/** Small monthly loans: $500–$5,000, 3–12 payments, 0–36 % a year, a fee financed or withheld. */
const termsArb = loanTermsArb({ frequencies: ['monthly'], payments: { min: 3, max: 12 }, from: '2024-01-01', days: 1000 });

function runBook(terms: LoanTerms, cmds: Iterable<LoanCommand>, skipKnownIssues = true): void {
  let book: Book | null = null;
  try {
    fc.modelRun(() => {
      book = new Book(buildSchedule(terms), skipKnownIssues);
      const model: Model = { postedCents: 0, reversedCents: 0, refundedCents: 0, ownDebits: new Map(), reversed: new Set() };
      return { model, real: book };
    }, cmds);
  } catch (err) {
    const b = book as Book | null;
    const trail = b ? `\nloan: ${JSON.stringify(terms)}\n${b.log.join('\n')}` : '';
    throw new Error(`${(err as Error).message}${trail}`, { cause: err });
  }
}

describe('the loan book (model-based: one loan, random interleavings of its commands)', () => {
  it('keeps the money identity, never overpays with its own debits, closes exactly when nothing is owed', { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(termsArb, fc.commands(commandArbs, { maxCommands: 40, size: 'max' }), (terms, cmds) => runBook(terms, cmds)),
      { numRuns: 300 },
    );
  });

  it('with an auto-debit and a payoff dated weeks ahead: the installments before it are debited, the payoff takes the rest', { timeout: 30_000 }, () => {
    const focused: fc.Arbitrary<LoanCommand>[] = [
      fc.integer({ min: 0, max: 45 }).map((days) => new RequestPayoff(days)),
      fc.tuple(fc.integer({ min: 0, max: 45 }), amountPickArb).map(([days, pick]) => new RequestOneTime(days, pick)),
      fc.nat({ max: 50 }).map((k) => new Return(k)),
      fc.integer({ min: 1, max: 10 }).map((days) => new DailyRun(days)),
      fc.integer({ min: 1, max: 10 }).map((days) => new DailyRun(days)),
    ];
    fc.assert(
      fc.property(
        termsArb,
        fc.integer({ min: 100, max: 150 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 20, max: 75 }),
        fc.commands(focused, { maxCommands: 25, size: 'max' }),
        (terms, pct, wait, ahead, cmds) => runBook(terms, [new AuthoriseAutoDebit(pct), new DailyRun(wait), new RequestPayoff(ahead), ...cmds]),
      ),
      { numRuns: 200 },
    );
  });
});

// ---------------------------------------------------------------- known issues (found by the property; the fix is a decision)

const d = parseIsoDate;
/** $1,000 at 24 %, 6 monthly payments from 2025-04-03. */
const LOAN: LoanTerms = {
  amountCents: cents(100_000),
  originationFeeCents: cents(0),
  feeFinanced: true,
  annualRatePercent: '24.00',
  frequency: 'monthly',
  numberOfPayments: 6,
  disbursementDate: d('2025-03-03'),
  firstPaymentDate: d('2025-04-03'),
};

/** Known issue 1: the payoff debit posted, a remittance beyond it (a credit), the credit refunded, then the payoff debit returned. */
function refundedThenReturned() {
  const s = buildSchedule(LOAN);
  const quote = positionAsOf(s, [], d('2025-03-18')).outstandingCents;
  const disbursement: LedgerEntry = { id: 1, kind: 'disbursement', effectiveDate: s.terms.disbursementDate, amountCents: s.disbursedCents };
  const remittance: LedgerEntry = { id: 3, kind: 'payroll_remittance', effectiveDate: d('2025-03-19'), amountCents: s.regularPaymentCents };
  const beforeReturn: LedgerEntry[] = [
    disbursement,
    { id: 2, kind: 'payoff', effectiveDate: d('2025-03-18'), amountCents: quote },
    remittance,
    { id: 4, kind: 'refund', effectiveDate: d('2025-03-20'), amountCents: s.regularPaymentCents },
  ];
  const returned: LedgerEntry = { id: 5, kind: 'reversal', effectiveDate: d('2025-03-21'), amountCents: quote, reversesEntryId: 2 };
  return { s, beforeReturn, afterReturn: [...beforeReturn, returned], remittanceAlone: [disbursement, remittance] };
}

/** Known issue 2: a card payment of the payoff less $1.00 mid-period, then every due date moved 14 days later. */
function paidThenRevised() {
  const s = buildSchedule(LOAN);
  const today = d('2025-03-18');
  const card: LedgerEntry = { id: 2, kind: 'one_time_payment', effectiveDate: today, amountCents: positionAsOf(s, [], today).outstandingCents - 100 };
  const entries: LedgerEntry[] = [{ id: 1, kind: 'disbursement', effectiveDate: s.terms.disbursementDate, amountCents: s.disbursedCents }, card];
  // Within the due-date change rules: installment 1 (in progress, due 2025-04-03) is 16 days away and moves 14 days.
  const dates = s.rows.map((r) => addDays(r.dueDate, 14));
  return { s, today, card, entries, dates };
}

describe('known issues of the loan book', () => {
  it('the scenarios are as described', () => {
    const one = refundedThenReturned();
    expect(positionAsOf(one.s, one.beforeReturn, d('2025-03-20'))).toMatchObject({ closed: true, unappliedCents: 0, outstandingCents: 0 });
    const two = paidThenRevised();
    expect(positionAsOf(two.s, two.entries, two.today)).toMatchObject({ closed: false, outstandingCents: 100, unappliedCents: 0 });
    expect(() => checkRevisedDueDates(two.s, two.dates, 1)).not.toThrow();
  });

  /**
   * Was known issue 1 (fixed: positionAsOf owes the refund back). Shrunk counterexample (seed -2063304824): remittance(300 % of an installment) →
   * refund() → return(0). As the server meets it: the payoff debit is sent and posted, the employer's
   * remittance arrives beyond the payoff (a credit), the credit is refunded, then the payoff debit comes
   * back (R01, or R10 within 60 days). The remittance now pays the loan instead of the payoff, the credit
   * it made is gone, the refund exceeds the unapplied money and positionAsOf throws "refunds (…) exceed
   * the unapplied money (…)": the loan can no longer be read (position, daily run, payoff, dashboard).
   * Expected: the position is derived; the loan is open again; it owes at least what the remittance
   * alone leaves unpaid (whether the refunded money is owed back on top, or refunds wait for the return
   * window to pass, is the decision).
   */
  it('a payment returned after the credit it left was refunded: the position is still derived, and the loan owes again', () => {
    const { s, afterReturn, remittanceAlone } = refundedThenReturned();
    const p = positionAsOf(s, afterReturn, d('2025-03-21'));
    expect(p.closed).toBe(false);
    expect(p.outstandingCents).toBeGreaterThanOrEqual(positionAsOf(s, remittanceAlone, d('2025-03-21')).outstandingCents);
  });

  /**
   * Known issue 2. Shrunk counterexample (seed 44383678, while the daily run still jumped over days):
   * dailyRun(+5d) → payoff(+0d) → dailyRun(+10d) → hardship(defer 2) on a 0.04 % loan: the payoff debit
   * (1 cent short, sent late) became a 1-cent credit once installment 1, in progress, moved two months later.
   * A revision replaces the dates of the whole schedule, history included, so moving the installment in
   * progress (a due-date change or a hardship deferral) re-prorates the interest already earned on the
   * days BEFORE the revision over a longer period: the payoff of those days drops, and a debit that took
   * no more than was owed on its day is, replayed on the revised dates, an overpayment — a credit balance
   * made by our own debit (invariant 3), and the loan closed on a past date. Here: $2.01 of credit.
   * Expected: a debit applied in full on its day stays applied in full after a later revision (e.g. the
   * revision takes effect from its own date, or only installments whose period has not started move).
   */
  it.fails('a due-date revision never turns a debit taken before it into an overpayment', () => {
    const { s, today, card, entries, dates } = paidThenRevised();
    const p = positionAsOf(withRevisedDueDates(s, dates), entries, today);
    expect(p.payments.find((o) => o.entry.id === card.id)?.allocation?.unappliedCents).toBe(0);
    expect(p.closed).toBe(false);
  });
});
