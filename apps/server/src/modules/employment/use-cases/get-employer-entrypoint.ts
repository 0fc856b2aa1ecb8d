import type { TEmployerEntrypoint } from '@payrail/contract/application';
import { workingTimeLabel } from '@payrail/domain/validation/working-time';
import type { AppContext } from '../../../context';
import type { MemberRow } from '../../../db/rows';
import { requireConfirmedAccount } from '../../workflow/move';
import { employerOf } from '../employer-program';
import { findBorrower } from '../../identity/members';
import { findProfile } from '../../application/applications';

/** GET /employer_entrypoint: what the employer step shows on open (spec §3 employer entrypoint). */
export async function getEmployerEntrypoint(ctx: AppContext, member: MemberRow): Promise<TEmployerEntrypoint> {
  requireConfirmedAccount(member);
  const [profile, borrower] = await Promise.all([findProfile(ctx, member.id), findBorrower(ctx, member.id)]);
  const employer = await employerOf(ctx, borrower);
  return {
    employee_id: profile?.employeeId ?? null,
    employer_id: employer?.id ?? null,
    employer_obj: employer ? { id: employer.id, name: employer.name, partnership: employer.partnership } : null,
    income_source: profile?.incomeSource ?? null,
    working_time_range: profile?.workingTimeRange ? workingTimeLabel(profile.workingTimeRange, 'classic') : null,
  };
}
