import { createHash, randomBytes } from 'node:crypto';
import { PAYMENT_PLAN_AGREEMENT, PAYMENT_PLAN_API_MSG } from '@payrail/contract/payment-plan';
import type { TBorrowerPaymentPlan, TBorrowerPaymentPlans, TPaymentPlanQuote, TPaymentPlanSign } from '@payrail/contract/payment-plan';
import type { TLoanDocument } from '@payrail/contract/servicing';
import { parseIsoDate, type IsoDate } from '@payrail/domain/dates';
import { normalizeSignatureName, signatureMatchesName } from '@payrail/domain/esign/signature';
import { cents, formatUsd } from '@payrail/domain/money';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { fullNameOf } from '../../esignature/use-cases/prepare-note';
import type { ClientInfo } from '../../identity/client';
import type { MemberRow } from '../../../db/rows';
import { businessToday } from '../../../lib/business-clock';
import { renderPaymentPlanAgreement } from '../payment-plan-pdf';
import type { PaymentPlanRow } from '../payment-plans.repository';
import type { LoanRow } from '../repository';
import { signedFileBytes } from './loan-documents';
import { ownLoan } from './loan-position';
import { fingerprintOf, planFacts, planPdfFileName, planPdfUrl, quoteFrom, quoteWire, rowTermsOf } from './payment-plan-facts';
import { refreshLoanStatus } from './refresh-loan-status';

const notFound = () => new AppError('not_found', PAYMENT_PLAN_API_MSG.notFound);

/** The plan for the borrower: a proposal with its figures if signed today (or why it can no longer be signed), an accepted plan as signed. */
async function borrowerWire(ctx: AppContext, row: PaymentPlanRow, loan: LoanRow, today: IsoDate): Promise<TBorrowerPaymentPlan> {
  let quote: TPaymentPlanQuote | null = null;
  let refusal: string | null = null;
  if (row.status === 'proposed') {
    const f = await planFacts(ctx, loan);
    if (fingerprintOf(loan, f.entries, f.transactions) !== row.fingerprint) refusal = PAYMENT_PLAN_API_MSG.moved;
    else {
      const q = quoteFrom(loan, f.entries, f.transactions, rowTermsOf(row), { today, proposedOn: row.proposedOn });
      if (q.ok) quote = quoteWire(q.quote);
      else refusal = q.message;
    }
  } else if (row.status === 'accepted') quote = row.acceptedQuote as TPaymentPlanQuote;
  else refusal = row.status === 'expired' ? PAYMENT_PLAN_API_MSG.expired : PAYMENT_PLAN_API_MSG.notOpen;
  return {
    id: row.id,
    loan_id: row.loanId,
    loan_identifier: loan.identifier,
    status: row.status,
    proposed_on: row.proposedOn,
    expires_on: row.expiresOn,
    quote,
    refusal,
    agreement: { version: PAYMENT_PLAN_AGREEMENT.version, paragraphs: [...PAYMENT_PLAN_AGREEMENT.paragraphs] },
    signature_name: row.signatureName,
    signed_at: row.signedAt?.toISOString() ?? null,
    document: row.status === 'accepted' ? { id: row.id, file_name: planPdfFileName(loan, row.id), file_url: planPdfUrl(row.id) } : null,
  };
}

/** GET /dashboard/loans/{loanId}/payment_plans: the borrower's plans for their loan, newest first (another member's loan: 404). */
export async function borrowerPaymentPlans(ctx: AppContext, userId: number, loanId: number): Promise<TBorrowerPaymentPlans> {
  const loan = await ownLoan(ctx, userId, loanId);
  const today = await businessToday(ctx);
  await ctx.repos.paymentPlans.expireDue(today, ctx.now(), { loanId: loan.id });
  const rows = (await ctx.repos.paymentPlans.plansOfLoan(loan.id)).filter((r) => r.plan.status !== 'withdrawn');
  return { plans: await Promise.all(rows.map((r) => borrowerWire(ctx, r.plan, loan, today))) };
}

/** Where a signed agreement's bytes live: random, server-made (as the signed note's). */
function newStorageKey(): string {
  const id = randomBytes(16).toString('hex');
  return `esign/${id.slice(0, 2)}/${id}`;
}

/**
 * POST /dashboard/payment_plans/{id}/sign: the borrower signs the plan as quoted for today. Checks the
 * typed name is the borrower's legal name and the agreement, renders and stores the signed PDF, then the
 * loan book applies the plan under the loan's row lock — only if the plan is still open, nothing moved on
 * the loan since the proposal (money posted, payments on their way, the schedule) and the plan quoted again
 * under the lock is exactly what was signed. Otherwise 409 and nothing is written (the PDF is removed).
 */
export async function signPaymentPlan(
  ctx: AppContext,
  member: MemberRow,
  planId: number,
  body: TPaymentPlanSign,
  client: ClientInfo,
): Promise<TBorrowerPaymentPlan> {
  const row = await ctx.repos.paymentPlans.plan(planId);
  if (!row || row.userId !== member.id) throw notFound();
  const loan = await ownLoan(ctx, member.id, row.loanId);
  const today = await businessToday(ctx);
  await ctx.repos.paymentPlans.expireDue(today, ctx.now(), { loanId: loan.id });
  const fresh = (await ctx.repos.paymentPlans.plan(planId))!;
  if (fresh.status === 'expired') throw new AppError('conflict', PAYMENT_PLAN_API_MSG.expired);
  if (fresh.status !== 'proposed') throw new AppError('conflict', PAYMENT_PLAN_API_MSG.notOpen);
  const legalName = await fullNameOf(ctx, member.id);
  if (!signatureMatchesName(body.signature_name, legalName)) throw AppError.fields({ signature_name: [PAYMENT_PLAN_API_MSG.nameMismatch] });
  if (body.agree !== true) throw AppError.fields({ agree: [PAYMENT_PLAN_API_MSG.agree] });
  if (body.as_of !== today) throw new AppError('conflict', PAYMENT_PLAN_API_MSG.stale);

  const f = await planFacts(ctx, loan);
  if (fingerprintOf(loan, f.entries, f.transactions) !== row.fingerprint) throw new AppError('conflict', PAYMENT_PLAN_API_MSG.moved);
  const terms = rowTermsOf(row);
  const on = { today, proposedOn: row.proposedOn };
  const q = quoteFrom(loan, f.entries, f.transactions, terms, on);
  if (!q.ok) throw new AppError('conflict', q.message);
  const wire = quoteWire(q.quote);

  const signedAt = ctx.now();
  const signatureName = normalizeSignatureName(body.signature_name);
  const pdf = Buffer.from(
    await renderPaymentPlanAgreement({
      planId,
      loanNumber: loan.identifier,
      borrowerName: normalizeSignatureName(legalName),
      quote: wire,
      signature: { name: signatureName, signedAt, ip: client.ip },
    }),
  );
  const storageKey = newStorageKey();
  await ctx.providers.storage.put(storageKey, (await ctx.cryptoBox()).sealBytes(pdf, storageKey), 'application/octet-stream');
  const dropFile = () => ctx.providers.storage.delete(storageKey).catch(() => undefined);
  const first = q.quote.rows[0]!;
  const notification = `Your payment plan for loan ${loan.identifier} is in force: ${String(q.quote.installments)} payments from ${first.dueDate}, the first of ${formatUsd(cents(first.paymentCents))}. The signed agreement is in your loan's documents.`;

  let res;
  try {
    res = await ctx.repos.paymentPlans.accept(loan.id, planId, today, (locked) => {
      if (fingerprintOf(locked.loan, locked.entries, locked.transactions) !== locked.plan.fingerprint) return { ok: false, refusal: 'moved' as const };
      const again = quoteFrom(locked.loan, locked.entries, locked.transactions, terms, on);
      if (!again.ok || JSON.stringify(quoteWire(again.quote)) !== JSON.stringify(wire)) return { ok: false, refusal: 'moved' as const };
      const stored = again.quote.stored;
      return {
        ok: true,
        writes: {
          stored,
          installments: stored.rows.map((r) => ({
            n: r.n,
            dueDate: parseIsoDate(r.dueDate),
            paymentCents: cents(r.paymentCents),
            interestCents: cents(r.interestCents),
            principalCents: cents(r.principalCents),
            balanceCents: cents(r.balanceCents),
          })),
          waivers: again.quote.waivedFeeEntryIds.map((id) => ({ feeEntryId: id, amountCents: locked.entries.find((e) => e.id === id)!.amountCents })),
          effectiveDate: today,
          plan: {
            acceptedQuote: wire,
            signatureName,
            signedAt,
            ip: client.ip,
            userAgent: client.userAgent,
            agreementVersion: PAYMENT_PLAN_AGREEMENT.version,
            pdfStorageKey: storageKey,
            pdfSha256: createHash('sha256').update(pdf).digest('hex'),
            pdfByteSize: pdf.length,
          },
          notification,
          autoDebitAmountCents: cents(stored.paymentCents + stored.arrearsPerInstallmentCents),
          at: signedAt,
        },
      };
    });
  } catch (err) {
    await dropFile();
    throw err;
  }
  if (!res.ok) {
    await dropFile();
    throw new AppError('conflict', res.refusal === 'moved' ? PAYMENT_PLAN_API_MSG.moved : PAYMENT_PLAN_API_MSG.notOpen);
  }
  // A loan in default that is current on the plan is opened again.
  await refreshLoanStatus(ctx, loan.id);
  await ctx.providers.email.send({
    to: member.email,
    subject: 'Your Payrail payment plan is in force',
    text: `Hello,\n\n${notification}\n\nAnnual percentage rate: ${wire.apr}%. Amount financed: ${formatUsd(cents(wire.amount_financed))}. Finance charge: ${formatUsd(cents(wire.finance_charge))}. Total of payments: ${formatUsd(cents(wire.total_of_payments))}.\n\nPayrail`,
    meta: { template: 'payment_plan_signed', loan_identifier: loan.identifier, payment_plan_id: planId },
  });
  return borrowerWire(ctx, res.plan, (await ctx.repos.loanBook.loan(loan.id))!, today);
}

/** The loan's signed payment plans among its documents (GET /loans/{id}/documents). */
export async function paymentPlanDocuments(ctx: AppContext, loan: Pick<LoanRow, 'id' | 'identifier'>): Promise<TLoanDocument[]> {
  return (await ctx.repos.paymentPlans.acceptedOfLoan(loan.id)).map((p) => ({
    id: p.id,
    file_name: planPdfFileName(loan, p.id),
    file_url: planPdfUrl(p.id),
    file_size: p.pdfByteSize ?? 0,
    file_extension: 'pdf',
  }));
}

/** GET /loans/payment_plans/{id}/pdf: the borrower's own signed plan (another member's: 404). */
export async function borrowerPaymentPlanPdf(ctx: AppContext, userId: number, planId: number): Promise<{ fileName: string; bytes: Buffer }> {
  const row = await ctx.repos.paymentPlans.plan(planId);
  if (!row || row.userId !== userId || row.status !== 'accepted' || !row.pdfStorageKey || !row.pdfSha256 || row.pdfByteSize === null) throw notFound();
  const loan = await ownLoan(ctx, userId, row.loanId);
  const bytes = await signedFileBytes(
    ctx,
    { id: row.id, storageKey: row.pdfStorageKey, sha256: row.pdfSha256, byteSize: row.pdfByteSize },
    { source: 'payment_plan_agreement', id: row.id },
    'The signed payment plan is not available.',
  );
  return { fileName: planPdfFileName(loan, planId), bytes };
}
