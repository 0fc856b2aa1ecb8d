import { isIsoDate } from '@payrail/domain/dates';
import { DEDUCTION_CHANGES, DEDUCTION_FILE_COLUMNS } from '@payrail/domain/employer/deduction-file';
import { z } from 'zod';
import { FIELD_MSG } from './messages';
import { PAY_FREQUENCIES } from './reference';
import { ZCents } from './money';
import { isoDate, ZIsoDate } from './dates';

/**
 * Employer portal — deductions and employee changes (issue #31, docs/employer-portal.md). Only what a
 * payroll deduction needs: employee name and id, the deduction per pay period, pay dates. Money in
 * cents (the CSV file is in dollars), dates ISO `YYYY-MM-DD`. Every answer is a strict object.
 */
export { DEDUCTION_CHANGES, DEDUCTION_FILE_COLUMNS };
export type { DeductionChange } from '@payrail/domain/employer/deduction-file';

export const EMPLOYEE_CHANGE_KINDS = ['termination', 'leave', 'pay_frequency'] as const;
export type EmployeeChangeKind = (typeof EMPLOYEE_CHANGE_KINDS)[number];
export const EMPLOYEE_CHANGE_KIND_LABELS: Record<EmployeeChangeKind, string> = {
  termination: 'Termination',
  leave: 'Leave of absence',
  pay_frequency: 'Pay frequency change',
};

export { PAY_FREQUENCIES } from './reference';

/** What servicing did with a reported change. */
export const EMPLOYEE_CHANGE_OUTCOMES = ['ach_auto_debit', 'manual_payment', 'paused', 'servicer_review'] as const;
export type EmployeeChangeOutcome = (typeof EMPLOYEE_CHANGE_OUTCOMES)[number];
export const EMPLOYEE_CHANGE_OUTCOME_LABELS: Record<EmployeeChangeOutcome, string> = {
  ach_auto_debit: 'Payroll deduction ended; the borrower now repays by automatic bank debit.',
  manual_payment: 'Payroll deduction ended; the borrower now repays directly.',
  paused: 'Payroll deduction paused for the leave.',
  servicer_review: 'Recorded; our servicing team will contact the borrower about the new schedule.',
};

export const DEDUCTION_CHANGE_LABELS = { new: 'New', changed: 'Changed', ended: 'Ended', unchanged: 'Unchanged' } as const;

export const EMPLOYER_DEDUCTIONS_MSG = {
  employeeNotFound: 'No employee with an active payroll deduction has this employee id.',
  employeeAmbiguous: 'More than one borrower has this employee id. Please contact Payrail servicing to report this change.',
  leaveEndRequired: 'Please give the last day of the leave.',
  leaveEndBeforeStart: 'The last day of the leave must be on or after its first day.',
  leaveTooLong: 'A leave can be reported for at most one year. Please report a termination instead if the employee will not return.',
  newFrequencyRequired: 'Please choose the new pay frequency.',
  terminationAhead: "Please report a termination on or after its effective date (the employee's last day on payroll): until then payroll keeps deducting.",
  effectiveTooOld: 'The effective date is more than 90 days ago. Please contact Payrail servicing to report an older change.',
  effectiveTooFar: 'The effective date is more than one year ahead.',
  changeConflict: 'This change was already reported for this employee and date with different details. Please contact Payrail servicing to correct it.',
} as const;

/** A typed day: trimmed, then a real `YYYY-MM-DD` date (the form's messages). */
const ZTypedDate = z.string({ error: FIELD_MSG.blank }).trim().pipe(isoDate(FIELD_MSG.invalid, FIELD_MSG.blank));

/** GET /api/employer_portal/deductions: the employees with an active payroll deduction. */
export const ZDeductionEmployee = z.strictObject({
  employee_id: z.string(),
  employee_name: z.string(),
  /** The installment deducted each pay period (the next one still to deduct). */
  deduction: ZCents,
  first_pay_date: ZIsoDate,
  last_pay_date: ZIsoDate,
  /** The next pay date this employee is deducted on (null: none left, or paused until the leave ends). */
  next_pay_date: ZIsoDate.nullable(),
  /** A leave in progress or ahead: its first and last day. */
  paused_from: z.string().nullable(),
  paused_to: z.string().nullable(),
});
export type TDeductionEmployee = z.infer<typeof ZDeductionEmployee>;
export const ZDeductionEmployees = z.strictObject({
  as_of: ZIsoDate,
  pay_frequency: z.enum(PAY_FREQUENCIES),
  employees: z.array(ZDeductionEmployee),
});
export type TDeductionEmployees = z.infer<typeof ZDeductionEmployees>;

export const ZDeductionFileQuery = z.object({ pay_date: ZTypedDate.optional() });
export type TDeductionFileQuery = z.infer<typeof ZDeductionFileQuery>;

export const ZDeductionFileLine = z.strictObject({
  employee_id: z.string(),
  employee_name: z.string(),
  deduction: ZCents,
  previous_deduction: ZCents,
  change: z.enum(DEDUCTION_CHANGES),
});
export type TDeductionFileLine = z.infer<typeof ZDeductionFileLine>;

/** GET /api/employer_portal/deduction_file?pay_date= (default: the next payroll on or after the business date). */
export const ZDeductionFile = z.strictObject({
  as_of: ZIsoDate,
  /** Null: no payroll deduction is due on or after the business date. */
  pay_date: ZIsoDate.nullable(),
  previous_pay_date: ZIsoDate.nullable(),
  /** Deducted lines by name, then the employees ended since the previous pay date (deduction 0). */
  lines: z.array(ZDeductionFileLine),
  changes: z.strictObject({ new: z.number().int(), changed: z.number().int(), ended: z.number().int(), unchanged: z.number().int() }),
  total: ZCents,
  /** The CSV's file name (`deductions-YYYY-MM-DD.csv`), null without a pay date. */
  file_name: z.string().nullable(),
});
export type TDeductionFile = z.infer<typeof ZDeductionFile>;

/** POST /api/employer_portal/changes */
export const ZEmployeeChangeRequest = z
  .object({
    employee_id: z.string({ error: FIELD_MSG.blank }).trim().min(1, FIELD_MSG.blank).max(64, FIELD_MSG.tooLong(64)),
    kind: z.enum(EMPLOYEE_CHANGE_KINDS, { error: FIELD_MSG.notIncluded }),
    effective_date: ZTypedDate,
    leave_end_date: ZTypedDate.optional().nullable(),
    new_pay_frequency: z.enum(PAY_FREQUENCIES, { error: FIELD_MSG.notIncluded }).optional().nullable(),
  })
  .superRefine((v, c) => {
    if (v.kind === 'leave') {
      if (!v.leave_end_date) c.addIssue({ code: 'custom', path: ['leave_end_date'], message: EMPLOYER_DEDUCTIONS_MSG.leaveEndRequired });
      else if (isIsoDate(v.effective_date) && v.leave_end_date < v.effective_date)
        c.addIssue({ code: 'custom', path: ['leave_end_date'], message: EMPLOYER_DEDUCTIONS_MSG.leaveEndBeforeStart });
    }
    if (v.kind === 'pay_frequency' && !v.new_pay_frequency)
      c.addIssue({ code: 'custom', path: ['new_pay_frequency'], message: EMPLOYER_DEDUCTIONS_MSG.newFrequencyRequired });
  });
export type TEmployeeChangeRequest = z.infer<typeof ZEmployeeChangeRequest>;

/** A reported change as the employer and the back office both read it: what changed, and what servicing did. */
const employeeChangeFields = {
  kind: z.enum(EMPLOYEE_CHANGE_KINDS),
  effective_date: ZIsoDate,
  leave_end_date: ZIsoDate.nullable(),
  new_pay_frequency: z.enum(PAY_FREQUENCIES).nullable(),
  outcome: z.enum(EMPLOYEE_CHANGE_OUTCOMES),
  /** What the outcome means, in a sentence. */
  outcome_label: z.string(),
};

export const ZEmployeeChange = z.strictObject({
  id: z.number().int(),
  employee_id: z.string(),
  employee_name: z.string(),
  ...employeeChangeFields,
  reported_at: z.string(),
  reported_by: z.string().nullable(),
});
export type TEmployeeChange = z.infer<typeof ZEmployeeChange>;
export const ZEmployeeChanges = z.strictObject({ changes: z.array(ZEmployeeChange) });
export type TEmployeeChanges = z.infer<typeof ZEmployeeChanges>;

// ── Back office: the changes employers reported, and the open servicer tasks (pay-frequency changes) ──

export const SERVICER_TASK_STATUSES = ['open', 'done'] as const;

/** GET /api/backoffice/employee_changes?status=open|all&employer_id= (capability `read`). */
export const ZBackofficeEmployeeChangesQuery = z.object({
  status: z.enum(['open', 'all'], { error: FIELD_MSG.notIncluded }).optional(),
  employer_id: z.coerce
    .number({ error: FIELD_MSG.invalid })
    .int(FIELD_MSG.invalid)
    .positive(FIELD_MSG.invalid)
    .max(2_147_483_647, FIELD_MSG.invalid)
    .optional(),
});
export const ZBackofficeEmployeeChange = z.strictObject({
  id: z.number().int(),
  employer_id: z.number().int(),
  employer_name: z.string(),
  user_id: z.number().int(),
  borrower_name: z.string(),
  employee_id: z.string(),
  ...employeeChangeFields,
  loan_ids: z.array(z.number().int()),
  /** `open`: a servicer must act (a pay-frequency change: align the schedule with the borrower); null: nothing to do. */
  servicer_status: z.enum(SERVICER_TASK_STATUSES).nullable(),
  reported_at: z.string(),
});
export type TBackofficeEmployeeChange = z.infer<typeof ZBackofficeEmployeeChange>;
export const ZBackofficeEmployeeChanges = z.strictObject({ changes: z.array(ZBackofficeEmployeeChange) });
export type TBackofficeEmployeeChanges = z.infer<typeof ZBackofficeEmployeeChanges>;

/** POST /api/backoffice/employee_changes/{id}/done (capability `restructure`): what the servicer did. */
export const ZEmployeeChangeDone = z.object({
  note: z.string({ error: FIELD_MSG.blank }).trim().min(1, FIELD_MSG.blank).min(5, FIELD_MSG.tooShort(5)).max(1000, FIELD_MSG.tooLong(1000)),
});
export type TEmployeeChangeDone = z.infer<typeof ZEmployeeChangeDone>;
export const EMPLOYEE_CHANGE_TASK_MSG = { notFound: 'Employee change not found.', notOpen: 'This change has no open servicer task.' } as const;
