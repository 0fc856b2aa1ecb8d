import { randomInt } from 'node:crypto';
import type { TFundResponse, TLoan } from '@payrail/contract/backoffice';
import type { TStaffMember } from '@payrail/contract/staff';
import { parseIsoDate } from '@payrail/domain/dates';
import { quoteLoan } from '@payrail/domain/loan/disclosure';
import type { Frequency } from '@payrail/domain/loan/frequency';
import { cents, formatUsd, type Cents } from '@payrail/domain/money';
import type { IsoDate } from '@payrail/domain/dates';
import { refinanceFunding } from '@payrail/domain/loan/refinance';
import { REFINANCE_MSG } from '@payrail/contract/refinance';
import { businessToday } from '../../../lib/business-clock';
import { loanState } from './loan-position';
import type { AppContext } from '../../../context';
import { latestSignedNote } from '../../esignature/agreements';
import { latestAchAuthorization, receiverAccount } from '../../banking/accounts-on-file';
import { AppError } from '../../../errors';
import { openAccountNumber } from '../../banking/bank-accounts';
import type { AchAuthorizationRow } from '../../banking/repository';
import { UNSENT_TRACE_ID } from '../repository';
import type { DisbursementRow, InstallmentRow, LoanRow, OpenLoan } from '../repository';
import { creditTraceNumber } from './disbursement-returns';
import { creditReceiverName, loanCreditRequest } from './loan-credit';
import { refundCreditBalance } from './refund-credit-balance';

export const ALREADY_FUNDED = 'This application is already funded.';
export const NOT_FUNDABLE = 'Only an approved application with a signed promissory note can be funded.';
export const NO_BANK_ACCOUNT = 'The borrower has no verified bank account with a full account number to fund.';
export const KEY_REUSED = 'This Idempotency-Key was used for another application.';
export const CREDIT_NOT_SENT =
  'The loan is written but its money could not be sent to the bank yet. Fund it again to send it (it is sent once); the daily run also retries it.';
/** The borrower's in-app notice of a loan whose credit was just sent (written with the send, once). */
export const fundedNotice = (identifier: string): string => `Your loan ${identifier} is funded: the money is on its way to your bank account.`;
export const LOAN_CANCELED_UNSENT =
  "This application's loan was canceled before its money was sent to the bank: nothing is sent. The borrower can apply again.";

const pad = (n: number, w: number) => String(n).padStart(w, '0');
/** A loan number people read: `####-##-####`. */
export const newLoanIdentifier = (): string => `${pad(randomInt(0, 10_000), 4)}-${pad(randomInt(0, 100), 2)}-${pad(randomInt(0, 10_000), 4)}`;

export function loanWire(l: LoanRow, signedNoteId: number | null): TLoan {
  return {
    id: l.id,
    user_id: l.userId,
    identifier: l.identifier,
    status: l.status,
    amount: l.amountCents,
    fee: l.feeCents,
    interest_rate: l.interestRate,
    apr: l.aprPercent,
    frequency: l.frequency,
    terms: l.terms,
    disbursement_date: l.disbursementDate,
    first_payment_date: l.firstPaymentDate,
    note_principal: l.notePrincipalCents,
    finance_charge: l.financeChargeCents,
    total_of_payments: l.totalOfPaymentsCents,
    signed_note_document_id: signedNoteId,
    created_at: l.createdAt.toISOString(),
  };
}

export const disbursementWire = (d: DisbursementRow) => ({
  id: d.id,
  amount: d.amountCents,
  trace_id: d.traceId,
  status: d.status,
  created_at: d.createdAt.toISOString(),
});
export const installmentWire = (i: InstallmentRow) => ({
  n: i.n,
  due_date: i.dueDate,
  payment: i.paymentCents,
  interest: i.interestCents,
  principal: i.principalCents,
  balance: i.balanceCents,
});

async function answerFor(ctx: AppContext, disbursement: DisbursementRow): Promise<TFundResponse> {
  const loan = (await ctx.repos.loanBook.loan(disbursement.loanId))!;
  const note = await ctx.repos.loanBook.signedNote(loan.id);
  return { loan: loanWire(loan, note?.esignatureId ?? null), disbursement: disbursementWire(disbursement) };
}

/**
 * POST /api/backoffice/applications/{userId}/fund: opens the loan of an approved, signed application
 * (loan, installments, disbursement, signed note, the auto-debit authorization of an application repaid by
 * auto-debit — see autoDebitOfLoan —, audit row) in one transaction, the loan `pending` and its
 * disbursement unsent; THEN sends the ACH credit (sendFundingCredit, on the disbursement's key), which
 * opens the loan and tells the borrower (notice, e-mail) and earns the referral, once. No credit leaves without its loan: a failed open sends nothing, and a failed send leaves
 * the disbursement unsent and the loan pending (503), sent by the next fund call or the daily run, once.
 * The Idempotency-Key makes a retry answer the first result; a second key on a funded application is
 * refused (409). The member's status stays `approved`.
 */
export async function fundApplication(ctx: AppContext, staff: TStaffMember, userId: number, idempotencyKey: string): Promise<TFundResponse> {
  const repo = ctx.repos.loanBook;
  // The first result for this key, if it has one: a retry (or a concurrent twin) answers it.
  const replayOf = async (): Promise<TFundResponse | null> => {
    const replay = await repo.disbursementByKey(idempotencyKey);
    if (!replay) return null;
    const answer = await answerFor(ctx, replay);
    if (answer.loan.user_id !== userId) throw new AppError('conflict', KEY_REUSED);
    // Its credit not sent yet (the first call's send failed, or it is being sent): send it, once.
    return replay.traceId === UNSENT_TRACE_ID ? answerFor(ctx, (await sendOrRefuse(ctx, replay.loanId)).disbursement) : answer;
  };
  const first = await replayOf();
  if (first) return first;

  const row = await ctx.hooks.loanBook.fundingApplicant(ctx, userId);
  if (!row) throw AppError.notFound('Application not found.');
  const application = await ctx.hooks.loanBook.fundingApplication(ctx, userId);
  // Funded meanwhile: by this key (a concurrent twin committed first, answer its result) or by another (409).
  const funded = application ? await repo.loanOfApplication(application.id) : undefined;
  if (funded) {
    const twin = await replayOf();
    if (twin) return twin;
    // Funded by another key, its credit not sent yet: this call sends it (once), then answers it is funded.
    await sendOrRefuse(ctx, funded.id);
    throw new AppError('conflict', ALREADY_FUNDED);
  }
  const signature = await latestSignedNote(ctx, userId);
  if (row.member.workflowStatus !== 'approved' || !application || application.outcome !== 'approved' || !signature)
    throw new AppError('conflict', NOT_FUNDABLE);

  const account = await receiverAccount(ctx, userId);
  const accountNumber = account ? openAccountNumber(await ctx.cryptoBox(), account) : null;
  // Only an account the server verified (bank link, or manual entry checked with its statement) is paid.
  if (!account || !account.routingNumber || !accountNumber || !account.verifiedAt) throw new AppError('conflict', NO_BANK_ACCOUNT);

  // The contract is the signed note: its figures build the schedule the loan is serviced on.
  const f = signature.figures;
  const { schedule, disclosure } = quoteLoan({
    amountCents: cents(f.amount_cents),
    originationFeeCents: cents(f.fee_cents),
    feeFinanced: f.fee_financed,
    annualRatePercent: f.interest_rate,
    frequency: f.term_frequency as Frequency,
    numberOfPayments: f.number_of_payments,
    disbursementDate: parseIsoDate(f.disbursement_date),
    firstPaymentDate: parseIsoDate(f.first_payment_date),
  });
  const identifier = newLoanIdentifier();
  // A refinance pays the old loan off from the proceeds, to the cent, and sends only the rest.
  const refinance =
    application.loanType === 'refinancing' ? await refinancePayoff(ctx, application.refinancesLoanId, f.disbursement_date, schedule.disbursedCents) : null;
  const creditCents = refinance ? refinance.netDisbursedCents : schedule.disbursedCents;
  const autoDebit =
    application.paymentMethod === 'auto_debit' ? await autoDebitOfLoan(ctx, userId, refinance?.oldLoan ?? null, schedule.regularPaymentCents) : null;
  // The credit's NACHA trace number, reserved per the application before anything is written (a bank's
  // return quotes it; two concurrent fund calls reserve the same number, and the loan row's unique
  // application id lets only one of them open the loan).
  const achTraceNumber = await creditTraceNumber(ctx, `fund-application-${application.id}`);
  const at = ctx.now();
  const opened = await repo.open({
    loan: {
      userId,
      applicationId: application.id,
      identifier,
      // Pending until its credit is sent (sendFundingCredit): the daily run services only opened loans.
      status: 'pending',
      amountCents: f.amount_cents,
      feeCents: f.fee_cents,
      interestRate: f.interest_rate,
      aprPercent: f.apr,
      frequency: f.term_frequency as Frequency,
      terms: schedule.rows.length,
      disbursementDate: parseIsoDate(f.disbursement_date),
      firstPaymentDate: parseIsoDate(f.first_payment_date),
      notePrincipalCents: schedule.notePrincipalCents,
      feeFinanced: f.fee_financed,
      financeChargeCents: disclosure.financeChargeCents,
      totalOfPaymentsCents: disclosure.totalOfPaymentsCents,
      fundedByStaffId: staff.id,
      createdAt: at,
      refinancesLoanId: refinance?.oldLoan.id ?? null,
    },
    installments: schedule.rows.map((r) => ({
      n: r.n,
      dueDate: r.dueDate,
      paymentCents: r.paymentCents,
      interestCents: r.interestCents,
      principalCents: r.principalCents,
      balanceCents: r.balanceCents,
    })),
    disbursement: {
      amountCents: creditCents,
      traceId: UNSENT_TRACE_ID,
      achTraceNumber,
      bankAccountId: account.id,
      idempotencyKey,
      status: 'pending',
      createdAt: at,
      updatedAt: at,
    },
    ...(refinance
      ? {
          ledgerDisbursementCents: schedule.disbursedCents,
          refinance: {
            oldLoanId: refinance.oldLoan.id,
            payoffCents: refinance.payoffCents,
            payoffDate: refinance.payoffDate,
            notification: `Your loan ${refinance.oldLoan.identifier} was paid off by your new loan ${identifier} (${formatUsd(cents(refinance.payoffCents))}).`,
          },
        }
      : {}),
    ...(autoDebit ? { autoDebit } : {}),
    signedNoteEsignatureId: signature.id,
    staffAction: {
      staffUserId: staff.id,
      action: 'fund',
      targetUserId: userId,
      before: { status: row.member.workflowStatus, loan: null },
      after: (loanId: number) => ({
        loan_id: loanId,
        identifier,
        amount_cents: creditCents,
        trace_number: achTraceNumber,
        ...(refinance ? { refinanced_loan_id: refinance.oldLoan.id, payoff_cents: refinance.payoffCents, payoff_date: refinance.payoffDate } : {}),
      }),
      at,
    },
  });
  if (!opened.ok) {
    // Lost a race: the same key committed first (answer it), or another key funded the application.
    const winner = await replayOf();
    if (winner) return winner;
    if (
      opened.constraint === 'loans_application_id_unique' ||
      opened.constraint === 'loans_refinances_loan_id_unique' ||
      opened.constraint === 'old_loan_not_open'
    )
      throw new AppError('conflict', ALREADY_FUNDED);
    throw new AppError('conflict', `Funding failed: ${opened.constraint}`);
  }
  // Committed: the loan and its disbursement exist, so the credit can be sent (once, on the disbursement's key).
  // A failed send is answered (503) after the steps below, which stand whether or not the credit went out.
  const sending = await sendOrRefuse(ctx, opened.loan.id).then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  // The old loan was paid off with the payoff the note itemizes, quoted before its lock: a payment that
  // landed on it meanwhile (a card payment, a remittance) is a credit, paid back to where it came from. A
  // payoff dated ahead of the business date is refunded by the daily run's sweep once it is reached.
  if (refinance) await refundCreditBalance(ctx, refinance.oldLoan.id, 'payment beyond the refinance payoff', { staff }).catch(() => undefined);
  if (!sending.ok) throw sending.error;
  const sent = sending.value;
  // The borrower's notice and e-mail and the referral went with the credit (sendFundingCredit: by whichever call sent it).
  return { loan: loanWire(sent.loan, signature.id), disbursement: disbursementWire(sent.disbursement) };
}

/** The originator's idempotency key of a funding credit: its disbursement's id (a retry sends the same credit once). */
export const fundingCreditKey = (disbursementId: number): string => `disbursement-${String(disbursementId)}`;

/**
 * Sends the ACH credit of a loan's disbursement written but not sent yet (`UNSENT_TRACE_ID`: the funding
 * commits the loan first, then sends), under the loan's row lock, on the originator's key of the
 * disbursement (`fundingCreditKey`): concurrent or repeated calls send one credit, and a send whose answer
 * was lost (a crash before the commit) is answered the same trace id when sent again. Once sent, the
 * disbursement carries the originator's trace id, the `pending` loan is opened and the borrower's
 * "funded" notice written (same transaction); after the commit the sending call records the referral
 * (`firstLoanFunded`, a new loan only) and e-mails the borrower. A failed send
 * rolls back: the disbursement stays unsent and the loan pending (nothing is collected on it), for the
 * next fund call or the daily run to send. A credit canceled with its loan (`cancelUnsentLoan`, which
 * takes the same lock) is never sent: 409 `LOAN_CANCELED_UNSENT`, checked again under the lock. Answers
 * the loan and the disbursement as they stand, or null when the loan has no disbursement.
 */
export async function sendFundingCredit(ctx: AppContext, loanId: number): Promise<{ loan: LoanRow; disbursement: DisbursementRow } | null> {
  const repo = ctx.repos.loanBook;
  const loan = await repo.loan(loanId);
  const first = loan ? (await repo.disbursements(loanId)).at(-1) : undefined; // newest first: the loan's first credit
  if (!loan || !first) return null;
  if (first.traceId !== UNSENT_TRACE_ID) return { loan, disbursement: first };
  if (first.status === 'canceled') throw new AppError('conflict', LOAN_CANCELED_UNSENT);
  // What the originator needs, read before the lock (on the embedded database a read outside it would wait for it).
  const account = first.bankAccountId === null ? undefined : await repo.bankAccount(first.bankAccountId);
  const accountNumber = account ? openAccountNumber(await ctx.cryptoBox(), account) : null;
  if (!account || !account.routingNumber || !accountNumber || first.achTraceNumber === null) throw new AppError('unavailable', CREDIT_NOT_SENT);
  const borrower = await repo.borrower(loan.userId);
  const name = creditReceiverName(borrower, loan.identifier);
  const done = await repo.withLockedLoan(loanId, async (book) => {
    const d = (await book.disbursements()).find((x) => x.id === first.id)!;
    if (d.traceId !== UNSENT_TRACE_ID) return { loan: book.loan, disbursement: d, sentNow: false }; // a concurrent call sent it
    // Re-checked under the lock: a cancel that held it first leaves the credit canceled and the loan closed.
    if (d.status === 'canceled' || book.loan.status === 'closed_paid' || book.loan.status === 'closed_refinanced')
      throw new AppError('conflict', LOAN_CANCELED_UNSENT);
    const ach = await ctx.providers.ach.originateCredit(
      loanCreditRequest({
        account,
        accountNumber,
        amountCents: d.amountCents,
        name,
        loanIdentifier: book.loan.identifier,
        traceNumber: d.achTraceNumber!,
        idempotencyKey: fundingCreditKey(d.id),
      }),
    );
    const at = ctx.now();
    const disbursement = (await book.markDisbursementSent(d.id, ach.traceId, ach.status, at))!;
    if (book.loan.status !== 'pending') return { loan: book.loan, disbursement, sentNow: true }; // opened before its credit (an older loan)
    await book.setStatus('opened', at);
    // Told in the send's transaction: the notice exists exactly when the credit was sent (once).
    await book.notify(book.loan.userId, fundedNotice(book.loan.identifier), at);
    return { loan: { ...book.loan, status: 'opened' as const, updatedAt: at }, disbursement, sentNow: true };
  });
  // Committed: the call that sent the credit earns the referral of a referred member's first loan (idempotent
  // per friend; a refinance is not one) and e-mails the borrower, once. A loan canceled before its credit was
  // sent never reaches here: it earns no referral.
  if (done.sentNow && loan.refinancesLoanId === null)
    await ctx.hooks.loanBook.firstLoanFunded(ctx, loan.userId).catch((err: unknown) => console.error('referral of a funded loan not recorded', loanId, err));
  if (done.sentNow && borrower)
    await ctx.providers.email
      .send({
        to: borrower.email,
        subject: 'Your Payrail loan is funded',
        text: `Hello ${name},\n\nYour loan ${loan.identifier} is funded. The money should reach your bank account within one to two business days.\n\nPayrail`,
        meta: { template: 'loan_funded', loan_identifier: loan.identifier },
      })
      .catch(() => undefined);
  return { loan: done.loan, disbursement: done.disbursement };
}

/** sendFundingCredit, its failure a clear 503 (the loan is written; sending again sends it once). */
async function sendOrRefuse(ctx: AppContext, loanId: number): Promise<{ loan: LoanRow; disbursement: DisbursementRow }> {
  try {
    const sent = await sendFundingCredit(ctx, loanId);
    if (sent) return sent;
  } catch (err) {
    if (err instanceof AppError) throw err;
    console.error('funding credit not sent', loanId, err);
  }
  throw new AppError('unavailable', CREDIT_NOT_SENT);
}

/**
 * The auto-debit authorization a loan repaid by auto-debit opens with, for `amountCents` (the schedule's
 * level payment; the daily run debits each installment on its due date's business day):
 * - a new loan: from the member's latest ACH authorization (POST /auto_debit): its bank account, its
 *   agreement document (the auto-debit disclosure), time, IP and user agent. None without one.
 * - a refinance (it inherits the payment method and has no auto-debit step of its own): the most recent
 *   consent wins. An ACH authorization given after the old loan was opened and after its auto-debit was
 *   accepted is used as above; otherwise the old loan's ACTIVE auto-debit is carried over (same account,
 *   disclosure and acceptance). An older ACH authorization was spent on the old loan and a revoked
 *   auto-debit stays revoked: then the new loan has none (the borrower can set one up on the payments page).
 */
async function autoDebitOfLoan(
  ctx: AppContext,
  userId: number,
  oldLoan: LoanRow | null,
  amountCents: Cents,
): Promise<NonNullable<OpenLoan['autoDebit']> | null> {
  const ach = await latestAchAuthorization(ctx, userId);
  const fromAch = (a: AchAuthorizationRow) => ({
    bankAccountId: a.bankAccountId,
    amountCents,
    disclosureDocumentId: a.agreementDocumentId,
    disclosureAcceptedAt: a.authorizedAt,
    ip: a.ip,
    userAgent: a.userAgent,
  });
  if (!oldLoan) return ach ? fromAch(ach) : null;
  const carried = await ctx.repos.loanBook.activeAuthorization(oldLoan.id);
  const since = Math.max(oldLoan.createdAt.getTime(), carried?.disclosureAcceptedAt.getTime() ?? 0);
  if (ach && ach.authorizedAt.getTime() > since) return fromAch(ach);
  if (!carried) return null;
  return {
    bankAccountId: carried.bankAccountId,
    amountCents,
    disclosureDocumentId: carried.disclosureDocumentId,
    disclosureAcceptedAt: carried.disclosureAcceptedAt,
    ip: carried.ip,
    userAgent: carried.userAgent,
    carriedFromId: carried.id,
  };
}

/**
 * The payoff of the loan a refinance replaces: quoted for the funding date (the new loan's disbursement
 * date, or the business date when that has passed) exactly as GET /{loanId}/payoff/{date} quotes it.
 * Refused while one of its payments is sent and not settled, or when the proceeds do not cover it.
 */
async function refinancePayoff(ctx: AppContext, oldLoanId: number | null, disbursementDate: string, proceedsCents: number) {
  const oldLoan = oldLoanId === null ? undefined : await ctx.repos.loanBook.loan(oldLoanId);
  if (!oldLoan || oldLoan.status !== 'opened') throw new AppError('conflict', NOT_FUNDABLE);
  const today = await businessToday(ctx);
  const payoffDate = (disbursementDate > today ? disbursementDate : today) as IsoDate;
  const transactions = await ctx.repos.loanBook.transactionsOfLoan(oldLoan.id);
  if (transactions.some((t) => t.status === 'pending')) throw new AppError('conflict', REFINANCE_MSG.paymentInProgress);
  const payoffCents = (await loanState(ctx, oldLoan, payoffDate)).position.outstandingCents;
  if (proceedsCents - payoffCents <= 0) throw new AppError('conflict', REFINANCE_MSG.doesNotCoverPayoff);
  const { netDisbursedCents } = refinanceFunding({ amountCents: proceedsCents, payoffCents, feeNotFinancedCents: 0 });
  return { oldLoan, payoffDate, payoffCents, netDisbursedCents };
}
