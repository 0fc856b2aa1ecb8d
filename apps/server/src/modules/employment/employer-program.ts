import { employerProgramOf as programOf } from '@payrail/domain/underwriting/employer-program';
import type { EmployerProgram } from '@payrail/domain/underwriting/facts';
import type { AppContext } from '../../context';
import type { ProfileRow } from '../application/repository';
import type { BorrowerRow } from '../identity/repository';
import type { EmployerRow } from '../reference/repository';
import { findEmployer } from '../reference/reference-data';

/**
 * The employer's standing for underwriting and pricing: a lending program (partner employer, federal
 * allotment, split direct deposit), `pending_review` for an employer typed in as "not listed" (or the
 * seeded "Other employer"), `not_eligible` when the income is not from employment, null before any choice
 * (the domain's rule, `underwriting/employer-program.ts`).
 */
export function employerProgramOf(profile: Pick<ProfileRow, 'incomeSource'> | undefined, employer: EmployerRow | undefined): EmployerProgram | null {
  return programOf(profile?.incomeSource, employer);
}

/** The borrower's employer row, when one is chosen. */
export async function employerOf(ctx: AppContext, borrower: BorrowerRow | undefined): Promise<EmployerRow | undefined> {
  return borrower?.employerId ? findEmployer(ctx, borrower.employerId) : undefined;
}
