import { z } from 'zod';
import { MSG } from '@payrail/contract/messages';
import { emailField, newPasswordField } from './signup-form.schema';

/** View 1: the e-mail the reset link goes to. */
export const forgotPasswordSchema = z.object({ email: emailField });

/** View 3: the new password and its confirmation, with the live rules (spec §5). */
export const resetPasswordSchema = z
  .object({ password: newPasswordField, password_confirmation: z.string().min(1, MSG.required) })
  .refine((values) => values.password === values.password_confirmation, { path: ['password_confirmation'], message: MSG.passwordMismatch });
