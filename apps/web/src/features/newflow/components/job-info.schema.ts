import { z } from 'zod';
import { MSG } from '@payrail/contract/messages';
import { moneyInput } from '@payrail/ui/money-field';

/** The employer of job_info: one picked from the search, or "not on the list" (the server's other-employer id). */
export type PickedEmployer = { kind: 'listed'; id: number; name: string } | { kind: 'other'; id: number };

export const EMPLOYER_NEEDED = 'Choose your employer, or tell us it is not on the list.';

/** Whole dollars as typed (digits), read as integer cents by the kit's money reader; empty is "can't be blank". */
const dollars = () => moneyInput({ message: MSG.required });
const chosen = () => z.string().min(1, MSG.required);

/**
 * job_info (newflow §2, §3, §5): the employer (search or "not on the list"), employment status, pay frequency,
 * tenure and both annual incomes, all required. Out comes the step's body, the incomes in cents.
 */
export const jobInfoSchema = z
  .object({
    employer_id: z
      .custom<PickedEmployer | null>()
      .refine((picked) => picked !== null && picked !== undefined, EMPLOYER_NEEDED)
      .transform((picked) => picked as PickedEmployer),
    employment_status: chosen(),
    payment_frequency: chosen(),
    working_time_range: chosen(),
    annual_income: dollars(),
    annual_household_income: dollars(),
  })
  .transform(({ employer_id, ...answers }) => ({
    workflow_status_key: 'job_info' as const,
    loan_borrower: { employer_id: employer_id.id, ...answers },
  }));
export type JobInfoAnswers = z.input<typeof jobInfoSchema>;
