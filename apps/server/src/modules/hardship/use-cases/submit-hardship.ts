import type { THardshipRequest } from '@payrail/contract/hardship';
import { HARDSHIP_MSG } from '@payrail/contract/hardship';
import { FIELD_MSG } from '@payrail/contract/messages';
import type { ZHardshipSubmit } from '@payrail/contract/hardship';
import { hardshipEligibility, hardshipSubmittedNotice, HARDSHIP_REASON_LABELS } from '@payrail/domain/care/hardship';
import { cents } from '@payrail/domain/money';
import type { z } from 'zod';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { ownLoan } from '../../loan-book/use-cases/loan-position';
import { attachable, hardshipLoanFacts, planFor, requestsWire } from './hardship-facts';

/** Monthly income and expenses: 0 to $1,000,000. */
const MAX_MONTHLY_CENTS = 100_000_000;

/**
 * POST /dashboard/loans/{loanId}/hardship_requests: the borrower's request, checked by the domain's rules
 * (an active loan, one open request, one approval every 12 months, something left to defer), recorded
 * with its documents and the borrower's notice in one transaction, then confirmed by e-mail.
 */
export async function submitHardship(ctx: AppContext, userId: number, loanId: number, body: z.output<typeof ZHardshipSubmit>): Promise<THardshipRequest> {
  const loan = await ownLoan(ctx, userId, loanId);
  const outOfRange = (['monthly_income', 'monthly_expenses'] as const).filter((k) => body[k] != null && (body[k] < 0 || body[k] > MAX_MONTHLY_CENTS));
  if (outOfRange.length > 0) throw AppError.fields(Object.fromEntries(outOfRange.map((k) => [k, [FIELD_MSG.invalid]])));
  const facts = await hardshipLoanFacts(ctx, loan);
  const open = (await ctx.repos.hardship.ofLoan(loan.id)).some((r) => r.status === 'submitted' || r.status === 'info_requested');
  const e = hardshipEligibility({ loanStatus: loan.status, hasOpenRequest: open, lastApprovedOn: facts.lastApprovedOn, today: facts.today });
  if (!e.ok) throw new AppError('validation', e.message, e.availableOn ? { extra: { available_on: e.availableOn } } : {});
  if (!planFor(facts, body.defer_payments)) throw new AppError('validation', HARDSHIP_MSG.noneLeft);
  const documentIds = await attachable(ctx, userId, body.document_ids);
  const at = ctx.now();
  const row = await ctx.repos.hardship.create(
    {
      userId,
      loanId: loan.id,
      status: 'submitted',
      reason: body.reason,
      description: body.description,
      deferPayments: body.defer_payments,
      waiveLateFees: body.waive_late_fees,
      monthlyIncomeCents: body.monthly_income == null ? null : cents(body.monthly_income),
      monthlyExpensesCents: body.monthly_expenses == null ? null : cents(body.monthly_expenses),
      createdAt: at,
      updatedAt: at,
    },
    documentIds,
    hardshipSubmittedNotice(loan.identifier),
  );
  if (!row) throw new AppError('validation', HARDSHIP_MSG.openRequest);
  const member = await ctx.repos.hardship.borrower(userId);
  if (member) {
    await ctx.providers.email.send({
      to: member.email,
      subject: 'We received your hardship request',
      text: `Hello ${member.firstName ?? ''},\n\n${hardshipSubmittedNotice(loan.identifier)}\n\nReason: ${HARDSHIP_REASON_LABELS[body.reason]}. Plan asked for: defer ${body.defer_payments} payment${body.defer_payments === 1 ? '' : 's'}${body.waive_late_fees ? ' and waive late fees' : ''}.\n\nPayrail`,
      meta: { template: 'hardship_submitted', loan_identifier: loan.identifier, hardship_request_id: row.id },
    });
  }
  return (await requestsWire(ctx, [row], loan.identifier))[0]!;
}
