import { randomBytes } from 'node:crypto';
import type { TNewEmployerRequest } from '@payrail/contract/application';
import { fieldMessage } from '@payrail/contract/application';
import { compareIsoDates, isIsoDate, utcDay } from '@payrail/domain/dates';
import { parseUsDate } from '@payrail/domain/validation/date-of-birth';
import type { AppContext } from '../../../context';
import { AppError, type FieldErrors } from '../../../errors';
import type { MemberRow } from '../../../db/rows';
import { requireStatus } from '../../workflow/move';
import { invalidateReferenceData } from '../../reference/reference-cache';

const FREQUENCIES: Readonly<Record<string, 'weekly' | 'biweekly' | 'monthly'>> = {
  weekly: 'weekly',
  'bi-weekly': 'biweekly',
  biweekly: 'biweekly',
  monthly: 'monthly',
};

/**
 * POST /employers: "employer not listed" — the borrower types the employer's name, the pay frequency
 * (Weekly, Bi-weekly, Monthly) and the date of the last paycheck. The employer is created pending
 * review (hidden from the search) and its id answered for the selection call that follows.
 */
export async function createEmployer(ctx: AppContext, member: MemberRow, body: TNewEmployerRequest): Promise<{ employer_id: number }> {
  requireStatus(member, ['employer']);
  const { name, paymentFrequency, paymentDate } = body.employer;
  const errors: FieldErrors = {};
  const frequency = FREQUENCIES[paymentFrequency.toLowerCase()];
  if (!frequency) errors.paymentFrequency = [fieldMessage('not_included')];
  const date = isIsoDate(paymentDate) ? paymentDate : parseUsDate(paymentDate);
  const today = utcDay(ctx.now());
  if (date === null) errors.paymentDate = [fieldMessage('invalid')];
  else if (compareIsoDates(date, today) > 0) errors.paymentDate = [fieldMessage('date_in_future')];
  if (Object.keys(errors).length > 0 || !frequency || date === null) throw AppError.fields(errors);
  const employerId = await ctx.repos.employment.createEmployerRequest({
    userId: member.id,
    name,
    paymentFrequency: frequency,
    lastPaycheckDate: date,
    slug: `not-listed-${randomBytes(8).toString('hex')}`,
    at: ctx.now(),
  });
  await invalidateReferenceData(ctx); // a new employers row: the kept reference answers are read again
  return { employer_id: employerId };
}
