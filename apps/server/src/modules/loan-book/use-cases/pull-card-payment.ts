import { createHash } from 'node:crypto';
import { PAYMENT_MSG } from '@payrail/contract/servicing';
import type { TPullTransactionRequest, TPullTransactionResponse } from '@payrail/contract/servicing';
import { positionAsOf } from '@payrail/domain/loan/ledger';
import { cents, formatUsd, type Cents } from '@payrail/domain/money';
import { paymentLimit } from '@payrail/domain/servicing/payment-limit';
import { violatedUniqueConstraint } from '../../../db/errors';
import type { AppContext } from '../../../context';
import { memberCard } from '../../wallet/cards';
import type { ClientInfo } from '../../identity/client';
import type { MemberRow } from '../../../db/rows';
import { businessToday } from '../../../lib/business-clock';
import type { TransactionRow } from '../repository';
import { loanState, ownLoan, paymentsOnItsWay, toDomainEntry } from './loan-position';
import { refreshLoanStatus } from './refresh-loan-status';
import { AMOUNT_MAX_DIGITS, canonical, limitMessage, MIN_ONE_TIME_CENTS, PAYABLE, paymentErrors, scheduledPaymentWire } from './request-payment';

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const readId = (v: unknown): number | null =>
  typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? v : typeof v === 'string' && /^\d{1,9}$/.test(v.trim()) && Number(v) > 0 ? Number(v) : null;

/**
 * POST /create_pull_transaction: a one-time payment pulled from one of the borrower's saved debit cards.
 * Every rule is checked first (422 `{ error_messages }`, nothing written, nothing charged); then the card
 * is charged under a processor idempotency key derived from the member's Idempotency-Key (a retry is ONE
 * charge), and only a successful charge is written: a `debitcard` transaction, settled at once, and its
 * `one_time_payment` ledger entry. A decline writes nothing and answers the processor's message. A retry
 * with the same key answers the first answer (and finishes the ledger posting if it was interrupted).
 */
export async function pullCardPayment(
  ctx: AppContext,
  member: MemberRow,
  body: TPullTransactionRequest,
  idempotencyKey: string,
  client: ClientInfo,
): Promise<TPullTransactionResponse> {
  const repo = ctx.repos.loanBook;
  const hash = createHash('sha256')
    .update(JSON.stringify(canonical({ pull: body })))
    .digest('hex');
  const replay = await repo.transactionByKey(member.id, idempotencyKey);
  if (replay) return answerReplay(ctx, replay, hash);

  const card: Record<string, unknown> = isRecord(body.card) ? body.card : {};
  const errors: string[] = [];
  // The loan: the one named, or the borrower's only loan open for payments.
  let loanId = readId(card.loan_id);
  if (card.loan_id !== undefined && card.loan_id !== null && loanId === null) throw paymentErrors([PAYMENT_MSG.loanNotFound], 'not_found');
  if (loanId === null) {
    const payable = (await repo.loansOfUser(member.id)).filter((l) => PAYABLE.has(l.status));
    if (payable.length === 0) throw paymentErrors([PAYMENT_MSG.loanNotPayable]);
    if (payable.length > 1) throw paymentErrors([PAYMENT_MSG.loanRequired]);
    loanId = payable[0]!.id;
  }
  const loan = await ownLoan(ctx, member.id, loanId);
  if (!PAYABLE.has(loan.status)) throw paymentErrors([PAYMENT_MSG.loanNotPayable]);

  const cardId = readId(card.account);
  const saved = cardId === null ? undefined : await memberCard(ctx, member.id, cardId);
  if (!saved) errors.push(PAYMENT_MSG.cardNotFound);

  const today = await businessToday(ctx);
  const state = await loanState(ctx, loan, today);
  const asOf = today < state.schedule.terms.disbursementDate ? state.schedule.terms.disbursementDate : today;
  const raw = card.amount;
  const text = typeof raw === 'number' && Number.isSafeInteger(raw) ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  let amountCents: Cents | null = null;
  if (!/^\d+$/.test(text)) errors.push(PAYMENT_MSG.amountRequired);
  else if (text.length > AMOUNT_MAX_DIGITS) errors.push(PAYMENT_MSG.amountTooLong);
  else if (Number(text) < MIN_ONE_TIME_CENTS) errors.push(PAYMENT_MSG.lowerThanMinimum);
  else amountCents = cents(Number(text));
  if (errors.length > 0 || !saved || amountCents === null) throw paymentErrors(errors.length > 0 ? errors : [PAYMENT_MSG.unknown]);

  const token = (await ctx.cryptoBox()).open(saved.tokenSealed, 'wallet_cards.token');
  const at = ctx.now();
  // Under the loan's row lock: the limit (today's payoff less what is on its way), the charge and its
  // posting — so two pulls can never both take the same money. The processor's key makes a retried
  // request one charge even if this transaction did not commit.
  let outcome: { row: TransactionRow } | { replay: TransactionRow };
  try {
    outcome = await repo.withLockedLoan(loan.id, async (q) => {
      const replay = await q.transactionByKey(member.id, idempotencyKey);
      if (replay) return { replay };
      if (!PAYABLE.has(q.loan.status)) throw paymentErrors([PAYMENT_MSG.loanNotPayable]);
      const entries = await q.entries();
      const payoff = positionAsOf(state.schedule, entries.map(toDomainEntry), asOf).outstandingCents;
      const limit = paymentLimit(payoff, paymentsOnItsWay(await q.transactions(), entries), asOf);
      if (amountCents > limit.maxCents) throw paymentErrors([limitMessage(limit, payoff)]);

      const charge = await ctx.providers.cardTokenizer.charge({
        token,
        amountCents,
        idempotencyKey: `payrail-pull:${String(member.id)}:${createHash('sha256').update(idempotencyKey).digest('hex')}`,
        description: `Payment toward loan ${loan.identifier}`,
      });
      if (!charge.ok) throw paymentErrors([charge.error.message]);
      const { row } = await q.createPaymentRequest({
        transaction: {
          loanId: loan.id,
          userId: member.id,
          mode: 'one_time',
          method: 'debitcard',
          status: 'pending',
          amountCents,
          scheduledDate: today,
          instant: true,
          bankAccountId: null,
          installmentN: null,
          idempotencyKey,
          requestHash: hash,
          ip: client.ip,
          userAgent: client.userAgent,
          createdAt: at,
          updatedAt: at,
        },
        newAccount: null,
        autoDebit: null,
        notification: `Payment of ${formatUsd(cents(amountCents))} for loan ${loan.identifier} was charged to your card ending ${saved.last4}.`,
        answer: (r) =>
          ({
            ok: true,
            message: PAYMENT_MSG.sent,
            transaction: scheduledPaymentWire({ ...r, status: 'settled' }),
            card: { id: saved.id, last4: saved.last4 },
            charge_id: charge.chargeId,
          }) satisfies TPullTransactionResponse,
      });
      // Card payments settle at once: the ledger entry and pending → settled, in the same transaction.
      await q.recordPayment({
        loanId: row.loanId,
        kind: 'one_time_payment',
        effectiveDate: row.scheduledDate,
        amountCents: row.amountCents,
        transactionId: row.id,
        transactionStatus: 'settled',
        at,
      });
      return { row };
    });
  } catch (err) {
    if (violatedUniqueConstraint(err) === null) throw err;
    const first = await repo.transactionByKey(member.id, idempotencyKey);
    if (first) return answerReplay(ctx, first, hash);
    throw paymentErrors([PAYMENT_MSG.unknown], 'conflict');
  }
  if ('replay' in outcome) return answerReplay(ctx, outcome.replay, hash);
  await refreshLoanStatus(ctx, loan.id);
  await ctx.providers.email.send({
    to: member.email,
    subject: 'Your Payrail card payment was received',
    text: `Hello,\n\nPayment of ${formatUsd(cents(amountCents))} for loan ${loan.identifier} was charged to your debit card ending ${saved.last4}.\n\nPayrail`,
    meta: { template: 'card_payment_received', loan_identifier: loan.identifier, transaction_id: outcome.row.id },
  });
  return outcome.row.responseBody as TPullTransactionResponse;
}

/** Card payments settle at once: the ledger entry and pending → settled (idempotent per transaction). */
async function post(ctx: AppContext, row: TransactionRow): Promise<void> {
  await ctx.repos.loanBook.recordPayment({
    loanId: row.loanId,
    kind: 'one_time_payment',
    effectiveDate: row.scheduledDate,
    amountCents: row.amountCents,
    transactionId: row.id,
    transactionStatus: 'settled',
    at: ctx.now(),
  });
  await refreshLoanStatus(ctx, row.loanId);
}

async function answerReplay(ctx: AppContext, row: TransactionRow, hash: string): Promise<TPullTransactionResponse> {
  if (row.requestHash !== hash) throw paymentErrors([PAYMENT_MSG.idempotencyKeyReused], 'conflict');
  if (!row.responseBody) throw paymentErrors([PAYMENT_MSG.unknown], 'conflict');
  if (row.status === 'pending') await post(ctx, row);
  return row.responseBody as TPullTransactionResponse;
}
