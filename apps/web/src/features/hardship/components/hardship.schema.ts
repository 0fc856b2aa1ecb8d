import { HARDSHIP_RULES, ZHardshipAnswer, ZHardshipReason, ZHardshipSubmit } from '@payrail/contract/hardship';
import { moneyInput } from '@payrail/ui/money-field';
import { z } from 'zod';

/** The hardship forms' own messages (the server's replace them when it answers). */
export const HARDSHIP_FORM_MSG = {
  reason: 'Choose the reason.',
  descriptionShort: `Tell us a little more (at least ${HARDSHIP_RULES.descriptionMin} characters).`,
  descriptionLong: `Keep it under ${HARDSHIP_RULES.descriptionMax} characters.`,
  deferPayments: 'Choose how many payments to defer.',
  income: 'Enter an amount in dollars, like 2,500.',
  expenses: 'Enter an amount in dollars, like 1,800.',
  answer: 'Write your answer.',
} as const;

/** The request's body but its documents. */
const ZHardshipSubmitFields = ZHardshipSubmit.omit({ document_ids: true });

/** The monthly amounts take up to seven dollar digits ($9,999,999.99); the server checks the range. */
const MONTHLY_MAX_CENTS = 999_999_999;

/**
 * The hardship request form (docs/hardship.md) into POST …/hardship_requests: the reason and plan as their
 * select and radio values, the description trimmed, the monthly amounts typed in dollars (empty: null).
 * The documents are uploaded on their own and added to the body at submit.
 */
export const hardshipFormSchema = z
  .object({
    reason: z.string().min(1, HARDSHIP_FORM_MSG.reason).pipe(ZHardshipReason),
    description: z
      .string()
      .trim()
      .min(HARDSHIP_RULES.descriptionMin, HARDSHIP_FORM_MSG.descriptionShort)
      .max(HARDSHIP_RULES.descriptionMax, HARDSHIP_FORM_MSG.descriptionLong),
    defer_payments: z
      .string()
      .min(1, HARDSHIP_FORM_MSG.deferPayments)
      .transform((value) => Number(value)),
    waive_late_fees: z.boolean(),
    monthly_income: moneyInput({ optional: true, message: HARDSHIP_FORM_MSG.income, max: MONTHLY_MAX_CENTS }),
    monthly_expenses: moneyInput({ optional: true, message: HARDSHIP_FORM_MSG.expenses, max: MONTHLY_MAX_CENTS }),
  })
  .transform((values): z.input<typeof ZHardshipSubmitFields> => values)
  .pipe(ZHardshipSubmitFields);

export type HardshipFormInput = z.input<typeof hardshipFormSchema>;
export type HardshipFormValues = z.output<typeof hardshipFormSchema>;

/** The answer to staff's question into POST …/answer (its documents are added at submit). */
export const hardshipAnswerSchema = z.object({ message: z.string().trim().min(1, HARDSHIP_FORM_MSG.answer) }).pipe(ZHardshipAnswer.pick({ message: true }));

export type HardshipAnswerInput = z.input<typeof hardshipAnswerSchema>;
export type HardshipAnswerValues = z.output<typeof hardshipAnswerSchema>;
