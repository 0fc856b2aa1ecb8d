import type { TAchReturnsResponse } from '@payrail/contract/servicing-backoffice';
import { SERVICING_BO_MSG } from '@payrail/contract/servicing-backoffice';
import type { TStaffMember } from '@payrail/contract/staff';
import { parseIsoDate } from '@payrail/domain/dates';
import { isReturnCode, RETURN_REASONS } from '@payrail/domain/servicing/ach';
import { createHash } from 'node:crypto';
import { NachaParseError, parseNachaReturnFile } from '../../../adapters/ach/nacha-returns';
import type { NachaReturn } from '../../../adapters/ach/nacha-returns';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { businessDate, servicingPolicy } from '../servicing-policy';
import { applyReturn } from './service-loan';
import type { AfterCommit } from './service-loan';

const DEBIT_RETURN_CODES = new Set(['26', '36']);

const lineOf = (r: NachaReturn) => ({
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
 * nothing. Unknown traces, entries never sent, returns of credits and amounts that differ are reported
 * as unmatched. One staff action records the upload and its outcome.
 */
export async function applyAchReturnFile(ctx: AppContext, staff: TStaffMember, text: string, fileName: string | null): Promise<TAchReturnsResponse> {
  let parsed;
  try {
    parsed = parseNachaReturnFile(text);
  } catch (e) {
    if (e instanceof NachaParseError) throw new AppError('validation', e.message);
    throw e;
  }
  const policy = servicingPolicy(ctx);
  const date = await businessDate(ctx);
  const result: TAchReturnsResponse = { file_name: fileName, entries: parsed.returns.length, applied: [], unmatched: [], duplicates: [] };
  const mail: AfterCommit = [];

  for (const r of parsed.returns) {
    const base = lineOf(r);
    if (!DEBIT_RETURN_CODES.has(r.transactionCode)) {
      result.unmatched.push({ ...base, reason: SERVICING_BO_MSG.returnNotADebitReturn });
      continue;
    }
    const found = await ctx.repos.collections.transactionByTraceNumber(r.originalTrace);
    if (!found) {
      result.unmatched.push({ ...base, reason: SERVICING_BO_MSG.returnUnknownTrace });
      continue;
    }
    const own: AfterCommit = [];
    const outcome = await ctx.repos.collections.transaction(async (tx) => {
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
      result.applied.push({ ...base, loan_id: outcome.loanId, loan_identifier: outcome.loanIdentifier, transaction_id: outcome.transactionId, returned_on: outcome.returnedOn });
    } else if (outcome.kind === 'duplicate') {
      result.duplicates.push({ ...base, loan_id: outcome.loanId, transaction_id: outcome.transactionId, returned_on: outcome.returnedOn });
    } else {
      result.unmatched.push({ ...base, reason: outcome.reason });
    }
  }

  await ctx.repos.collections.transaction(async (tx) =>
    tx.audit({
      staffUserId: staff.id,
      action: 'ach_return_file_applied',
      targetUserId: null,
      before: { file_name: fileName, sha256: createHash('sha256').update(text).digest('hex'), entries: parsed.returns.length, business_date: date },
      after: {
        applied: result.applied.map((a) => ({ trace: a.original_trace, code: a.return_code, transaction_id: a.transaction_id })),
        unmatched: result.unmatched.map((u) => ({ trace: u.original_trace, code: u.return_code, reason: u.reason })),
        duplicates: result.duplicates.map((d) => ({ trace: d.original_trace, transaction_id: d.transaction_id })),
      },
      at: ctx.now(),
    }),
  );
  // E-mails after the commits, as the daily run sends them (the in-app notice is the exactly-once one).
  for (const m of mail) await ctx.providers.email.send(m).catch(() => undefined);
  return result;
}
