import { z } from 'zod';
import { EMAIL_TOKEN_LENGTH } from '@payrail/contract/identity';
import { emailField } from './signup-form.schema';

/** Continue is enabled once the token is longer than 4 characters (spec §5). */
export const EMAIL_TOKEN_MIN_EXCLUSIVE = 4;

/** Upper-cases as typed and keeps at most 6 characters (spec §5). */
export const normalizeEmailToken = (value: string) => value.replace(/\s/g, '').toUpperCase().slice(0, EMAIL_TOKEN_LENGTH);

export const emailValidationSchema = z.object({
  confirmation_token: z
    .string()
    .transform(normalizeEmailToken)
    .refine((token) => token.length > EMAIL_TOKEN_MIN_EXCLUSIVE, 'Enter the code from the e-mail.'),
});

/** "Send a new code" when no e-mail is remembered: the e-mail field's rules of sign-up. */
export const resendEmailSchema = z.object({ email: emailField });
