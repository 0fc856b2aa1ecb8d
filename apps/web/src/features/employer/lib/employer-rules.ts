import type { IncomeSource } from '@payrail/contract/application';

/** The range the program refuses (spec §5): less than a year at the current job. */
export const SHORT_TENURE = 'Less than 1 year';

/** Most characters of a partner employer's employee id (spec §2). */
export const EMPLOYEE_ID_MAX = 30;

export interface EmployerAnswers {
  incomeSource: IncomeSource | null;
  /** A listed employer picked from the search. */
  employer: { id: number; partnership: string | null } | null;
  notListed: boolean;
  newEmployer: { name: string; paymentFrequency: string; paymentDate: string };
  employeeId: string;
  workingTimeRange: string | null;
  militaryActive: boolean | null;
}

export const isPartner = (employer: EmployerAnswers['employer']) => employer?.partnership === 'b2b_partner';

/** A complete MM/DD/YYYY date. */
export const isCompleteDate = (value: string) => /^\d{2}\/\d{2}\/\d{4}$/.test(value);

/**
 * Why Confirm is disabled, or null when it may be pressed — exactly spec §5: Employed needs a chosen
 * employer or a complete new one (name, frequency, date), a partner employer needs the employee id;
 * every source needs a working time range. "Less than 1 year" and active duty do not disable it: the
 * server refuses them on Confirm, with its text on the field.
 */
export function confirmBlocker(a: EmployerAnswers): string | null {
  if (!a.incomeSource) return 'Choose your source of income.';
  if (a.incomeSource === 'Employed') {
    if (a.notListed) {
      const { name, paymentFrequency, paymentDate } = a.newEmployer;
      if (!name.trim() || !paymentFrequency || !isCompleteDate(paymentDate)) return 'Enter your employer’s name, payment frequency and last paycheck date.';
    } else if (!a.employer) {
      return 'Search for and choose your employer, or tick “My employer is not listed”.';
    } else if (isPartner(a.employer) && !a.employeeId.trim()) {
      return 'Enter your employee id.';
    }
  }
  if (!a.workingTimeRange) return 'Choose how long you have worked at your current job.';
  return null;
}
