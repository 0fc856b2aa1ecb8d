/**
 * Employment verification by the employer (the employer portal's Verifications page): underwriting asks
 * the applicant's employer; the employer answers with the employment status (and, optionally, hire date,
 * pay frequency and an income range). Unanswered within {@link VERIFICATION_FALLBACK_BUSINESS_DAYS}
 * business days, the request falls back to the manual review (staff verify as before).
 */
import { addBusinessDays } from '../calendar';
import type { IsoDate } from '../dates';
import { FREQUENCIES } from '../loan/frequency';

/** Business days an employer has to answer before the request falls back to the manual review. */
export const VERIFICATION_FALLBACK_BUSINESS_DAYS = 3;

/** What the employer can answer. */
export const EMPLOYMENT_STATUSES = ['active', 'terminated', 'on_leave', 'not_found'] as const;
export type EmploymentStatus = (typeof EMPLOYMENT_STATUSES)[number];

/** Pay frequencies an employer can state: every installment frequency. */
export const VERIFIED_PAY_FREQUENCIES = FREQUENCIES;

/** Annual income ranges an employer can state (never an exact figure). */
export const INCOME_RANGES = ['under_25k', '25k_50k', '50k_75k', '75k_100k', '100k_plus'] as const;
export type IncomeRange = (typeof INCOME_RANGES)[number];

/** Labels of the income ranges. */
export const INCOME_RANGE_LABELS: Readonly<Record<IncomeRange, string>> = {
  under_25k: 'Under $25,000',
  '25k_50k': '$25,000 – $49,999',
  '50k_75k': '$50,000 – $74,999',
  '75k_100k': '$75,000 – $99,999',
  '100k_plus': '$100,000 or more',
};

/** Labels of the employment statuses. */
export const EMPLOYMENT_STATUS_LABELS: Readonly<Record<EmploymentStatus, string>> = {
  active: 'Actively employed',
  terminated: 'No longer employed',
  on_leave: 'On leave',
  not_found: 'Not an employee',
};

/** Where a request stands: waiting for the employer, answered, or expired (fell back to the manual review). */
export const VERIFICATION_STATES = ['open', 'answered', 'expired'] as const;
export type VerificationState = (typeof VERIFICATION_STATES)[number];

/** The last day the employer can answer a request made on `requestedOn`. */
export function verificationDueOn(requestedOn: IsoDate): IsoDate {
  return addBusinessDays(requestedOn, VERIFICATION_FALLBACK_BUSINESS_DAYS);
}

/** A request's state on `today` (computed on read: no job marks it). */
export function verificationState(v: { readonly requestedOn: IsoDate; readonly answered: boolean }, today: IsoDate): VerificationState {
  if (v.answered) return 'answered';
  return today > verificationDueOn(v.requestedOn) ? 'expired' : 'open';
}

/**
 * Whether an employer's answer stops an approval, and why (shown to the underwriter): the employer says
 * the applicant does not work there (`not_found`) or no longer does (`terminated`). Null: no block.
 */
export function verificationBlocksApproval(status: EmploymentStatus | null, employerName: string): string | null {
  if (status === 'terminated')
    return `${employerName} answered the employment verification: the applicant is no longer employed there. The application cannot be approved.`;
  if (status === 'not_found')
    return `${employerName} answered the employment verification: the applicant is not an employee there. The application cannot be approved.`;
  return null;
}

/** Whether an answer confirms the employment (clears the typed-in employer review for that employer). */
export function verificationConfirmsEmployment(status: EmploymentStatus | null): boolean {
  return status === 'active';
}
