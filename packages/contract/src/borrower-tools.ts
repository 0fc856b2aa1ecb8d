import { z } from 'zod';

/**
 * Borrower tools beyond the spec (issue #13): the payoff letter, the what-if simulator and the
 * repayment tracker. Same wire units as `servicing.ts`: money in integer cents, dates ISO `YYYY-MM-DD`.
 */

// ── Payoff letter ──────────────────────────────────────────────────────────────────────────────────

/** A debit not yet final and what it would do to the letter's payoff amount (see domain payoff-letter). */
export const ZPayoffLetterDebit = z.object({
  id: z.number().int(),
  /** `scheduled`: not sent yet; `pending`: sent, the bank can still return it. */
  status: z.enum(['scheduled', 'pending']),
  date: z.string(),
  amount: z.number().int(),
  /** `lowers` (collected by the good-through date), `raises` (if returned), `after` (after the date: no change). */
  effect: z.enum(['lowers', 'raises', 'after']),
  change: z.number().int(),
  payoff_if: z.number().int(),
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
  letter_date: z.string(),
  good_through: z.string(),
  payoff_amount: z.number().int(),
  principal: z.number().int(),
  interest: z.number().int(),
  fees: z.number().int(),
  per_diem: z.number().int(),
  pending_debits: z.array(ZPayoffLetterDebit),
  send_funds: ZPayoffFundsInstructions,
});
export type TPayoffLetterResponse = z.infer<typeof ZPayoffLetterResponse>;
