import { DEBIT_EFFECT_KINDS, OPEN_DEBIT_STATUSES } from '@payrail/domain/servicing/payoff-letter';
import { PAY_DATE_STATUSES } from '@payrail/domain/servicing/repayment-tracker';
import { z } from 'zod';
import { ZCents } from './money';
import { ZIsoDate } from './dates';

/**
 * Borrower tools beyond the spec (issue #13): the payoff letter, the what-if simulator and the
 * repayment tracker. Same wire units as `servicing.ts`: money in integer cents, dates ISO `YYYY-MM-DD`.
 */

// ── Payoff letter ──────────────────────────────────────────────────────────────────────────────────

/** A debit not yet final and what it would do to the letter's payoff amount (see domain payoff-letter). */
export const ZPayoffLetterDebit = z.object({
  id: z.number().int(),
  /** `scheduled`: not sent yet; `pending`: sent, the bank can still return it. */
  status: z.enum(OPEN_DEBIT_STATUSES),
  date: ZIsoDate,
  amount: ZCents,
  /** `lowers` (collected by the good-through date), `raises` (if returned), `after` (after the date: no change). */
  effect: z.enum(DEBIT_EFFECT_KINDS),
  change: ZCents,
  payoff_if: ZCents,
  /** One sentence for the borrower. */
  explanation: z.string(),
});
export type TPayoffLetterDebit = z.infer<typeof ZPayoffLetterDebit>;

/** Where payoff funds go. */
export const ZPayoffFundsInstructions = z.object({
  /** Paying from the dashboard (ACH or debit card). */
  online: z.string(),
  wire: z.object({ bank_name: z.string(), routing_number: z.string(), account_number: z.string(), account_name: z.string(), reference: z.string() }),
  mail: z.object({ payee: z.string(), address_lines: z.array(z.string()), memo: z.string() }),
});

/** GET /loans/{loanId}/payoff_letter/{date}: the letter's figures (the PDF is `…/pdf`). */
export const ZPayoffLetterResponse = z.object({
  loan_id: z.number().int(),
  loan_number: z.string(),
  borrower_name: z.string(),
  /** The day the letter is issued (servicing's business date). */
  letter_date: ZIsoDate,
  good_through: ZIsoDate,
  payoff_amount: ZCents,
  principal: ZCents,
  interest: ZCents,
  fees: ZCents,
  per_diem: ZCents,
  pending_debits: z.array(ZPayoffLetterDebit),
  send_funds: ZPayoffFundsInstructions,
});
export type TPayoffLetterResponse = z.infer<typeof ZPayoffLetterResponse>;

// ── What-if simulator ──────────────────────────────────────────────────────────────────────────────

export const WHAT_IF_MSG = {
  nothingToSimulate: 'Enter an extra one-time payment or an extra amount with every payment.',
  amountInvalid: 'Each extra amount must be from $1.00 to $99,999.99.',
  dateInvalid: 'Each extra payment needs a valid date (YYYY-MM-DD).',
  dateInPast: 'An extra payment cannot be dated before today.',
  tooMany: 'Simulate at most 12 one-time payments at once.',
  loanClosed: 'This loan is closed: there is nothing left to simulate.',
} as const;

const ZLoose = z.unknown().optional();
/** POST /loans/{loanId}/what_if. Loose on the wire: the use case answers 422 `{ error_messages }` with every problem. */
export const ZWhatIfRequest = z.object({
  /** `[{ date, amount }]`, amount in cents. */
  one_time: ZLoose,
  /** `{ amount, from? }`, amount in cents, added to every installment due from `from` (default today). */
  recurring: ZLoose,
});
export interface WhatIfRequestBody {
  one_time?: { date: string; amount: number }[];
  recurring?: { amount: number; from?: string } | null;
}

export const ZWhatIfProjection = z.object({
  payoff_date: ZIsoDate,
  interest: ZCents,
  total_paid: ZCents,
  installments: z.number().int(),
  /** Principal after each payment date, from today. */
  points: z.array(z.object({ date: ZIsoDate, principal: ZCents })),
});
export type TWhatIfProjection = z.infer<typeof ZWhatIfProjection>;

export const ZWhatIfResponse = z.object({
  loan_id: z.number().int(),
  as_of: ZIsoDate,
  payment_per_term: ZCents,
  baseline: ZWhatIfProjection,
  scenario: ZWhatIfProjection,
  interest_saved: ZCents,
  days_sooner: z.number().int(),
  installments_fewer: z.number().int(),
});
export type TWhatIfResponse = z.infer<typeof ZWhatIfResponse>;

// ── Repayment tracker (payroll allotments) ─────────────────────────────────────────────────────────

export { PAY_DATE_STATUSES };

export const ZPayDateRow = z.object({
  n: z.number().int(),
  pay_date: ZIsoDate,
  expected: ZCents,
  received: ZCents,
  in_suspense: ZCents,
  status: z.enum(PAY_DATE_STATUSES),
  reason: z.string().nullable(),
  action: z.string().nullable(),
});
export type TPayDateRow = z.infer<typeof ZPayDateRow>;

/** GET /loans/{loanId}/repayment_tracker. `payroll` false (and no rows) when the loan is not repaid by allotment. */
export const ZRepaymentTrackerResponse = z.object({
  loan_id: z.number().int(),
  payroll: z.boolean(),
  employer: z.string().nullable(),
  as_of: ZIsoDate,
  pay_dates: z.array(ZPayDateRow),
});
export type TRepaymentTrackerResponse = z.infer<typeof ZRepaymentTrackerResponse>;
