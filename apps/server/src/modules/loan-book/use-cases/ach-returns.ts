import type { TAchReturnsResponse } from '@payrail/contract/servicing-backoffice';
import { SERVICING_BO_MSG } from '@payrail/contract/servicing-backoffice';
import type { TStaffMember } from '@payrail/contract/staff';
import { parseIsoDate } from '@payrail/domain/dates';
import { isReturnCode, RETURN_REASONS } from '@payrail/domain/servicing/ach';
import { createHash } from 'node:crypto';
import type { AchCorrectionRecord, AchReturnRecord } from '../../../adapters/ach/port';
import { openAccountNumber, routingDirectoryOf, sealAccountNumber } from '../../banking/bank-accounts';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { businessDate, servicingPolicy } from '../servicing-policy';
import { applyDisbursementReturn } from './disbursement-returns';
import { applyRefundReturn } from './refund-returns';
import { applyReturn } from './service-loan';
import type { AfterCommit } from './service-loan';

const DEBIT_RETURN_CODES = new Set(['26', '36']);
/** Returns of credits (checking 21, savings 31): our disbursements (docs/servicing-operations.md, "Returned disbursements"). */
const CREDIT_RETURN_CODES = new Set(['21', '31']);

const lineOf = (r: AchReturnRecord) => ({
  line: r.line,
  original_trace: r.originalTrace,
  return_code: r.code,
  return_reason: isReturnCode(r.code) ? RETURN_REASONS[r.code].title : null,
  amount: r.amountCents,
});

/**
 * POST /api/backoffice/ach/returns: a servicer uploads the bank's NACHA return file. The file is parsed
 * whole first (a malformed file is a 422 and nothing is applied). Each return is matched by its original
 * trace number to our ACH debit and applied exactly as the daily run applies the simulator's returns
 * (`applyReturn`: reversal, borrower notice, NACHA re-presentment or the auto-debit stopped), one loan
 * transaction per return under the loan's lock. A debit already returned (an earlier upload, the daily
 * run, a servicer's reversal) is a duplicate and is not touched again, so re-uploading a file changes
 * nothing. A return of a credit (21/31) is matched to our disbursement by its trace and applied under the
 * loan's lock (`applyDisbursementReturn`: the loan back to pending, debits stopped, the borrower told);
 * one whose trace is a credit-balance refund's (the number reserved for `payrail-refund:credit_refund:…`)
 * reverses that `refund` entry once under the loan's lock (`applyRefundReturn`: the credit is back on the
 * loan and held — not sent again to the account that returned it — the borrower told; listed in
 * `applied` / `duplicates` with `refund_entry_id`); one whose trace is neither is offered to the
 * `creditReturned` hook — a referral payout's credit is returned once, its rewards payable again
 * (referral, `applyPayoutReturn`), listed in `referral_payouts`.
 * Unknown traces, entries never sent and amounts that differ are reported as unmatched. One staff action
 * records the upload and its outcome.
 */
export async function applyAchReturnFile(ctx: AppContext, staff: TStaffMember, text: string, fileName: string | null): Promise<TAchReturnsResponse> {
  const parsed = ctx.providers.achFiles.readReturnFile(text);
  if (!parsed.ok) throw new AppError('validation', parsed.message);
  const policy = servicingPolicy(ctx);
  const date = await businessDate(ctx);
  const result: TAchReturnsResponse = {
    file_name: fileName,
    entries: parsed.returns.length + parsed.corrections.length,
    applied: [],
    unmatched: [],
    duplicates: [],
    corrections: [],
  };
  const mail: AfterCommit = [];
  const referralPayouts: NonNullable<TAchReturnsResponse['referral_payouts']> = [];

  for (const r of parsed.returns) {
    const base = lineOf(r);
    if (CREDIT_RETURN_CODES.has(r.transactionCode)) {
      // A return of one of our credits: the loan's disbursement did not reach the borrower.
      const d = await applyDisbursementReturn(ctx, r, date, mail);
      // No disbursement has this trace: it may be a credit-balance refund's (the credit back on the loan, held).
      const refund = d.kind === 'unknown_trace' ? await applyRefundReturn(ctx, r, date, staff.id, mail) : null;
      if (refund && refund.kind === 'applied')
        result.applied.push({
          ...base,
          loan_id: refund.loanId,
          loan_identifier: refund.loanIdentifier,
          transaction_id: null,
          refund_entry_id: refund.refundEntryId,
          returned_on: refund.returnedOn,
        });
      else if (refund && refund.kind === 'duplicate')
        result.duplicates.push({
          ...base,
          loan_id: refund.loanId,
          transaction_id: null,
          refund_entry_id: refund.refundEntryId,
          returned_on: refund.returnedOn,
        });
      else if (refund && refund.kind === 'unmatched') result.unmatched.push({ ...base, reason: refund.reason });
      if (refund && refund.kind !== 'unknown_trace') continue;
      // Neither a disbursement's nor a refund's trace: it may be a referral payout's credit (the referral module's hook).
      const payout = d.kind === 'unknown_trace' ? await ctx.hooks.loanBook.creditReturned(ctx, r, mail) : null;
      if (payout && payout.kind !== 'unmatched')
        referralPayouts.push({
          ...base,
          outcome: payout.kind,
          referral_payout_id: payout.referralPayoutId,
          user_id: payout.userId,
          returned_at: payout.returnedAt.toISOString(),
        });
      else if (payout) result.unmatched.push({ ...base, reason: payout.reason });
      else if (d.kind === 'unknown_trace') result.unmatched.push({ ...base, reason: SERVICING_BO_MSG.returnUnknownTrace });
      else if (d.kind === 'applied')
        result.applied.push({
          ...base,
          loan_id: d.loanId,
          loan_identifier: d.loanIdentifier,
          transaction_id: null,
          disbursement_id: d.disbursementId,
          returned_on: d.returnedOn,
        });
      else if (d.kind === 'duplicate')
        result.duplicates.push({ ...base, loan_id: d.loanId, transaction_id: null, disbursement_id: d.disbursementId, returned_on: d.returnedOn });
      else result.unmatched.push({ ...base, reason: d.reason });
      continue;
    }
    if (!DEBIT_RETURN_CODES.has(r.transactionCode)) {
      result.unmatched.push({ ...base, reason: SERVICING_BO_MSG.returnNotADebitReturn });
      continue;
    }
    const found = await ctx.repos.loanBook.transactionByTraceNumber(r.originalTrace);
    if (!found) {
      result.unmatched.push({ ...base, reason: SERVICING_BO_MSG.returnUnknownTrace });
      continue;
    }
    const own: AfterCommit = [];
    const outcome = await ctx.repos.loanBook.inTransaction(async (tx) => {
      const loan = await tx.lockLoan(found.loanId);
      // Re-read under the loan's lock: a concurrent upload or the daily run may have applied it.
      const txs = await tx.transactions(found.loanId);
      const t = txs.find((x) => x.id === found.id);
      if (!loan || !t) return { kind: 'unmatched' as const, reason: SERVICING_BO_MSG.returnUnknownTrace };
      if (t.status === 'returned') return { kind: 'duplicate' as const, loanId: loan.id, transactionId: t.id, returnedOn: t.returnedOn };
      if (t.status !== 'pending' && t.status !== 'settled') return { kind: 'unmatched' as const, reason: SERVICING_BO_MSG.returnNotSent };
      if (t.amountCents !== r.amountCents) return { kind: 'unmatched' as const, reason: SERVICING_BO_MSG.returnAmountDiffers(t.amountCents, r.amountCents) };
      const entries = await tx.entries(loan.id);
      const payment = entries.find((e) => e.transactionId === t.id && e.kind !== 'reversal');
      // The return takes effect on the business date, never before the payment it reverses.
      const returnedOn = parseIsoDate(payment && payment.effectiveDate > date ? payment.effectiveDate : date);
      const borrower = await tx.borrower(loan.userId);
      const at = ctx.now();
      const tell = async (message: string, subject: string) => {
        await tx.notify(loan.userId, message, at);
        if (borrower) own.push({ to: borrower.email, subject, text: message, meta: { kind: 'servicing', loanId: loan.id } });
      };
      await applyReturn(ctx, tx, policy, loan, t, r.code, returnedOn, entries, new Map(txs.map((x) => [x.id, x])), tell);
      return { kind: 'applied' as const, loanId: loan.id, loanIdentifier: loan.identifier, transactionId: t.id, returnedOn };
    });
    mail.push(...own); // committed: its e-mails are real
    if (outcome.kind === 'applied') {
      result.applied.push({
        ...base,
        loan_id: outcome.loanId,
        loan_identifier: outcome.loanIdentifier,
        transaction_id: outcome.transactionId,
        returned_on: outcome.returnedOn,
      });
    } else if (outcome.kind === 'duplicate') {
      result.duplicates.push({ ...base, loan_id: outcome.loanId, transaction_id: outcome.transactionId, returned_on: outcome.returnedOn });
    } else {
      result.unmatched.push({ ...base, reason: outcome.reason });
    }
  }

  for (const c of parsed.corrections) result.corrections.push(await applyCorrection(ctx, c, mail));
  result.referral_payouts = referralPayouts;

  await ctx.repos.loanBook.inTransaction(async (tx) =>
    tx.audit({
      staffUserId: staff.id,
      action: 'ach_return_file_applied',
      targetUserId: null,
      before: { file_name: fileName, sha256: createHash('sha256').update(text).digest('hex'), entries: parsed.returns.length, business_date: date },
      after: {
        applied: result.applied.map((a) => ({
          trace: a.original_trace,
          code: a.return_code,
          transaction_id: a.transaction_id,
          ...(a.disbursement_id ? { disbursement_id: a.disbursement_id, loan_id: a.loan_id } : {}),
          ...(a.refund_entry_id ? { refund_entry_id: a.refund_entry_id, loan_id: a.loan_id } : {}),
        })),
        unmatched: result.unmatched.map((u) => ({ trace: u.original_trace, code: u.return_code, reason: u.reason })),
        duplicates: result.duplicates.map((d) => ({
          trace: d.original_trace,
          transaction_id: d.transaction_id,
          ...(d.disbursement_id ? { disbursement_id: d.disbursement_id } : {}),
          ...(d.refund_entry_id ? { refund_entry_id: d.refund_entry_id } : {}),
        })),
        corrections: result.corrections.map((c) => ({ trace: c.original_trace, code: c.change_code, outcome: c.outcome, transaction_id: c.transaction_id })),
        referral_payouts: referralPayouts.map((p) => ({
          trace: p.original_trace,
          code: p.return_code,
          outcome: p.outcome,
          referral_payout_id: p.referral_payout_id,
        })),
      },
      at: ctx.now(),
    }),
  );
  // E-mails after the commits, as the daily run sends them (the in-app notice is the exactly-once one).
  for (const m of mail) await ctx.providers.email.send(m).catch(() => undefined);
  return result;
}

/** Borrower notice of an applied notification of change (in-app; the same text is e-mailed). */
export const accountCorrectedNotice = (last4: string) =>
  `Your bank told us the correct details of the account your loan payments come from. We updated them: payments now come from the account ending ${last4}. Nothing else changes.`;

/**
 * A notification of change: the receiving bank's corrected account information for one of our debits,
 * applied to the bank account that debit came from (NACHA: before the next entry), under the loan's lock,
 * with the borrower told. Codes that do not correct an account (C08, C09, C13, C14), data that does not
 * read as its code's layout, and traces we do not know are reported, never applied.
 */
async function applyCorrection(ctx: AppContext, c: AchCorrectionRecord, mail: AfterCommit): Promise<TAchReturnsResponse['corrections'][number]> {
  const base = { line: c.line, original_trace: c.originalTrace, change_code: c.changeCode, change_reason: c.changeReason };
  const notApplied = (detail: string, loanId: number | null = null, transactionId: number | null = null) => ({
    ...base,
    outcome: 'not_applied' as const,
    loan_id: loanId,
    transaction_id: transactionId,
    detail,
  });
  const found = await ctx.repos.loanBook.transactionByTraceNumber(c.originalTrace);
  if (!found) return notApplied(SERVICING_BO_MSG.returnUnknownTrace);
  if (found.bankAccountId === null) return notApplied(SERVICING_BO_MSG.correctionNoAccount, found.loanId, found.id);
  if (!c.changeReason) return notApplied(SERVICING_BO_MSG.correctionNotApplied(c.changeCode), found.loanId, found.id);
  const fix = c.accountCorrection;
  if (!fix) return notApplied(SERVICING_BO_MSG.correctionUnreadable(c.changeCode), found.loanId, found.id);
  const box = await ctx.cryptoBox();
  const bankName = fix.routing ? ((await routingDirectoryOf(ctx)).lookup(fix.routing)?.name ?? null) : undefined;
  const own: AfterCommit = [];
  const outcome = await ctx.repos.loanBook.inTransaction(async (tx) => {
    const loan = await tx.lockLoan(found.loanId);
    const account = await tx.bankAccount(found.bankAccountId!);
    if (!loan || !account) return notApplied(SERVICING_BO_MSG.correctionNoAccount, found.loanId, found.id);
    const set: Parameters<typeof tx.correctBankAccount>[1] = { updatedAt: ctx.now() };
    if (fix.routing && fix.routing !== account.routingNumber) Object.assign(set, { routingNumber: fix.routing, bankName });
    if (fix.account && fix.account !== openAccountNumber(box, account)) Object.assign(set, sealAccountNumber(box, fix.account));
    if (fix.accountType && fix.accountType !== account.accountType) set.accountType = fix.accountType;
    if (Object.keys(set).length === 1)
      return { ...base, outcome: 'already_applied' as const, loan_id: loan.id, transaction_id: found.id, detail: SERVICING_BO_MSG.correctionAlreadyApplied };
    await tx.correctBankAccount(account.id, set);
    const last4 = set.accountNumberLast4 ?? account.accountNumberLast4 ?? '';
    const at = ctx.now();
    await tx.notify(loan.userId, accountCorrectedNotice(last4), at);
    const borrower = await tx.borrower(loan.userId);
    if (borrower)
      own.push({
        to: borrower.email,
        subject: 'We updated your payment account',
        text: accountCorrectedNotice(last4),
        meta: { kind: 'servicing', loanId: loan.id },
      });
    return { ...base, outcome: 'applied' as const, loan_id: loan.id, transaction_id: found.id, detail: SERVICING_BO_MSG.correctionApplied(last4) };
  });
  mail.push(...own);
  return outcome;
}
