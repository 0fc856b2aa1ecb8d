import { REFERRAL_CODE_MIN_EXCLUSIVE } from '@payrail/contract/identity-rules';
import { MSG } from '@payrail/contract/messages';
import type { TNewflowSignupRequest } from '@payrail/contract/newflow';
import {
  NEWFLOW_LOAN_REQUEST_RANGE_CENTS,
  NEWFLOW_LOAN_REQUEST_RANGE_MSG,
  NEWFLOW_PAYMENT_FREQUENCIES,
  NEWFLOW_PAYMENT_FREQUENCY_LABELS,
} from '@payrail/contract/newflow-rules';
import type { TEmployer } from '@payrail/contract/reference';
import type { Validation } from '@payrail/ui/validated-form';
import { parseMoneyInput } from '@payrail/client/money-input';
import { REFERRAL_TOO_SHORT, answer, emailProblem } from './form-rules';

/**
 * The rules of Check Your Rate (the new flow's sign-up, newflow §2, §3, §5) as plain functions: its
 * first load carries no schema library (docs/architecture.md). Kept apart from ./form-rules.ts so
 * sign-in and the classic sign-up do not load them.
 */

/** The amount a visitor may ask for on Check Your Rate, in whole dollars (the product's lending range); the offers decide what is lent. */
export const LOAN_REQUEST_MIN = NEWFLOW_LOAN_REQUEST_RANGE_CENTS.min / 100;
export const LOAN_REQUEST_MAX = NEWFLOW_LOAN_REQUEST_RANGE_CENTS.max / 100;

/** The `loan` object of the new-flow sign-up (newflow §3); `amount` in cents like every contract. */
export type LoanRequest = TNewflowSignupRequest['loan'];

/** Check Your Rate's "Loan Information" as typed: whole dollars as text, the frequency's label, the purpose's name. */
export interface LoanRequestInput {
  amount: string;
  payment_frequency: string | null;
  loan_purpose_name: string | null;
}

/** The loan amount: required, whole dollars within the lending range. */
export function loanAmountError(text: string): string | undefined {
  if (text.trim() === '') return MSG.required;
  return loanAmountCents(text) === null ? NEWFLOW_LOAN_REQUEST_RANGE_MSG : undefined;
}

/** The loan amount in cents (read by `@payrail/client/money-input`, no float), or null unless whole dollars within the range. */
function loanAmountCents(text: string): number | null {
  const read = parseMoneyInput(text);
  if (!read.ok || read.cents % 100 !== 0) return null;
  const { min, max } = NEWFLOW_LOAN_REQUEST_RANGE_CENTS;
  return read.cents >= min && read.cents <= max ? read.cents : null;
}

/** Check Your Rate step 1 (newflow §3): the amount in cents, the frequency lowercased, the purpose. */
export function validateLoanRequest(input: LoanRequestInput): Validation<LoanRequest> {
  const errors: Record<string, string> = {};
  const amount = loanAmountError(input.amount);
  if (amount) errors.amount = amount;
  const frequency = NEWFLOW_PAYMENT_FREQUENCIES.find((key) => NEWFLOW_PAYMENT_FREQUENCY_LABELS[key] === input.payment_frequency);
  if (!frequency) errors.payment_frequency = MSG.required;
  if (!input.loan_purpose_name) errors.loan_purpose_name = MSG.required;
  const cents = loanAmountCents(input.amount);
  if (Object.keys(errors).length > 0 || cents === null || !frequency || !input.loan_purpose_name) return { errors };
  return {
    values: { amount: cents, payment_frequency: frequency, loan_purpose_name: input.loan_purpose_name },
  };
}

/** Employee ids of partner employers have at most 30 characters (newflow §5, §9). */
export const EMPLOYEE_ID_MAX = 30;

/** Check Your Rate's last step: the e-mail, an optional referral code, the terms; a partner's employer and employee id. */
export interface CheckYourRateInput {
  email: string;
  friend_refer_code: string;
  terms: boolean;
  employer: TEmployer | null;
  employee_id: string;
}
export interface CheckYourRateValues {
  email: string;
  friend_refer_code: string | null;
  employer: TEmployer | null;
  /** Only for a partner sign-up. */
  employee_id: string | undefined;
}

export const checkYourRateDefaults: CheckYourRateInput = { email: '', friend_refer_code: '', terms: false, employer: null, employee_id: '' };

/** Check Your Rate, e-mail step (newflow §2, §5); `partner`: the partner sign-up asks the employer and the employee id. */
export function validateCheckYourRate(input: CheckYourRateInput, partner: boolean): Validation<CheckYourRateValues> {
  const errors: Record<string, string> = {};
  const email = emailProblem(input.email);
  if (email) errors.email = email;
  const referral = input.friend_refer_code.trim();
  if (referral !== '' && referral.length <= REFERRAL_CODE_MIN_EXCLUSIVE) errors.friend_refer_code = REFERRAL_TOO_SHORT;
  if (!input.terms) errors.terms = MSG.required;
  if (partner) {
    if (!input.employer) errors.employer = MSG.required;
    if (input.employee_id.trim() === '') errors.employee_id = MSG.required;
    else if (input.employee_id.length > EMPLOYEE_ID_MAX) errors.employee_id = `At most ${EMPLOYEE_ID_MAX} characters.`;
  }
  return answer(
    {
      email: input.email.trim(),
      friend_refer_code: referral || null,
      employer: input.employer,
      employee_id: partner ? input.employee_id.trim() : undefined,
    },
    errors,
  );
}
