import { COLLECTIONS_MSG } from '@payrail/contract/collections';
import type { TRecoveryRequest } from '@payrail/contract/collections';
import type { TStaffMember } from '@payrail/contract/staff';
import { positionAsOf } from '@payrail/domain/loan/ledger';
import { cents, formatUsd } from '@payrail/domain/money';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { businessDate, scheduleOf } from '../servicing-policy';
import { toDomainEntry } from './loan-position';

/**
 * A recovery on a charged-off loan (docs/collections.md): money received after the charge-off posts as a
 * `recovery` ledger entry against the charged-off amount, never beyond what remains recoverable — checked
 * under the loan's row lock, so parallel recoveries cannot together exceed it. Audited; the borrower is told.
 */
export async function postRecovery(
  ctx: AppContext,
  staff: TStaffMember,
  loanId: number,
  body: TRecoveryRequest,
): Promise<{ entryId: number; recoverableCents: number }> {
  const today = await businessDate(ctx);
  const loan = await ctx.repos.loanBook.loan(loanId);
  if (!loan) throw AppError.notFound(COLLECTIONS_MSG.loanNotFound);
  return ctx.repos.loanBook.withLockedLoan(loanId, async (book) => {
    if (book.loan.status !== 'charge_off') throw new AppError('validation', COLLECTIONS_MSG.notChargedOff);
    const entries = await book.entries();
    const on = today < book.loan.disbursementDate ? book.loan.disbursementDate : today;
    const co = positionAsOf(scheduleOf(book.loan), entries.map(toDomainEntry), on as typeof today).chargeOff;
    const recoverable = co?.recoverableCents ?? 0;
    if (body.amount > recoverable) throw new AppError('validation', COLLECTIONS_MSG.recoveryTooMuch(formatUsd(cents(recoverable))));
    const at = ctx.now();
    const entry = await book.append({
      loanId,
      kind: 'recovery',
      effectiveDate: on,
      amountCents: cents(body.amount),
      reason: body.reference,
      createdByStaffId: staff.id,
      createdAt: at,
    });
    const left = recoverable - body.amount;
    await book.audit({
      staffUserId: staff.id,
      action: 'recovery_posted',
      targetUserId: book.loan.userId,
      before: { loan_id: loanId, recoverable_cents: recoverable },
      after: { entry_id: entry.id, amount_cents: body.amount, received_on: on, recoverable_cents: left },
      at,
    });
    await book.notify(
      book.loan.userId,
      `We received ${formatUsd(cents(body.amount))} on your charged-off loan ${book.loan.identifier}. ${left > 0 ? `${formatUsd(cents(left))} remains unpaid.` : 'Nothing more is owed on it.'}`,
      at,
    );
    return { entryId: entry.id, recoverableCents: left };
  });
}
