import type { EmployerProgram } from './facts';

/** What the employer program reads of a chosen employer (the reference data's employer row). */
export interface EmployerStanding {
  readonly isOther: boolean;
  readonly partnership: string | null;
  readonly paymentType: string;
}

/**
 * The employer's standing for underwriting and pricing: a lending program (partner employer, federal
 * allotment, split direct deposit), `pending_review` for an employer typed in as "not listed" (or the
 * seeded "Other employer"), `not_eligible` when the income is not from employment, null before any choice.
 */
export function employerProgramOf(incomeSource: string | null | undefined, employer: EmployerStanding | undefined): EmployerProgram | null {
  if (incomeSource && incomeSource !== 'Employed') return 'not_eligible';
  if (!employer) return null;
  if (employer.isOther) return 'pending_review';
  if (employer.partnership === 'b2b_partner') return 'b2b_partner';
  return employer.paymentType === 'allotment' ? 'federal_allotment' : 'split_direct_deposit';
}
