import { PAYMENT_PLAN_KINDS, PAYMENT_PLAN_POLICY } from '@payrail/domain/loan/payment-plan';
import { z } from 'zod';
import { FIELD_MSG } from './messages';
import { ZCents } from './money';
import { isoDate, ZIsoDate } from './dates';

/**
 * Payment plans (issue #32, docs/payment-plans.md): a servicer proposes a restructure of a loan that is
 * past due or in hardship, the borrower reviews the re-disclosed schedule and e-signs it, the loan book
 * applies it to the schedule of record. Money in cents, dates ISO `YYYY-MM-DD`, rates percent text.
 */
export { PAYMENT_PLAN_KINDS, PAYMENT_PLAN_MSG, PAYMENT_PLAN_POLICY } from '@payrail/domain/loan/payment-plan';
export type { PaymentPlanKind } from '@payrail/domain/loan/payment-plan';

export const PAYMENT_PLAN_KIND_LABELS = {
  spread_past_due: 'Spread the past-due amount over the remaining payments',
  re_amortize: 'Re-amortise the balance over new payments',
} as const;

export const PAYMENT_PLAN_STATUSES = ['proposed', 'accepted', 'withdrawn', 'expired'] as const;
export type PaymentPlanStatus = (typeof PAYMENT_PLAN_STATUSES)[number];
export const PAYMENT_PLAN_STATUS_LABELS: Record<PaymentPlanStatus, string> = {
  proposed: 'Waiting for the borrower’s signature',
  accepted: 'Signed and in force',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
};

export const PAYMENT_PLAN_API_MSG = {
  notFound: 'Payment plan not found.',
  loanNotFound: 'Loan not found.',
  alreadyOpen: 'This loan already has a proposal waiting for the borrower. Withdraw it before proposing another.',
  notOpen: 'This payment plan is no longer waiting for a signature.',
  expired: 'This payment plan has expired. Your servicer can propose a new one.',
  moved:
    'Something was posted to this loan since the plan was proposed (a payment, a return or a payment on its way), so the plan no longer matches what is owed. Your servicer will propose a new plan.',
  stale: 'The figures of this plan changed since you opened it (the business day moved on). Please review the plan again and sign.',
  nameMismatch: 'Please type your full legal name as it appears on your loan.',
  agree: 'Please confirm that you agree to the payment plan.',
  withdrawReason: 'Please give the reason for withdrawing.',
} as const;

/** The text of the payment plan agreement the borrower signs (one source for the screen and the PDF). */
export const PAYMENT_PLAN_AGREEMENT = {
  version: 'payment-plan-2026-11',
  paragraphs: [
    'This payment plan changes the payment schedule of your loan. It does not lend you new money.',
    'From the effective date, the principal you owe is repaid by the installments below at the plan’s interest rate. The interest you owed on the effective date is spread over the installments without any further interest. Unpaid late fees are waived.',
    'If you pay by automatic debit, each debit from the effective date is the plan’s installment shown below, on its due date, from the account you authorized.',
    'If a payment of the plan is not made when due, it is past due as under your loan agreement, and the other terms of your loan agreement stay in force.',
    'You may pay more or pay off your loan at any time without penalty. Money beyond what is due pays the interest owed under the plan first, then principal.',
    'By typing your name and signing, you agree to this payment plan and to sign it electronically.',
  ],
} as const;

const ZId = z.coerce.number({ error: FIELD_MSG.invalid }).int(FIELD_MSG.invalid).positive(FIELD_MSG.invalid).max(2_147_483_647, FIELD_MSG.invalid);
/** A day the servicer or borrower types (the form's messages). */
const ZTypedDate = isoDate(FIELD_MSG.invalid, FIELD_MSG.blank);
const text = (min: number, max: number) =>
  z.string({ error: FIELD_MSG.blank }).trim().min(1, FIELD_MSG.blank).min(min, FIELD_MSG.tooShort(min)).max(max, FIELD_MSG.tooLong(max));

export const ZPaymentPlanKind = z.enum(PAYMENT_PLAN_KINDS, { error: FIELD_MSG.notIncluded });
export const ZPaymentPlanStatus = z.enum(PAYMENT_PLAN_STATUSES);

/** The terms a servicer previews and proposes. `installments`, `annual_rate_percent`, `first_due_date`: re-amortisation only. */
export const ZPaymentPlanTerms = z.object({
  kind: ZPaymentPlanKind,
  installments: z
    .number({ error: FIELD_MSG.invalid })
    .int(FIELD_MSG.invalid)
    .min(PAYMENT_PLAN_POLICY.minInstallments, FIELD_MSG.invalid)
    .max(PAYMENT_PLAN_POLICY.maxInstallments, FIELD_MSG.invalid)
    .optional(),
  annual_rate_percent: z.string().trim().max(12, FIELD_MSG.invalid).optional(),
  first_due_date: ZTypedDate.optional(),
});
export type TPaymentPlanTerms = z.infer<typeof ZPaymentPlanTerms>;
export const ZPaymentPlanProposal = ZPaymentPlanTerms.extend({ reason: text(10, 1000) });
export type TPaymentPlanProposal = z.infer<typeof ZPaymentPlanProposal>;
export const ZPaymentPlanWithdraw = z.object({ reason: text(5, 500) });
export type TPaymentPlanWithdraw = z.infer<typeof ZPaymentPlanWithdraw>;

export const ZPaymentPlanRow = z.object({
  n: z.number().int(),
  due_date: ZIsoDate,
  payment: ZCents,
  principal: ZCents,
  interest: ZCents,
  /** Part of the interest owed when the plan took over, without interest. */
  arrears: ZCents,
  fees: ZCents,
  balance: ZCents,
});
export type TPaymentPlanRow = z.infer<typeof ZPaymentPlanRow>;

/** A plan's figures (what is previewed, signed and applied) with the loan before it. */
export const ZPaymentPlanQuote = z.object({
  kind: ZPaymentPlanKind,
  effective_date: ZIsoDate,
  annual_rate_percent: z.string(),
  installments: z.number().int(),
  principal: ZCents,
  arrears: ZCents,
  fees_waived: ZCents,
  level_payment: ZCents,
  amount_financed: ZCents,
  finance_charge: ZCents,
  total_of_payments: ZCents,
  apr: z.string(),
  rows: z.array(ZPaymentPlanRow),
  before: z.object({
    payment_per_term: ZCents,
    days_past_due: z.number().int(),
    past_due: ZCents,
    payoff: ZCents,
    remaining_installments: z.number().int(),
    maturity_date: ZIsoDate,
    annual_rate_percent: z.string(),
  }),
});
export type TPaymentPlanQuote = z.infer<typeof ZPaymentPlanQuote>;

export const ZPaymentPlanDocument = z.object({ id: z.number().int(), file_name: z.string(), file_url: z.string() });

/** A plan as staff see it. */
export const ZPaymentPlan = z.object({
  id: z.number().int(),
  loan_id: z.number().int(),
  status: ZPaymentPlanStatus,
  kind: ZPaymentPlanKind,
  installments: z.number().int().nullable(),
  annual_rate_percent: z.string().nullable(),
  first_due_date: ZIsoDate.nullable(),
  reason: z.string(),
  proposed_on: ZIsoDate,
  expires_on: ZIsoDate,
  proposed_by: z.string(),
  proposed_quote: ZPaymentPlanQuote,
  accepted_quote: ZPaymentPlanQuote.nullable(),
  effective_date: ZIsoDate.nullable(),
  signature_name: z.string().nullable(),
  signed_at: z.string().nullable(),
  ip: z.string().nullable(),
  withdrawn_reason: z.string().nullable(),
  document: ZPaymentPlanDocument.nullable(),
});
export type TPaymentPlan = z.infer<typeof ZPaymentPlan>;

/** GET /api/backoffice/loans/{id}/payment_plans */
export const ZLoanPaymentPlans = z.object({
  loan_id: z.number().int(),
  loan_identifier: z.string(),
  business_date: ZIsoDate,
  /** Why no plan can be proposed now (null: one can). */
  refusal: z.string().nullable(),
  rate_in_force: z.string(),
  policy: z.object({
    expiry_days: z.number().int(),
    first_due_min_days: z.number().int(),
    first_due_max_days: z.number().int(),
    min_installments: z.number().int(),
    max_installments: z.number().int(),
  }),
  plans: z.array(ZPaymentPlan),
});
export type TLoanPaymentPlans = z.infer<typeof ZLoanPaymentPlans>;

export const ZLoanPlanParams = z.object({ id: ZId, planId: ZId });
export const ZPlanIdParams = z.object({ id: ZId });

/** A plan as the borrower sees it: for a proposal, the figures if signed today. */
export const ZBorrowerPaymentPlan = z.object({
  id: z.number().int(),
  loan_id: z.number().int(),
  loan_identifier: z.string(),
  status: ZPaymentPlanStatus,
  proposed_on: ZIsoDate,
  expires_on: ZIsoDate,
  /** Proposed: the plan if signed today (null when it can no longer be signed: see `refusal`). Accepted: as signed. */
  quote: ZPaymentPlanQuote.nullable(),
  refusal: z.string().nullable(),
  agreement: z.object({ version: z.string(), paragraphs: z.array(z.string()) }),
  signature_name: z.string().nullable(),
  signed_at: z.string().nullable(),
  document: ZPaymentPlanDocument.nullable(),
});
export type TBorrowerPaymentPlan = z.infer<typeof ZBorrowerPaymentPlan>;
export const ZBorrowerPaymentPlans = z.object({ plans: z.array(ZBorrowerPaymentPlan) });
export type TBorrowerPaymentPlans = z.infer<typeof ZBorrowerPaymentPlans>;

/** POST /api/dashboard/payment_plans/{id}/sign: `as_of` is the effective date of the figures the borrower reviewed. */
export const ZPaymentPlanSign = z.object({
  signature_name: text(1, 200),
  agree: z.boolean({ error: FIELD_MSG.invalid }),
  as_of: ZTypedDate,
});
export type TPaymentPlanSign = z.infer<typeof ZPaymentPlanSign>;
