import { z } from 'zod';
import { EMAIL_PATTERN, REFERRAL_CODE_MIN_EXCLUSIVE, passwordIsValid } from '@payrail/contract/identity';
import { MSG } from '@payrail/contract/messages';

export const REFERRAL_TOO_SHORT = `A referral code has more than ${REFERRAL_CODE_MIN_EXCLUSIVE} characters.`;
export const PASSWORD_RULES_UNMET = 'The password does not meet every rule below.';
export const TERMS_REQUIRED = 'Accept the privacy notice and the electronic communications consent to continue.';

export const emailField = z.string().trim().min(1, MSG.required).regex(EMAIL_PATTERN, MSG.invalidEmail);
export const newPasswordField = z.string().min(1, MSG.required).refine(passwordIsValid, PASSWORD_RULES_UNMET);

/** Sign-up step 2 with e-mail and password (spec §5). */
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

export type SignupFormInput = z.input<typeof signupFormSchema>;
export type SignupFormValues = z.output<typeof signupFormSchema>;

export const signupFormDefaults: SignupFormInput = { email: '', password: '', password_confirmation: '', friend_refer_code: '', terms: false };
