import { z } from 'zod';
import { MSG } from '@payrail/contract/messages';
import { emailField } from './signup-form.schema';

/** Sign-in: a valid e-mail and a password (spec §5: continue needs a valid e-mail). */
export const signinFormSchema = z.object({
  email: emailField,
  password: z.string().min(1, MSG.required),
});

export type SigninFormValues = z.infer<typeof signinFormSchema>;
