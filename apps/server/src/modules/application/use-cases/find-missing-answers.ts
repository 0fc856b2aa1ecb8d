import { REFERENCES_REQUIRED, APPLICATION_MSG } from '@payrail/contract/application';
import { FIELD_MSG } from '@payrail/contract/messages';
import type { AppContext } from '../../../context';
import type { FieldErrors } from '../../../errors';
import { findBorrower } from '../../identity/members';
import { findEmployer } from '../../reference/reference-data';

/**
 * The About-yourself and employment answers an application still lacks, as field errors ("can't be
 * blank"): what the review confirm (GET /review) needs before the application goes to review.
 */
export async function findMissingAnswers(ctx: AppContext, userId: number): Promise<FieldErrors> {
  const [profile, borrower, references] = await Promise.all([
    ctx.repos.application.findProfile(userId),
    findBorrower(ctx, userId),
    ctx.repos.application.listReferences(userId),
  ]);
  const employer = borrower?.employerId ? await findEmployer(ctx, borrower.employerId) : undefined;
  const required: Record<string, unknown> = {
    first_name: borrower?.firstName,
    last_name: borrower?.lastName,
    date_of_birth: profile?.dateOfBirth,
    address: profile?.address,
    zip_code: profile?.zipCode,
    city: profile?.city,
    state_id: borrower?.stateId,
    driver_license_number: profile?.driverLicenseNumberSealed,
    driver_license_state_id: profile?.driverLicenseStateId,
    social_security_number: profile?.ssnSealed,
    annual_income: profile?.annualIncomeCents,
    annual_household_income: profile?.annualHouseholdIncomeCents,
    housing_type: profile?.housingType,
    housing_payment: profile?.housingPaymentCents,
    loan_purpose_id: profile?.loanPurposeId,
    income_source: profile?.incomeSource,
    working_time_range: profile?.workingTimeRange,
    military_active: profile?.militaryActive,
  };
  if (profile?.incomeSource === 'Employed') required.employer_id = borrower?.employerId;
  if (employer?.partnership === 'b2b_partner') required.employee_id = profile?.employeeId;
  const errors: FieldErrors = {};
  for (const [field, value] of Object.entries(required)) if (value === null || value === undefined || value === '') errors[field] = [FIELD_MSG.blank];
  if (references.length !== REFERENCES_REQUIRED) errors.references = [APPLICATION_MSG.referencesCount];
  return errors;
}
