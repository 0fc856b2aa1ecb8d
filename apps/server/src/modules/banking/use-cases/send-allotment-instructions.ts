import type { AppContext } from '../../../context';
import type { MemberRow } from '../../../db/rows';
import { defaultLoanTermsSource } from '../../esignature/loan-terms-source';
import { loanFigures } from '../../esignature/loan-figures';
import { cents, formatUsd } from '@payrail/domain/money';
import { type InstructionKind, MANUAL_SPLIT_DEPOSIT_CENTS, renderAllotmentInstructions } from '../allotment-instructions-template';
import { routingDirectoryOf } from '../bank-accounts';
import { requireStatus } from '../../workflow/move';
import { findBorrower } from '../../identity/members';
import { findEmployer } from '../../reference/reference-data';

/** Where the allotment page (and its instructions) is reachable: its two statuses, the debit-card fallback and the refinance review's allotment upload. */
const ALLOTMENT_STATUSES = ['allotment_needed', 'review_allotment', 'debit_card', 'refinancing_review'] as const;

/** The member's instructions: wording by employer, the portal from the employers table, the amount by method. */
async function instructionsFor(ctx: AppContext, member: MemberRow) {
  const borrower = await findBorrower(ctx, member.id);
  const employer = borrower?.employerId ? await findEmployer(ctx, borrower.employerId) : undefined;
  const kind: InstructionKind =
    employer?.paymentType === 'allotment' ? (employer.employerType === 'postal' ? 'postal_allotment' : 'federal_allotment') : 'split_direct_deposit';
  // An allotment repays the installment itself; the manual split deposit is the fixed savings split.
  const amountCents =
    kind === 'split_direct_deposit'
      ? MANUAL_SPLIT_DEPOSIT_CENTS
      : loanFigures(await defaultLoanTermsSource.chosenLoan(ctx, member.id)).figures.payment_per_term_cents;
  const { routingNumber, accountNumber } = ctx.config.collectionAccount;
  const bankName = (await routingDirectoryOf(ctx)).lookup(routingNumber)?.name ?? 'Payrail collection account';
  return renderAllotmentInstructions({
    kind,
    employerName: employer && !employer.isOther ? employer.name : null,
    portal: employer?.payrollPortalName && employer.payrollPortalUrl ? { name: employer.payrollPortalName, url: employer.payrollPortalUrl } : null,
    amount: formatUsd(cents(amountCents)),
    account: { bankName, routingNumber, accountNumber, accountType: kind === 'split_direct_deposit' ? 'Savings' : 'Checking' },
    reference: `PAYRAIL-${String(member.id).padStart(8, '0')}`,
  });
}

async function send(ctx: AppContext, member: MemberRow, rendered: Awaited<ReturnType<typeof instructionsFor>>): Promise<void> {
  await ctx.providers.email.send({
    to: member.email,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    meta: { kind: 'allotment_instructions' },
  });
  await ctx.repos.banking.recordAllotmentEmail(member.id, member.email, ctx.now());
}

/**
 * GET /allotment_instructions: the instructions as HTML. The first time they are shown they are also
 * e-mailed (the page says "instructions emailed"); POST /allotment_instructions/email sends them again.
 */
export async function getAllotmentInstructions(ctx: AppContext, member: MemberRow): Promise<{ html: string; emailed: boolean }> {
  requireStatus(member, ALLOTMENT_STATUSES);
  const rendered = await instructionsFor(ctx, member);
  if ((await ctx.repos.banking.allotmentEmailsSent(member.id)) === 0) await send(ctx, member, rendered);
  return { html: rendered.html, emailed: true };
}

/** POST /allotment_instructions/email: e-mails the instructions again, on the borrower's request. */
export async function emailAllotmentInstructions(ctx: AppContext, member: MemberRow): Promise<{ ok: true; email: string }> {
  requireStatus(member, ALLOTMENT_STATUSES);
  await send(ctx, member, await instructionsFor(ctx, member));
  return { ok: true, email: member.email };
}
