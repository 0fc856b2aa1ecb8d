import type { TStaffMember } from '@payrail/contract/staff';
import { SERVICING_BO_MSG } from '@payrail/contract/servicing-backoffice';
import { positionAsOf } from '@payrail/domain/loan/ledger';
import type { LoanPosition } from '@payrail/domain/loan/ledger';
import { cents, formatUsd, type Cents } from '@payrail/domain/money';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { memberCard } from '../../wallet/cards';
import { receiverAccount } from '../../banking/accounts-on-file';
import { openAccountNumber } from '../../banking/bank-accounts';
import { businessToday } from '../../../lib/business-clock';
import type { LedgerEntryRow, TransactionRow } from '../repository';
import { cardChargeOf } from './card-disbursement';
import { refundable } from './refundable-credit';
import { creditTraceNumber } from './disbursement-returns';
import { creditReceiverName, loanCreditRequest } from './loan-credit';
import { contractOf, toDomainEntry } from './loan-position';
import { refreshLoanStatus } from './refresh-loan-status';
import { refundHeldForReturn } from './refund-returns';

/** One refund sent: its ledger entry, the channel and the provider's reference (trace id or payout id). */
export type CreditRefund = { entryId: number; amountCents: number; channel: 'card' | 'ach'; reference: string; idempotencyKey: string };

/**
 * What `refundCreditBalance` did. `held`: a credit is left on the loan (visible as `credit_balance` on the
 * servicer's loan page) — `no_account`: no verified bank account on file to credit (and no card payment
 * to refund); `in_flight`: the credit rests on a debit still inside its return window; `returned`: a
 * refund of this loan came back from the account on file, unchanged since (`refundHeldForReturn`): the
 * credit waits for another account (or a correction of that one) instead of going back to be returned again.
 */
export type CreditRefundOutcome = {
  /** The credit balance found under the lock, before any refund (cents). */
  creditCents: number;
  refunds: CreditRefund[];
  /** What is left on the loan afterwards (cents). */
  leftCents: number;
  held: 'no_account' | 'in_flight' | 'returned' | null;
};

const NOTHING: CreditRefundOutcome = { creditCents: 0, refunds: [], leftCents: 0, held: null };

/** The ledger key of the n-th refund of a loan (n = refunds so far + 1): a retry under the lock is the same refund. */
export const creditRefundKey = (loanId: number, n: number) => `credit_refund:${String(loanId)}:${String(n)}`;

type Step = { channel: 'card'; amountCents: Cents; source: TransactionRow; cardId: number; chargeId: string } | { channel: 'ach'; amountCents: Cents };

/**
 * Where the credit goes back: to the card of each card payment that made it (newest first, never more
 * than that payment's unapplied part, less what was already refunded to it), the rest by ACH credit.
 */
function plan(position: LoanPosition, entries: readonly LedgerEntryRow[], txs: readonly TransactionRow[], amountCents: number): Step[] {
  const byId = new Map(entries.map((e) => [e.id, e]));
  const txById = new Map(txs.map((t) => [t.id, t]));
  const refundedFrom = (t: TransactionRow) => entries.filter((e) => e.kind === 'refund' && e.transactionId === t.id).reduce((s, e) => s + e.amountCents, 0);
  const steps: Step[] = [];
  let remaining = amountCents;
  for (const p of [...position.payments].reverse()) {
    if (remaining <= 0) break;
    const unapplied = p.allocation?.unappliedCents ?? 0;
    const txId = byId.get(p.entry.id)?.transactionId;
    const source = txId != null ? txById.get(txId) : undefined;
    const charge = source ? cardChargeOf(source) : null;
    if (unapplied <= 0 || !source || !charge) continue;
    const amount = Math.min(remaining, Math.min(unapplied, source.amountCents) - refundedFrom(source));
    if (amount <= 0) continue;
    steps.push({ channel: 'card', amountCents: cents(amount), source, cardId: charge.cardId, chargeId: charge.chargeId });
    remaining -= amount;
  }
  if (remaining > 0) steps.push({ channel: 'ach', amountCents: cents(remaining) });
  return steps;
}

/**
 * "Zero means closed; more than zero comes back." Money received beyond what a loan owes (its credit
 * balance: `unappliedCents` of the ledger position as of the business date — e.g. an employer's remittance
 * after the payoff) is paid back automatically to where it came from, and the loan stays closed:
 *
 * - under the loan's row lock (`withLockedLoan`), the ledger is re-read and the credit recomputed, so
 *   concurrent calls (5 in parallel) refund once;
 * - the part that came from a card payment is refunded to that card (card port `payout`, as
 *   POST /create_debit_disbursement does); the rest goes by ACH credit to the borrower's verified bank
 *   account on file (`ach.originateCredit`);
 * - each refund is a `refund` ledger entry keyed `credit_refund:<loan>:<n>` (n = refunds so far + 1) —
 *   the provider's idempotency key derives from it, so a retry after a crash between the provider and the
 *   commit is one payment — dated the business date, its reason naming the channel and the provider's
 *   reference; the borrower gets an in-app notification (same transaction) and an e-mail (after commit);
 *   a staff member who triggered it (a remittance import, a suspense assignment) gets an audit row
 *   (`credit_refunded`; staff_actions has no system actor, so a system trigger is audited by the ledger
 *   entry itself);
 * - no account on file (and no card to refund): nothing is sent; the credit stays on the loan, shown as
 *   `credit_balance` on the servicer's loan page. Money from a debit still in its return window is held
 *   until it settles;
 * - a refund by ACH the borrower's bank returned (ach-returns.ts, `applyRefundReturn`: reversed, the credit
 *   back on the loan) is not sent again to the same account: the ACH part is held (`returned`) until a
 *   different verified account is on file or that one is corrected (`refundHeldForReturn`).
 */
export async function refundCreditBalance(
  ctx: AppContext,
  loanId: number,
  reason: string,
  opts: { staff?: TStaffMember | null } = {},
): Promise<CreditRefundOutcome> {
  // A refund committed by another call between this one's look and its lock: this one rolled back and
  // sent nothing; once more, from a fresh look (which reserves the numbers the new count needs). Twice in a
  // row is a loan refunded by many hands at once: the caller is told to try again, never a 500.
  for (let attempt = 1; ; attempt++) {
    try {
      return await refundOnce(ctx, loanId, reason, opts);
    } catch (error) {
      if (!(error instanceof RefundNumbersMoved)) throw error;
      if (attempt >= 2) throw new AppError('conflict', SERVICING_BO_MSG.refundRaced);
    }
  }
}

/** The refund count moved past the trace numbers reserved before the lock (another refund committed meanwhile). */
class RefundNumbersMoved extends Error {
  constructor(loanId: number, key: string) {
    super(`credit refund of loan ${String(loanId)}: no trace number reserved for ${key}`);
  }
}

async function refundOnce(ctx: AppContext, loanId: number, reason: string, opts: { staff?: TStaffMember | null }): Promise<CreditRefundOutcome> {
  const repo = ctx.repos.loanBook;
  const loan = await repo.loan(loanId);
  if (!loan) return NOTHING;
  const today = await businessToday(ctx);
  const { schedule } = await contractOf(ctx, loan);
  const asOf = today < schedule.terms.disbursementDate ? schedule.terms.disbursementDate : today;

  // A look without the lock: most loans have no credit (nothing to lock, read or send).
  const [entries0, txs0] = await Promise.all([repo.ledger(loanId), repo.transactionsOfLoan(loanId)]);
  if (positionAsOf(schedule, entries0.map(toDomainEntry), asOf).unappliedCents <= 0) return NOTHING;

  // What the providers need, read before the lock (every read inside it goes through the locked transaction).
  const box = await ctx.cryptoBox();
  const [account, borrower] = await Promise.all([receiverAccount(ctx, loan.userId), ctx.repos.loanBook.borrower(loan.userId)]);
  const accountNumber = account ? openAccountNumber(box, account) : null;
  const receiver = account && account.routingNumber && accountNumber && account.verifiedAt ? { account, number: accountNumber } : null;
  const name = creditReceiverName(borrower, loan.identifier);
  const cards = new Map<number, { token: string; last4: string }>();
  let cardPayments = 0;
  for (const t of txs0) {
    const charge = cardChargeOf(t);
    if (charge) cardPayments++;
    if (!charge || cards.has(charge.cardId)) continue;
    const card = await memberCard(ctx, loan.userId, charge.cardId);
    if (card) cards.set(card.id, { token: box.open(card.tokenSealed, 'wallet_cards.token'), last4: card.last4 });
  }
  // The ACH credit's NACHA trace number, reserved (and committed) per the originator's key before the lock, as
  // a funding credit's: a retry after a crash sends the same entry under the same number, and a bank's return
  // quotes a number of ours (without one, the file would number the entry by its place in it, a number our
  // debits and disbursements also use). The key's n is only known under the lock (each card refund before it
  // takes one), so the numbers of every n this refund can reach are reserved: at most one per card payment.
  const refundsBefore = entries0.filter((e) => e.kind === 'refund').length;
  const traceNumbers = new Map<string, string>();
  if (receiver)
    for (let n = refundsBefore + 1; n <= refundsBefore + 1 + cardPayments; n++) {
      const key = `payrail-refund:${creditRefundKey(loanId, n)}`;
      traceNumbers.set(key, await creditTraceNumber(ctx, key));
    }

  const at = ctx.now();
  const outcome = await repo.withLockedLoan(loanId, async (q): Promise<CreditRefundOutcome> => {
    const [entries, txs] = await Promise.all([q.entries(), q.transactions()]);
    const { position, refundableCents } = refundable(schedule, entries, txs, asOf);
    const credit = position.unappliedCents;
    if (credit <= 0) return NOTHING;
    if (refundableCents <= 0) return { creditCents: credit, refunds: [], leftCents: credit, held: 'in_flight' };

    const refunds: CreditRefund[] = [];
    let count = entries.filter((e) => e.kind === 'refund').length;
    let achCents = 0;
    for (const step of plan(position, entries, txs, refundableCents)) {
      if (step.channel === 'ach') {
        achCents += step.amountCents;
        continue;
      }
      const card = cards.get(step.cardId);
      const key = creditRefundKey(loanId, count + 1);
      const payout = card
        ? await ctx.providers.cardTokenizer.payout({
            token: card.token,
            chargeId: step.chargeId,
            amountCents: step.amountCents,
            idempotencyKey: `payrail-refund:${key}`,
            description: `Refund of the credit balance of loan ${loan.identifier}`,
          })
        : null;
      // A card removed from the wallet, or a refund the processor refuses: that part goes by ACH instead.
      if (!card || !payout?.ok) {
        achCents += step.amountCents;
        continue;
      }
      const entry = await q.append({
        loanId,
        kind: 'refund',
        effectiveDate: asOf,
        amountCents: step.amountCents,
        transactionId: step.source.id,
        reasonCode: `card:${String(step.cardId)}`,
        reason: `Card refund ${payout.payoutId} to the card ending ${card.last4}: ${reason}`,
        idempotencyKey: key,
        createdByStaffId: opts.staff?.id ?? null,
        createdAt: at,
      });
      count++;
      refunds.push({ entryId: entry.id, amountCents: entry.amountCents, channel: 'card', reference: payout.payoutId, idempotencyKey: key });
      await q.notify(loan.userId, refundNotice(entry.amountCents, loan.identifier, `your debit card ending ${card.last4}`, payout.payoutId), at);
    }
    let held: CreditRefundOutcome['held'] = null;
    if (achCents > 0 && !receiver) held = 'no_account';
    else if (achCents > 0 && receiver && refundHeldForReturn(entries, receiver.account)) held = 'returned';
    else if (achCents > 0 && receiver) {
      const key = creditRefundKey(loanId, count + 1);
      const traceNumber = traceNumbers.get(`payrail-refund:${key}`);
      // A refund committed since the look without the lock moved n past the numbers reserved: this call sends
      // nothing (its card refunds roll back; the processor's keys make their retry the same refunds), and the
      // next one (the daily run's sweep, a re-import) reserves anew.
      if (!traceNumber) throw new RefundNumbersMoved(loanId, key);
      const ach = await ctx.providers.ach.originateCredit(
        loanCreditRequest({
          account: receiver.account,
          accountNumber: receiver.number,
          amountCents: achCents,
          name,
          loanIdentifier: loan.identifier,
          traceNumber,
          idempotencyKey: `payrail-refund:${key}`,
        }),
      );
      const last4 = receiver.account.accountNumberLast4 ?? receiver.number.slice(-4);
      const entry = await q.append({
        loanId,
        kind: 'refund',
        effectiveDate: asOf,
        amountCents: cents(achCents),
        reasonCode: `ach:${String(receiver.account.id)}`,
        reason: `ACH credit ${ach.traceId} to the bank account ending ${last4}: ${reason}`,
        idempotencyKey: key,
        createdByStaffId: opts.staff?.id ?? null,
        createdAt: at,
      });
      refunds.push({ entryId: entry.id, amountCents: entry.amountCents, channel: 'ach', reference: ach.traceId, idempotencyKey: key });
      await q.notify(loan.userId, refundNotice(entry.amountCents, loan.identifier, `your bank account ending ${last4}`, ach.traceId), at);
    }
    const sent = refunds.reduce((s, r) => s + r.amountCents, 0);
    return { creditCents: credit, refunds, leftCents: credit - sent, held: held ?? (credit - sent > 0 ? 'in_flight' : null) };
  });
  if (outcome.creditCents <= 0) return outcome;

  // A credit means nothing is owed: the loan is (and stays) closed_paid.
  await refreshLoanStatus(ctx, loanId);
  if (outcome.refunds.length > 0) {
    if (borrower) {
      const total = outcome.refunds.reduce((s, r) => s + r.amountCents, 0);
      await ctx.providers.email.send({
        to: borrower.email,
        subject: 'Your Payrail credit balance was refunded',
        text: `Hello ${name},\n\nWe received ${formatUsd(cents(total))} more than your loan ${loan.identifier} owed. ${outcome.refunds
          .map(
            (r) =>
              `${formatUsd(cents(r.amountCents))} was sent back ${r.channel === 'card' ? 'to your debit card' : 'to your bank account by ACH credit'} (reference ${r.reference}).`,
          )
          .join(' ')} Your loan stays paid in full.\n\nPayrail`,
        meta: { template: 'credit_refunded', loan_identifier: loan.identifier },
      });
    }
  }
  if (opts.staff) {
    await ctx.repos.loanBook.audit({
      staffUserId: opts.staff.id,
      action: outcome.refunds.length > 0 ? 'credit_refunded' : 'credit_balance_held',
      targetUserId: loan.userId,
      before: { loan_id: loanId, credit_cents: outcome.creditCents },
      after: {
        refunds: outcome.refunds.map((r) => ({ entry_id: r.entryId, amount_cents: r.amountCents, channel: r.channel, reference: r.reference })),
        left_cents: outcome.leftCents,
        held: outcome.held,
        reason,
      },
      at,
    });
  }
  return outcome;
}

const refundNotice = (amountCents: number, identifier: string, where: string, reference: string) =>
  `We received ${formatUsd(cents(amountCents))} more than your loan ${identifier} owed and sent it back to ${where} (reference ${reference}). Your loan stays paid in full.`;
