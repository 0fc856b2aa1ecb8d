import { z } from 'zod';
import { newflowSsnError, ssnRepeatError } from '../lib/rules';

/**
 * ssn_input (newflow §5): the SSN ("SSN is not valid") and its repeat ("SSN does not match", asked only of a
 * valid SSN), as the step sends them (`loan_borrower.social_security_number` and its confirmation).
 */
export const ssnStepSchema = z
  .object({ social_security_number: z.string(), social_security_number_confirmation: z.string() })
  .superRefine(({ social_security_number: ssn, social_security_number_confirmation: repeat }, ctx) => {
    const invalid = newflowSsnError(ssn);
    if (invalid) {
      ctx.addIssue({ code: 'custom', message: invalid, path: ['social_security_number'] });
      return;
    }
    const mismatch = ssnRepeatError(ssn, repeat);
    if (mismatch) ctx.addIssue({ code: 'custom', message: mismatch, path: ['social_security_number_confirmation'] });
  });
export type SsnStepValues = z.infer<typeof ssnStepSchema>;
