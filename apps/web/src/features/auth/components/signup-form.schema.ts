import { z } from 'zod';
import { EMAIL_PATTERN, REFERRAL_CODE_MIN_EXCLUSIVE, passwordIsValid } from '@payrail/contract/identity';
import { MSG } from '@payrail/contract/messages';
import { PASSWORD_RULES_UNMET, REFERRAL_TOO_SHORT, TERMS_REQUIRED } from '../lib/form-rules';

export { PASSWORD_RULES_UNMET, REFERRAL_TOO_SHORT, TERMS_REQUIRED };

export const emailField = z.string().trim().min(1, MSG.required).regex(EMAIL_PATTERN, MSG.invalidEmail);
export const newPasswordField = z.string().min(1, MSG.required).refine(passwordIsValid, PASSWORD_RULES_UNMET);

/**
 * Sign-up step 2 with e-mail and password (spec §5). The page itself validates with `validateSignup`
 * (../lib/form-rules.ts, no schema library on the first load); form-rules.test.ts holds both to the same answers.
 */
export const signupFormSchema = z
  .object({
    email: emailField,
    password: newPasswordField,
    password_confirmation: z.string().min(1, MSG.required),
    friend_refer_code: z
      .string()
      .trim()
      .refine((code) => code === '' || code.length > REFERRAL_CODE_MIN_EXCLUSIVE, REFERRAL_TOO_SHORT),
    terms: z.boolean().refine((accepted) => accepted, TERMS_REQUIRED),
  })
  .refine((values) => values.password === values.password_confirmation, { path: ['password_confirmation'], message: MSG.passwordMismatch });
