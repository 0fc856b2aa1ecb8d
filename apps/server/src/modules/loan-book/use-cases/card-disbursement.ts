import { createHash } from 'node:crypto';
import { PAYMENT_MSG } from '@payrail/contract/servicing';
import type { TDebitDisbursementRequest, TDebitDisbursementResponse } from '@payrail/contract/servicing';
import { cents, formatCents, type Cents } from '@payrail/domain/money';
import type { AppContext } from '../../../context';
import { memberCard } from '../../wallet/cards';
import type { MemberRow } from '../../../db/rows';
import { businessToday } from '../../../lib/business-clock';
import type { TransactionRow } from '../repository';
import { contractOf, ownLoan, toDomainEntry } from './loan-position';
import { positionAsOf } from '@payrail/domain/loan/ledger';
import { AMOUNT_MAX_DIGITS, paymentErrors } from './request-payment';
import { refundable } from './refundable-credit';

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const readId = (v: unknown): number | null =>
  typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? v : typeof v === 'string' && /^\d{1,9}$/.test(v.trim()) && Number(v) > 0 ? Number(v) : null;

/** The saved card a settled card payment was charged to (its answer names it), and the processor's charge id. */
export function cardChargeOf(t: TransactionRow): { cardId: number; chargeId: string } | null {
  const body = t.responseBody;
  if (t.method !== 'debitcard' || t.status !== 'settled' || !isRecord(body) || !isRecord(body.card)) return null;
  const cardId = body.card.id;
  const chargeId = body.charge_id;
  return typeof cardId === 'number' && typeof chargeId === 'string' ? { cardId, chargeId } : null;
}

/**
 * POST /create_debit_disbursement: pays a loan's credit balance — money received beyond the payoff (an
 * overpayment, a payroll remittance after payoff) — back to one of the borrower's saved debit cards. In a
 * lending product the only money a borrower is owed is that credit balance, so the disbursement is a
 * refund: through the card port's `payout` (a refund of a card payment made on this loan with that card,
 * back to the card), and a `refund` ledger entry, never more than the credit balance (nor than the charge
 * it refunds, less what was already refunded from it). Idempotent: the member's Idempotency-Key names the
 * ledger entry and the processor's payout, so a retry is one refund and answers the same.
 *
 * All under the loan's row lock: two refunds with different keys cannot both take the same credit.
 */
export async function disburseToCard(
  ctx: AppContext,
  member: MemberRow,
  body: TDebitDisbursementRequest,
  idempotencyKey: string,
): Promise<TDebitDisbursementResponse> {
  const repo = ctx.repos.loanBook;
  const card: Record<string, unknown> = isRecord(body.card) ? body.card : {};
  const entryKey = `card_refund:${String(member.id)}:${createHash('sha256').update(idempotencyKey).digest('hex')}`;

  // The loan: the one named, else the member's loan with a credit balance (the newest).
  let loanId = readId(card.loan_id);
  if (card.loan_id !== undefined && card.loan_id !== null && loanId === null) throw paymentErrors([PAYMENT_MSG.loanNotFound], 'not_found');
  const today = await businessToday(ctx);
  const creditOf = async (id: number) => {
    const loan = await ownLoan(ctx, member.id, id);
    const { schedule } = await contractOf(ctx, loan);
    return { loan, schedule };
  };
  if (loanId === null) {
    for (const l of await repo.loansOfUser(member.id)) {
      const { schedule } = await contractOf(ctx, l);
      const asOf = today < schedule.terms.disbursementDate ? schedule.terms.disbursementDate : today;
      if (positionAsOf(schedule, (await repo.ledger(l.id)).map(toDomainEntry), asOf).unappliedCents > 0) {
        loanId = l.id;
        break;
      }
    }
    if (loanId === null) throw paymentErrors([PAYMENT_MSG.noCreditBalance]);
  }
  const { loan, schedule } = await creditOf(loanId);
  const asOf = today < schedule.terms.disbursementDate ? schedule.terms.disbursementDate : today;

  const cardId = readId(card.account);
  const saved = cardId === null ? undefined : await memberCard(ctx, member.id, cardId);
  const raw = card.amount;
  const text =
    raw === undefined || raw === null ? null : typeof raw === 'number' && Number.isSafeInteger(raw) ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  const token = saved ? (await ctx.cryptoBox()).open(saved.tokenSealed, 'wallet_cards.token') : null;

  return repo.withLockedLoan(loan.id, async (q) => {
    const replay = await q.entryByKey(entryKey);
    const [entries, transactions] = await Promise.all([q.entries(), q.transactions()]);
    // Never money from a debit still in flight: if the bank returned it, a refund of it would be money paid
    // out that was never received (the same hold-back as the automatic refund's, `refundable`).
    const { position, refundableCents } = refundable(schedule, entries, transactions, asOf);
    if (replay) {
      if (!saved) throw paymentErrors([PAYMENT_MSG.cardNotFound]);
      if (replay.loanId !== loan.id || (text !== null && text !== String(replay.amountCents)) || replay.reasonCode !== `card:${String(cardId)}`) {
        throw paymentErrors([PAYMENT_MSG.idempotencyKeyReused], 'conflict');
      }
      return answer(loan.id, replay.amountCents, replay.effectiveDate, saved, replay.reason ?? '', position.unappliedCents);
    }

    const errors: string[] = [];
    if (!saved) errors.push(PAYMENT_MSG.cardNotFound);
    const credit = position.unappliedCents;
    let amountCents: Cents | null = null;
    if (credit <= 0) errors.push(PAYMENT_MSG.noCreditBalance);
    else if (refundableCents <= 0) errors.push(PAYMENT_MSG.refundInFlight);
    else if (text === null) amountCents = cents(refundableCents);
    else if (!/^\d+$/.test(text) || Number(text) <= 0) errors.push(PAYMENT_MSG.amountRequired);
    else if (text.length > AMOUNT_MAX_DIGITS) errors.push(PAYMENT_MSG.amountTooLong);
    else if (Number(text) > credit) errors.push(PAYMENT_MSG.refundAboveCredit(formatCents(cents(credit))));
    else if (Number(text) > refundableCents) errors.push(PAYMENT_MSG.refundAboveRefundable(formatCents(cents(refundableCents))));
    else amountCents = cents(Number(text));
    // The card payment it refunds: the newest settled one on this card with enough left to refund.
    const refundedFrom = (t: TransactionRow) =>
      entries.filter((e) => e.kind === 'refund' && e.transactionId === t.id).reduce((sum, e) => sum + e.amountCents, 0);
    const source = saved
      ? [...transactions].reverse().find((t) => cardChargeOf(t)?.cardId === saved.id && t.amountCents - refundedFrom(t) >= (amountCents ?? 1))
      : undefined;
    if (saved && amountCents !== null && !source) errors.push(PAYMENT_MSG.cardNotPaidWith);
    if (errors.length > 0 || !saved || !token || amountCents === null || !source) throw paymentErrors(errors.length > 0 ? errors : [PAYMENT_MSG.unknown]);

    const payout = await ctx.providers.cardTokenizer.payout({
      token,
      chargeId: cardChargeOf(source)!.chargeId,
      amountCents,
      idempotencyKey: `payrail-refund:${entryKey}`,
      description: `Refund of the credit balance of loan ${loan.identifier}`,
    });
    if (!payout.ok) throw paymentErrors([payout.error.message]);
    const entry = await q.append({
      loanId: loan.id,
      kind: 'refund',
      effectiveDate: asOf,
      amountCents,
      transactionId: source.id,
      reasonCode: `card:${String(saved.id)}`,
      reason: payout.payoutId,
      idempotencyKey: entryKey,
      createdAt: ctx.now(),
    });
    return answer(loan.id, entry.amountCents, entry.effectiveDate, saved, payout.payoutId, credit - entry.amountCents);
  });
}

function answer(
  loanId: number,
  amount: number,
  date: string,
  card: { id: number; last4: string },
  payoutId: string,
  creditLeft: number,
): TDebitDisbursementResponse {
  return {
    ok: true,
    message: PAYMENT_MSG.refundSent,
    refund: { loan_id: loanId, amount, effective_date: date, card: { id: card.id, last4: card.last4 }, payout_id: payoutId },
    credit_balance: creditLeft,
  };
}
