import { ZEducationProgramRequest } from '@payrail/contract/application';
import { z } from 'zod';

/** The dialog's fields as typed (the checkbox may be off), checked by the server's own request schema. */
export const educationFormSchema = z
  .object({ agreement: z.boolean(), initials: z.object({ first: z.string(), last: z.string() }) })
  .pipe(ZEducationProgramRequest);
export type EducationFormInput = z.input<typeof educationFormSchema>;

export const educationDefaults: EducationFormInput = { agreement: false, initials: { first: '', last: '' } };

/** "I agree" waits for the checkbox and one letter of each initial (spec §5). */
export const educationReady = (values: EducationFormInput): boolean =>
  values.agreement && values.initials.first.trim().length === 1 && values.initials.last.trim().length === 1;
