import { FIELD_MSG } from '@payrail/contract/messages';
import { EMPLOYMENT_STATUSES, NEWFLOW_PAYMENT_FREQUENCIES, NEWFLOW_PAYMENT_FREQUENCY_LABELS, NEWFLOW_WORKING_TIMES } from '@payrail/contract/newflow';
import { parseWorkingTimeRange, workingTimeLabel } from '@payrail/domain/validation/working-time';
import { cents } from '@payrail/domain/money';
import { AppError } from '../../../errors';
import { toEmployer } from '../../reference/routes';
import { findEmployer } from '../../reference/reference-data';
import { saveApplicationFields } from '../../application/applications';
import { saveAndMove } from '../workflow';
import { moved, payloadOf, type StepHandlers } from './shared';

/** job_info: employer, working time, income, employment status and pay frequency; an unlisted employer asks for its details next. */
export const jobInfo = {
  async data({ ctx, nf, profile, borrower, employer }) {
    const other = await ctx.repos.newflow.otherEmployer();
    return {
      loan_borrower: {
        employer_id: borrower?.employerId ?? null,
        working_time_range: profile?.workingTimeRange ? workingTimeLabel(profile.workingTimeRange, 'newflow') : null,
        annual_income: profile?.annualIncomeCents ?? null,
        employment_status: nf?.employmentStatus ?? null,
        payment_frequency: nf?.paymentFrequency ?? null,
        annual_household_income: profile?.annualHouseholdIncomeCents ?? null,
      },
      employment_status_options: [...EMPLOYMENT_STATUSES],
      payment_frequencies: NEWFLOW_PAYMENT_FREQUENCIES.map((value) => ({ value, label: NEWFLOW_PAYMENT_FREQUENCY_LABELS[value] })),
      working_time_ranges: [...NEWFLOW_WORKING_TIMES],
      other_employer_id: other?.id ?? 0,
      employer_obj: employer ? toEmployer(employer) : null,
    };
  },
  async post({ ctx, member, body }) {
    const b = payloadOf('job_info', body).loan_borrower;
    const employer = await findEmployer(ctx, b.employer_id);
    if (!employer || (employer.isOther && employer.slug !== 'other')) throw AppError.fields({ employer_id: [FIELD_MSG.invalid] });
    const range = parseWorkingTimeRange(b.working_time_range);
    if (!range) throw AppError.fields({ working_time_range: [FIELD_MSG.invalid] });
    const at = ctx.now();
    await saveApplicationFields(
      ctx,
      member.id,
      {
        borrower: { employerId: employer.id },
        profile: {
          workingTimeRange: range,
          annualIncomeCents: cents(b.annual_income),
          annualHouseholdIncomeCents: cents(b.annual_household_income),
          incomeSource: b.employment_status === 'Retired' ? 'Retired' : 'Employed',
        },
      },
      at,
    );
    const to = employer.isOther ? 'employer_info' : 'verify_employer';
    return moved(await saveAndMove(ctx, member, { employmentStatus: b.employment_status, paymentFrequency: b.payment_frequency }, to));
  },
} satisfies StepHandlers;
