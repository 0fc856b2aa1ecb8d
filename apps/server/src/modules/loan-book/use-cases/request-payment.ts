import { createHash } from 'node:crypto';
import { BANK_MSG } from '@payrail/contract/banking';
import { ACCOUNT_TYPES, PAYMENT_MODES, PAYMENT_MSG, PAY_METHODS } from '@payrail/contract/servicing';
import type { PaymentMode, TPaymentRequestWire, TPaymentResponse, TScheduledPayment } from '@payrail/contract/servicing';
import { isIsoDate } from '@payrail/domain/dates';
import type { IsoDate } from '@payrail/domain/dates';
import { positionAsOf } from '@payrail/domain/loan/ledger';
import { cents, formatCents, formatUsd } from '@payrail/domain/money';
import { paymentLimit, payoffRequest, settlementDate } from '@payrail/domain/servicing/payment-limit';
import type { PaymentLimit, PaymentOnItsWay } from '@payrail/domain/servicing/payment-limit';
import type { Cents } from '@payrail/domain/money';
import { validateAccountNumber } from '@payrail/domain/validation/account-number';
import type { AppContext } from '../../../context';
import { receiverAccount } from '../../banking/accounts-on-file';
import { AppError } from '../../../errors';
import { findBank, manualDebitAccount } from '../../banking/bank-accounts';
import type { ClientInfo } from '../../identity/client';
import type { MemberRow } from '../../../db/rows';
import { businessToday } from '../../../lib/business-clock';
import type { NewDebitAccount, TransactionRow } from '../repository';
import { loanState, ownLoan, paymentsOnItsWay, toDomainEntry } from './loan-position';
import { violatedUniqueConstraint } from '../../../db/errors';
import { findAgreementDocument } from '../../reference/reference-data';

/** §5: one-time payment at least $10.00. */
export const MIN_ONE_TIME_CENTS = 1000;
/** §5: amount inputs are digits only, at most 10 characters (cents). */
export const AMOUNT_MAX_DIGITS = 10;
/** Loans a borrower can pay. */
export const PAYABLE: ReadonlySet<string> = new Set(['opened', 'default']);

/** 422 `{ error, error_messages }` — the spec's payment failure shape. */
export const paymentErrors = (messages: string[], code: 'validation' | 'conflict' | 'not_found' | 'bad_request' = 'validation') =>
  new AppError(code, messages[0] ?? PAYMENT_MSG.unknown, { extra: { error_messages: messages } });

export const scheduledPaymentWire = (t: TransactionRow): TScheduledPayment => ({
  id: t.id,
  transaction_status: t.status,
  due_date: t.scheduledDate,
  amount: t.amountCents,
  pay_method: t.method,
  transaction_mode: t.mode,
});

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Cents as typed: a non-negative integer (or digit string) of at most 10 digits; null when absent. */
function readAmount(raw: unknown): { ok: true; value: number | null } | { ok: false; message: string } {
  if (raw === undefined || raw === null || raw === '') return { ok: true, value: null };
  const text = typeof raw === 'number' && Number.isSafeInteger(raw) ? String(raw) : typeof raw === 'string' ? raw.trim() : null;
  if (text === null || !/^\d+$/.test(text)) return { ok: false, message: PAYMENT_MSG.amountRequired };
  if (text.length > AMOUNT_MAX_DIGITS) return { ok: false, message: PAYMENT_MSG.amountTooLong };
  return { ok: true, value: Number(text) };
}

/** A canonical hash of what was asked, to refuse a key reused for a different payment. */
export const canonical = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(canonical)
    : isRecord(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, canonical(v[k])]),
        )
      : v;
const requestHash = (body: TPaymentRequestWire): string =>
  createHash('sha256')
    .update(JSON.stringify(canonical(body)))
    .digest('hex');

/**
 * POST /request_payment: a one-time payment, an auto-debit or a payoff, with EVERY rule of spec §5
 * Payments checked at once (422 `{ error_messages }` lists them all, nothing written). The
 * Idempotency-Key (unique per member) makes a retried or double-clicked request ONE payment: the first
 * request's answer is stored with it and every retry answers it again, identically.
 */
export async function requestPayment(
  ctx: AppContext,
  member: MemberRow,
  body: TPaymentRequestWire,
  idempotencyKey: string,
  client: ClientInfo,
): Promise<TPaymentResponse> {
  const repo = ctx.repos.loanBook;
  const hash = requestHash(body);
  const replay = await repo.transactionByKey(member.id, idempotencyKey);
  if (replay) return answerReplay(replay, hash);

  const errors: string[] = [];
  const mode = typeof body.mode === 'string' && (PAYMENT_MODES as readonly string[]).includes(body.mode) ? (body.mode as PaymentMode) : null;
  if (!mode) errors.push(PAYMENT_MSG.modeInvalid);
  const method = typeof body.method === 'string' ? body.method.toLowerCase() : '';
  if (!(PAY_METHODS as readonly string[]).includes(method)) errors.push(PAYMENT_MSG.methodUnsupported);
  else if (method !== 'ach') errors.push(PAYMENT_MSG.methodUnsupported); // debit-card payments go through the card calls
  const loanId =
    typeof body.loan_id === 'number' ? body.loan_id : typeof body.loan_id === 'string' && /^\d{1,9}$/.test(body.loan_id) ? Number(body.loan_id) : null;
  if (loanId === null) throw paymentErrors([PAYMENT_MSG.loanNotFound], 'not_found');
  const loan = await ownLoan(ctx, member.id, loanId);
  if (!PAYABLE.has(loan.status)) throw paymentErrors([PAYMENT_MSG.loanNotPayable]);

  const today = await businessToday(ctx);
  const state = await loanState(ctx, loan, today);
  const disbursementDate = state.schedule.terms.disbursementDate;

  // Amount (cents) and date.
  const amount = readAmount(body.amount);
  if (!amount.ok) errors.push(amount.message);
  const scheduling = isRecord(body.scheduling) ? body.scheduling : null;
  let date: IsoDate | null = null;
  // Listed after the amount's, in the form's order.
  const dateErrors: string[] = [];
  if (mode === 'one_time' || mode === 'payoff') {
    const raw = scheduling?.date;
    if (raw === undefined || raw === null || raw === '') dateErrors.push(PAYMENT_MSG.dateRequired);
    else if (typeof raw !== 'string' || !isIsoDate(raw)) dateErrors.push(PAYMENT_MSG.dateInvalid);
    else if (raw < today) dateErrors.push(PAYMENT_MSG.dateInPast);
    else if (raw < disbursementDate) dateErrors.push(PAYMENT_MSG.dateBeforeLoan);
    // ACH moves money on business days: a weekend or holiday date is quoted and taken on the next one.
    else date = await settlesOn(ctx, raw, today);
  }
  let amountCents: Cents | null = null;
  if (mode === 'one_time' && amount.ok) {
    if (amount.value === null) errors.push(PAYMENT_MSG.amountRequired);
    else if (amount.value < MIN_ONE_TIME_CENTS) errors.push(PAYMENT_MSG.lowerThanMinimum);
    else amountCents = cents(amount.value); // its limit (what is owed less what is on its way) is checked under the lock
  }
  if (mode === 'auto_debit' && amount.ok) {
    const perTerm = state.schedule.regularPaymentCents;
    if (amount.value === null) errors.push(PAYMENT_MSG.amountRequired);
    else if (amount.value < perTerm) errors.push(PAYMENT_MSG.lowerThanTerm(formatCents(perTerm)));
    else amountCents = cents(amount.value);
    if (body.disclosure_accepted !== true && body.disclosure_accepted !== 'true') errors.push(PAYMENT_MSG.disclosureRequired);
  }
  errors.push(...dateErrors);
  const nextInstallment = state.position.ledger.current;
  if (mode === 'auto_debit' && !nextInstallment) errors.push(PAYMENT_MSG.noNextTermDate);
  // One collection method per installment: a payroll-allotment loan is not also auto-debited.
  if (mode === 'auto_debit' && (await repo.repaymentMethodOf(loan.id)) === 'split_direct_deposit') errors.push(PAYMENT_MSG.autoDebitOnAllotment);

  // The account: a new one in params.customBanking (verified here), else the bank information on file.
  const at = ctx.now();
  const params = isRecord(body.params) ? body.params : null;
  const custom = params && isRecord(params.customBanking) ? params.customBanking : null;
  let accountId: number | null = null;
  let newAccount: NewDebitAccount | null = null;
  if (custom) {
    const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
    const accountNumber = str(custom.account_number);
    const routing = str(custom.routing_number);
    const type = str(custom.account_type).toLowerCase();
    if (!accountNumber || !routing || !type) errors.push(PAYMENT_MSG.accountIncomplete);
    else {
      if (!(ACCOUNT_TYPES as readonly string[]).includes(type)) errors.push(PAYMENT_MSG.accountTypeInvalid);
      const number = validateAccountNumber(accountNumber);
      if (!number.ok) errors.push(BANK_MSG.accountInvalid);
      const bank = await findBank(ctx, routing);
      if (!bank.ok) errors.push(bank.reason === 'invalid' ? BANK_MSG.routingInvalid : BANK_MSG.bankNotFound);
      if (number.ok && bank.ok && (ACCOUNT_TYPES as readonly string[]).includes(type)) {
        newAccount = manualDebitAccount(await ctx.cryptoBox(), {
          userId: member.id,
          accountType: type as (typeof ACCOUNT_TYPES)[number],
          bank,
          accountNumber: number.value,
          at,
        });
      }
    }
  } else {
    const onFile = await receiverAccount(ctx, member.id);
    if (!onFile || !onFile.accountNumberSealed || !onFile.routingNumber) errors.push(PAYMENT_MSG.accountRequired);
    else if (!onFile.verifiedAt) errors.push(BANK_MSG.accountNotVerified);
    else accountId = onFile.id;
  }

  if (errors.length > 0 || !mode || (amountCents === null && mode !== 'payoff') || (mode !== 'auto_debit' && !date))
    throw paymentErrors(errors.length > 0 ? errors : [PAYMENT_MSG.unknown]);

  let disclosureId: number | null = null;
  if (mode === 'auto_debit') {
    const disclosure = await findAgreementDocument(ctx, 'auto_debit_disclosure', null);
    if (!disclosure) throw new Error('the auto_debit_disclosure agreement document is not seeded');
    disclosureId = disclosure.id;
  }
  const scheduledDate = mode === 'auto_debit' ? nextInstallment!.dueDate : date!;
  const requested = amount.ok ? amount.value : null;

  // Under the loan's row lock: what is owed on the date less what is already on its way, then the
  // request and what it replaces — one transaction, so two requests can never both take the same money.
  let outcome: { row: TransactionRow; replaced: TransactionRow[]; kept: readonly PaymentOnItsWay[]; amountCents: number } | { replay: TransactionRow };
  try {
    outcome = await repo.withLockedLoan(loan.id, async (q) => {
      const replay = await q.transactionByKey(member.id, idempotencyKey);
      if (replay) return { replay };
      if (!PAYABLE.has(q.loan.status)) throw paymentErrors([PAYMENT_MSG.loanNotPayable]);
      const entries = await q.entries();
      const onItsWay = paymentsOnItsWay(await q.transactions(), entries);
      const quoteOn = (d: IsoDate) => positionAsOf(state.schedule, entries.map(toDomainEntry), d < disbursementDate ? disbursementDate : d).outstandingCents;
      let take = amountCents;
      let replaced: readonly PaymentOnItsWay[] = [];
      let kept: readonly PaymentOnItsWay[] = [];
      if (mode === 'one_time') {
        const limit = paymentLimit(quoteOn(date!), onItsWay, date!);
        if (take! > limit.maxCents) throw paymentErrors([limitMessage(limit, quoteOn(date!))]);
      } else if (mode === 'payoff') {
        const limit = paymentLimit(quoteOn(date!), onItsWay, date!);
        if (limit.payoffOnItsWay) throw paymentErrors([PAYMENT_MSG.payoffOnItsWay(usDate(limit.payoffOnItsWay.date))]);
        // The payoff replaces the payments dated on or after its day; the earlier ones stay and run first,
        // and the payoff, when sent, takes only what is left (service-loan, amountToSend).
        const payoff = payoffRequest(quoteOn(date!), onItsWay, date!);
        if (requested !== null && requested !== payoff.amountCents) throw paymentErrors([PAYMENT_MSG.payoffAmountFixed]);
        if (payoff.amountCents === 0) throw paymentErrors([PAYMENT_MSG.loanNotPayable]);
        if (payoff.leftCents === 0) throw paymentErrors([PAYMENT_MSG.paidByPaymentsOnItsWay(formatUsd(payoff.beforeCents), usDate(date!))]);
        replaced = payoff.replaced;
        kept = payoff.before;
        take = payoff.amountCents;
      } else {
        if (await q.activeAutoDebit()) throw paymentErrors([PAYMENT_MSG.autoDebitExists]);
        // Its first debit would be taken with or after the payoff (which pays everything): nothing more now.
        const payoff = onItsWay.find((p) => p.mode === 'payoff');
        if (payoff) throw paymentErrors([PAYMENT_MSG.payoffOnItsWay(usDate(payoff.date))]);
      }
      const created = await q.createPaymentRequest({
        transaction: {
          loanId: loan.id,
          userId: member.id,
          mode,
          method: 'ach',
          status: 'scheduled',
          amountCents: take!,
          scheduledDate,
          instant: mode !== 'auto_debit' && scheduledDate === today,
          bankAccountId: accountId,
          installmentN: mode === 'auto_debit' ? nextInstallment!.n : null,
          idempotencyKey,
          requestHash: hash,
          ip: client.ip,
          userAgent: client.userAgent,
          createdAt: at,
          updatedAt: at,
        },
        newAccount,
        autoDebit:
          mode === 'auto_debit'
            ? {
                loanId: loan.id,
                userId: member.id,
                amountCents: take!,
                disclosureDocumentId: disclosureId,
                disclosureAcceptedAt: at,
                ip: client.ip,
                userAgent: client.userAgent,
                createdAt: at,
                revokedAt: null,
              }
            : null,
        notification: paymentNotice(mode, take!, scheduledDate, loan.identifier, kept),
        answer: (row) => ({ ok: true, message: PAYMENT_MSG.sent, transaction: scheduledPaymentWire(row) }),
      });
      const canceled = await q.cancelScheduled(
        replaced.map((p) => p.id),
        at,
      );
      for (const c of canceled) await q.notify(member.id, replacedNotice(c, loan.identifier), at);
      return { row: created.row, replaced: canceled, kept, amountCents: take! };
    });
  } catch (err) {
    const constraint = violatedUniqueConstraint(err);
    if (constraint === null) throw err;
    // Lost the race on the same key: answer the first request's answer. Another auto-debit won: refuse.
    const first = await repo.transactionByKey(member.id, idempotencyKey);
    if (first) return answerReplay(first, hash);
    if (constraint === 'auto_debit_authorizations_one_active') throw paymentErrors([PAYMENT_MSG.autoDebitExists]);
    throw paymentErrors([PAYMENT_MSG.unknown], 'conflict');
  }
  if ('replay' in outcome) return answerReplay(outcome.replay, hash);
  await ctx.providers.email.send({
    to: member.email,
    subject: mode === 'auto_debit' ? 'Your Payrail auto-debit is set up' : 'Your Payrail payment is scheduled',
    text: `Hello,\n\n${paymentNotice(mode, outcome.amountCents, scheduledDate, loan.identifier, outcome.kept)}${outcome.replaced.map((c) => ` ${replacedNotice(c, loan.identifier)}`).join('')} You can cancel it in Loans & Payments until it is sent to your bank.\n\nPayrail`,
    meta: { template: mode === 'auto_debit' ? 'auto_debit_set_up' : 'payment_scheduled', loan_identifier: loan.identifier, transaction_id: outcome.row.id },
  });
  return outcome.row.responseBody as TPaymentResponse;
}

/** The day money asked for `date` really moves: the next business day for a weekend or holiday, or for today once today's daily run went out. */
export async function settlesOn(ctx: AppContext, date: IsoDate, today: IsoDate): Promise<IsoDate> {
  const todaysRunDone = date <= today && Boolean((await ctx.repos.loanBook.day(today))?.completedAt);
  return settlementDate(date, { today, todaysRunDone });
}

/** MM/DD/YYYY, as the borrower's notices write dates. */
const usDate = (date: string): string => {
  const [y, m, d] = date.split('-');
  return `${m}/${d}/${y}`;
};

/** Why a one-time payment is above its limit, with what can still be paid. */
export function limitMessage(limit: PaymentLimit, payoffCents: number): string {
  if (limit.payoffOnItsWay) return PAYMENT_MSG.payoffOnItsWay(usDate(limit.payoffOnItsWay.date));
  if (limit.onItsWayCents > 0) return PAYMENT_MSG.amountAboveLimit(formatUsd(limit.maxCents), formatUsd(limit.onItsWayCents));
  return payoffCents === 0 ? PAYMENT_MSG.loanNotPayable : PAYMENT_MSG.amountAbovePayoff(formatCents(cents(payoffCents)));
}

/** The borrower's notice of a scheduled payment a payoff replaced. */
const replacedNotice = (t: TransactionRow, identifier: string): string =>
  `Your scheduled payment of ${formatUsd(cents(t.amountCents))} for loan ${identifier} on ${usDate(t.scheduledDate)} was canceled: the payoff pays it.`;

/**
 * The borrower's notice of a payment request (in-app notification and e-mail). A payoff names the payments
 * scheduled before its day that still go through (`kept`): the payoff then takes only what is left.
 */
function paymentNotice(mode: PaymentMode, amountCents: number, date: string, identifier: string, kept: readonly PaymentOnItsWay[] = []): string {
  const [y, m, d] = date.split('-');
  const amount = formatUsd(amountCents as Cents);
  if (mode === 'auto_debit') return `Auto-debit of ${amount} per payment is set up for loan ${identifier}, starting ${m}/${d}/${y}.`;
  const notice = `${mode === 'payoff' ? 'Payoff' : 'Payment'} of ${amount} for loan ${identifier} is scheduled for ${m}/${d}/${y}.`;
  if (mode !== 'payoff' || kept.length === 0) return notice;
  const list = [...kept]
    .sort((a, b) => (a.date === b.date ? a.id - b.id : a.date < b.date ? -1 : 1))
    .map((p) => `${formatUsd(cents(p.amountCents))} on ${usDate(p.date)}`);
  const which =
    list.length === 1
      ? `Your payment scheduled before then (${list[0]}) still goes through`
      : `Your payments scheduled before then (${list.join(', ')}) still go through`;
  return `${notice} ${which}: the payoff then takes only what is left.`;
}

function answerReplay(row: TransactionRow, hash: string): TPaymentResponse {
  if (row.requestHash !== null && row.requestHash !== hash) throw paymentErrors([PAYMENT_MSG.idempotencyKeyReused], 'conflict');
  if (!row.responseBody) throw paymentErrors([PAYMENT_MSG.unknown], 'conflict');
  return row.responseBody as TPaymentResponse;
}
