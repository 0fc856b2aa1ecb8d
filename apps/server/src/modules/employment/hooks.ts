import type { TOkStatusResponse } from '@payrail/contract/application';
import type { ApplicationFacts } from '@payrail/domain/underwriting/facts';
import type { AppContext } from '../../context';
import type { BorrowerPatch, ProfilePatch } from '../application/repository';
import type { MemberRow } from '../../db/rows';

/**
 * The employer step's end: the answers submitted (`overrides` on the stored ones for the underwriting,
 * `answers` to save) and the form field a deny reason without its own field is shown on.
 */
export type EmployerStepEnd = {
  overrides: Partial<ApplicationFacts>;
  answers: { profile?: ProfilePatch; borrower?: BorrowerPatch };
  otherField: string;
};

/** What the employment module calls in the modules above it (lib/hooks.ts; wired in module-hooks.ts). */
export type EmploymentHooks = {
  /**
   * The borrower ended the employer step: the underwriting decides, and the reviewer's moves follow — the
   * adverse action on a deny, the advance to the phone step otherwise (review).
   */
  employerStepEnded: (ctx: AppContext, member: MemberRow, end: EmployerStepEnd) => Promise<TOkStatusResponse>;
};
