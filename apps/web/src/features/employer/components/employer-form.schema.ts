import { z } from 'zod';
import { INCOME_SOURCES, ZChangeIncomeSourceRequest, ZEmployerSelectedRequest, ZNewEmployerRequest } from '@payrail/contract/application';
import type { TChangeIncomeSourceRequest, TEmployerSelectedRequest, TNewEmployerRequest } from '@payrail/contract/application';
import { confirmBlocker, isPartner } from '../lib/employer-rules';
import type { EmployerAnswers } from '../lib/employer-rules';

/**
 * The rules of the employer step (spec §2, §4, §5). Confirm is gated by `confirmBlocker`
 * (`../lib/employer-rules.ts`); what Confirm sends is the server's own request schemas from the
 * contract: a new employer (`ZNewEmployerRequest`), then `ZEmployerSelectedRequest` for Employed or
 * `ZChangeIncomeSourceRequest` for any other source. The server answers any refusal on the field.
 */
export { EMPLOYEE_ID_MAX, SHORT_TENURE, confirmBlocker, isPartner } from '../lib/employer-rules';
export type { EmployerAnswers } from '../lib/employer-rules';

/**
 * The step's form (`Form` from the kit): the answers as the borrower gives them; Confirm is accepted only
 * when `confirmBlocker` has nothing to say (its reason is the form's `root.blocker` error). The active-duty
 * answer may still be empty: Confirm then asks it (the server's "can't be blank").
 */
export const employerFormSchema = z
  .object({
    incomeSource: z.enum(INCOME_SOURCES).nullable(),
    employer: z.object({ id: z.number(), name: z.string(), partnership: z.string().nullable() }).nullable(),
    notListed: z.boolean(),
    newEmployer: z.object({ name: z.string(), paymentFrequency: z.string(), paymentDate: z.string() }),
    employeeId: z.string(),
    workingTimeRange: z.string().nullable(),
    militaryActive: z.boolean().nullable(),
  })
  .superRefine((answers, ctx) => {
    const blocker = confirmBlocker(answers);
    if (blocker) ctx.addIssue({ code: 'custom', message: blocker, path: ['root', 'blocker'] });
  });
export type EmployerFormValues = z.infer<typeof employerFormSchema>;

/** POST /employers: the employer typed in as "not listed". */
export function newEmployerRequest(answers: Pick<EmployerAnswers, 'newEmployer'>): TNewEmployerRequest {
  const { name, paymentFrequency, paymentDate } = answers.newEmployer;
  return ZNewEmployerRequest.parse({ employer: { name, paymentFrequency, paymentDate } });
}

/** PATCH /employer_selected: the employer, a partner's employee id, the time range and the active-duty answer. */
export function employerSelectedRequest(answers: EmployerAnswers, employerId: number): TEmployerSelectedRequest {
  const partner = !answers.notListed && isPartner(answers.employer);
  return ZEmployerSelectedRequest.parse({
    loan_borrower: {
      employer_id: employerId,
      ...(partner ? { employee_id: answers.employeeId.trim() } : {}),
      working_time_range: answers.workingTimeRange,
      ...(answers.militaryActive !== null ? { military_active: answers.militaryActive } : {}),
    },
  });
}

/** POST /change_income_source: a source other than Employed and the time range. */
export function incomeSourceRequest(answers: EmployerAnswers): TChangeIncomeSourceRequest {
  return ZChangeIncomeSourceRequest.parse({ income_source: answers.incomeSource, working_time_range: answers.workingTimeRange });
}
