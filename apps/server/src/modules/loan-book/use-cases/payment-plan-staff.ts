import { PAYMENT_PLAN_API_MSG, PAYMENT_PLAN_POLICY } from '@payrail/contract/payment-plan';
import type { TLoanPaymentPlans, TPaymentPlan, TPaymentPlanProposal, TPaymentPlanQuote, TPaymentPlanTerms } from '@payrail/contract/payment-plan';
import type { TStaffMember } from '@payrail/contract/staff';
import { addDays } from '@payrail/domain/dates';
import { positionAsOf } from '@payrail/domain/loan/ledger';
import { segmentInForce } from '@payrail/domain/loan/servicing';
import { cents, formatUsd } from '@payrail/domain/money';
import type { AppContext } from '../../../context';
import { notifyMember } from '../../engagement/notifications';
import { AppError } from '../../../errors';
import { businessToday } from '../../../lib/business-clock';
import { signedFileBytes } from './loan-documents';
import type { LoanRow } from '../repository';
import { scheduleOfRecord, toDomainEntry } from './loan-position';
import { fingerprintOf, planFacts, planPdfFileName, planWire, quoteFrom, quoteWire, refusalError, termsOf } from './payment-plan-facts';
import { findMember } from '../../identity/members';

/** The borrower's page of a loan's payment plan (apps/web route `paymentPlan`). */
export const paymentPlanPath = (loanId: number) => `/dashboard/loans/${String(loanId)}/payment-plan`;

const loanNotFound = () => new AppError('not_found', PAYMENT_PLAN_API_MSG.loanNotFound);
const planNotFound = () => new AppError('not_found', PAYMENT_PLAN_API_MSG.notFound);

async function loanOr404(ctx: AppContext, loanId: number): Promise<LoanRow> {
  const loan = await ctx.repos.loanBook.loan(loanId);
  if (!loan) throw loanNotFound();
  return loan;
}

/** GET /backoffice/loans/{id}/payment_plans: the loan's plans (proposals expired lazily first), whether one can be proposed now, the policy. */
export async function loanPaymentPlans(ctx: AppContext, loanId: number): Promise<TLoanPaymentPlans> {
  const loan = await loanOr404(ctx, loanId);
  const f = await planFacts(ctx, loan);
  await ctx.repos.paymentPlans.expireDue(f.today, ctx.now(), { loanId });
  const rows = await ctx.repos.paymentPlans.plansOfLoan(loanId);
  const open = rows.some((r) => r.plan.status === 'proposed');
  // The refusal of the loan's own rules (status, payments on their way or posted today, nothing owed): a spread plan tells them.
  const probe = quoteFrom(
    loan,
    f.entries,
    f.transactions,
    { kind: 're_amortize', installments: 12, firstDueDate: addDays(f.today, PAYMENT_PLAN_POLICY.firstDueMinDays) },
    { today: f.today, proposedOn: f.today },
  );
  const refusal = open ? PAYMENT_PLAN_API_MSG.alreadyOpen : !probe.ok && !probe.field ? probe.message : null;
  const schedule = scheduleOfRecord(loan);
  const asOf = f.today < schedule.terms.disbursementDate ? schedule.terms.disbursementDate : f.today;
  const ledger = positionAsOf(schedule, f.entries.map(toDomainEntry), asOf).ledger;
  return {
    loan_id: loan.id,
    loan_identifier: loan.identifier,
    business_date: f.today,
    refusal,
    rate_in_force: segmentInForce(ledger).annualRatePercent,
    policy: {
      expiry_days: PAYMENT_PLAN_POLICY.expiryDays,
      first_due_min_days: PAYMENT_PLAN_POLICY.firstDueMinDays,
      first_due_max_days: PAYMENT_PLAN_POLICY.firstDueMaxDays,
      min_installments: PAYMENT_PLAN_POLICY.minInstallments,
      max_installments: PAYMENT_PLAN_POLICY.maxInstallments,
    },
    plans: rows.map((r) => planWire(r.plan, r.proposedBy, loan)),
  };
}

/** POST /backoffice/loans/{id}/payment_plans/preview: the plan of these terms if signed today (nothing written). */
export async function previewPaymentPlan(ctx: AppContext, loanId: number, body: TPaymentPlanTerms): Promise<TPaymentPlanQuote> {
  const loan = await loanOr404(ctx, loanId);
  const f = await planFacts(ctx, loan);
  const q = quoteFrom(loan, f.entries, f.transactions, termsOf(body), { today: f.today, proposedOn: f.today });
  if (!q.ok) throw refusalError(q);
  return quoteWire(q.quote);
}

/**
 * POST /backoffice/loans/{id}/payment_plans: proposes the plan (one open proposal per loan), audited with
 * the figures; the borrower is told in the app and by e-mail. It expires after the policy's days.
 */
export async function proposePaymentPlan(ctx: AppContext, staff: TStaffMember, loanId: number, body: TPaymentPlanProposal): Promise<TPaymentPlan> {
  const loan = await loanOr404(ctx, loanId);
  const f = await planFacts(ctx, loan);
  await ctx.repos.paymentPlans.expireDue(f.today, ctx.now(), { loanId });
  const terms = termsOf(body);
  const q = quoteFrom(loan, f.entries, f.transactions, terms, { today: f.today, proposedOn: f.today });
  if (!q.ok) throw refusalError(q);
  const quote = q.quote;
  const wire = quoteWire(quote);
  const at = ctx.now();
  const expiresOn = addDays(f.today, PAYMENT_PLAN_POLICY.expiryDays);
  const res = await ctx.repos.paymentPlans.propose(
    {
      loanId: loan.id,
      userId: loan.userId,
      status: 'proposed',
      kind: body.kind,
      installments: body.kind === 're_amortize' ? (terms.installments ?? null) : null,
      annualRatePercent: body.kind === 're_amortize' ? quote.annualRatePercent : null,
      firstDueDate: body.kind === 're_amortize' ? (terms.firstDueDate ?? null) : null,
      reason: body.reason,
      proposedOn: f.today,
      expiresOn,
      proposedByStaffId: staff.id,
      proposedQuote: wire,
      fingerprint: fingerprintOf(loan, f.entries, f.transactions),
      createdAt: at,
      updatedAt: at,
    },
    (planId) => ({
      staffUserId: staff.id,
      action: 'payment_plan_proposed',
      targetUserId: loan.userId,
      before: { loan_id: loan.id, days_past_due: quote.before.daysPastDue, payoff_cents: quote.before.payoffCents },
      after: {
        plan_id: planId,
        kind: body.kind,
        installments: quote.installments,
        annual_rate_percent: quote.annualRatePercent,
        first_due_date: quote.rows[0]!.dueDate,
        expires_on: expiresOn,
        amount_financed_cents: quote.disclosure.amountFinancedCents,
        total_of_payments_cents: quote.disclosure.totalOfPaymentsCents,
        apr: quote.disclosure.aprPercent,
      },
      at,
    }),
  );
  if (!res.ok) throw new AppError('conflict', PAYMENT_PLAN_API_MSG.alreadyOpen);
  const first = quote.rows[0]!;
  const notice = `We have proposed a payment plan for your loan ${loan.identifier}: ${String(quote.installments)} payments from ${first.dueDate}, the first of ${formatUsd(cents(first.paymentCents))}. Review and sign it by ${addDays(expiresOn, -1)} on the loan's Payment plan page.`;
  await notifyMember(ctx, loan.userId, notice, at);
  const member = await findMember(ctx, loan.userId);
  if (member) {
    await ctx.providers.email.send({
      to: member.email,
      subject: 'A payment plan for your Payrail loan',
      text: `Hello,\n\n${notice}\n\nSign in to Payrail and open ${paymentPlanPath(loan.id)} to see the new schedule, its Truth in Lending disclosure and the agreement. The plan applies only once you sign it.\n\nPayrail`,
      meta: { template: 'payment_plan_proposed', loan_identifier: loan.identifier, payment_plan_id: res.plan.id },
    });
  }
  return planWire(res.plan, staff.name, loan);
}

/** POST /backoffice/loans/{id}/payment_plans/{planId}/withdraw: an unsigned proposal is withdrawn (audited, the borrower told). */
export async function withdrawPaymentPlan(ctx: AppContext, staff: TStaffMember, loanId: number, planId: number, reason: string): Promise<TPaymentPlan> {
  const loan = await loanOr404(ctx, loanId);
  const row = await ctx.repos.paymentPlans.plan(planId);
  if (!row || row.loanId !== loanId) throw planNotFound();
  await ctx.repos.paymentPlans.expireDue(await businessToday(ctx), ctx.now(), { loanId });
  const at = ctx.now();
  const done = await ctx.repos.paymentPlans.withdraw(planId, staff.id, reason, at, {
    staffUserId: staff.id,
    action: 'payment_plan_withdrawn',
    targetUserId: loan.userId,
    before: { plan_id: planId, loan_id: loanId, status: 'proposed' },
    after: { status: 'withdrawn', reason },
    at,
  });
  if (!done) throw new AppError('conflict', PAYMENT_PLAN_API_MSG.notOpen);
  await notifyMember(ctx, loan.userId, `The payment plan proposed for your loan ${loan.identifier} was withdrawn.`, at);
  const proposer = (await ctx.repos.paymentPlans.plansOfLoan(loanId)).find((r) => r.plan.id === planId);
  return planWire(done, proposer?.proposedBy ?? '', loan);
}

/** GET /backoffice/loans/{id}/payment_plans/{planId}/pdf: the signed agreement, audited. */
export async function staffPaymentPlanPdf(ctx: AppContext, staff: TStaffMember, loanId: number, planId: number): Promise<{ fileName: string; bytes: Buffer }> {
  const loan = await loanOr404(ctx, loanId);
  const row = await ctx.repos.paymentPlans.plan(planId);
  if (!row || row.loanId !== loanId || row.status !== 'accepted' || !row.pdfStorageKey || !row.pdfSha256 || row.pdfByteSize === null) throw planNotFound();
  const bytes = await signedFileBytes(
    ctx,
    { id: row.id, storageKey: row.pdfStorageKey, sha256: row.pdfSha256, byteSize: row.pdfByteSize },
    { source: 'payment_plan_agreement', id: row.id },
    'The signed payment plan is not available.',
  );
  await ctx.repos.paymentPlans.audit({
    staffUserId: staff.id,
    action: 'view_payment_plan_agreement',
    targetUserId: loan.userId,
    before: {},
    after: { plan_id: planId },
    at: ctx.now(),
  });
  return { fileName: planPdfFileName(loan, planId), bytes };
}
