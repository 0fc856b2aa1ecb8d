import { z } from 'zod';
import { MSG } from '@payrail/contract/messages';
import { PAYROLL_SERVICE_OTHER } from '@payrail/contract/newflow';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** The answers of employer_info under their wire names (payroll_service_other: the name typed for Other). */
const ANSWERS = [
  'name',
  'first_name',
  'middle_initial',
  'last_name',
  'work_email',
  'phone',
  'payroll_service',
  'payroll_service_other',
  'multiple_paycheck',
] as const;
const REQUIRED = ['name', 'first_name', 'last_name', 'work_email', 'phone', 'payroll_service', 'multiple_paycheck'] as const;

/**
 * employer_info (newflow §2, §5): every answer required but the middle initial ("can't be blank"), a work
 * e-mail that looks like one, the payroll service's name when it is Other. Out comes the step's body:
 * the employer and the borrower's contact there, trimmed.
 */
export const employerInfoSchema = z
  .object(Object.fromEntries(ANSWERS.map((answer) => [answer, z.string()])) as Record<(typeof ANSWERS)[number], z.ZodString>)
  .superRefine((a, ctx) => {
    for (const answer of REQUIRED) if (!a[answer].trim()) ctx.addIssue({ code: 'custom', message: MSG.required, path: [answer] });
    if (a.work_email && !EMAIL.test(a.work_email.trim())) ctx.addIssue({ code: 'custom', message: MSG.invalidEmail, path: ['work_email'] });
    if (a.payroll_service === PAYROLL_SERVICE_OTHER && !a.payroll_service_other.trim())
      ctx.addIssue({ code: 'custom', message: MSG.required, path: ['payroll_service_other'] });
  })
  .transform((a) => ({
    workflow_status_key: 'employer_info' as const,
    employer: {
      name: a.name.trim(),
      multiple_paycheck: a.multiple_paycheck,
      payroll_service: a.payroll_service === PAYROLL_SERVICE_OTHER ? a.payroll_service_other.trim() : a.payroll_service,
      work_email: a.work_email.trim(),
    },
    loan_borrower: { phone: a.phone.trim(), first_name: a.first_name.trim(), last_name: a.last_name.trim(), middle_initial: a.middle_initial.trim() },
  }));
export type EmployerInfoAnswers = z.input<typeof employerInfoSchema>;
export const employerInfoDefaults = (): EmployerInfoAnswers => Object.fromEntries(ANSWERS.map((answer) => [answer, ''])) as EmployerInfoAnswers;
