import { useFormContext } from 'react-hook-form';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { PasswordInputField } from './password-input-field';

export interface PasswordPairProps {
  /** The two form fields: the new password and its confirmation. */
  names?: readonly [password: string, confirmation: string];
  /** "Password" / "Confirm password" (sign-up); the reset says "New password" / "Confirm new password". */
  labels?: { password?: string; confirmation?: string };
  /** A hint under the password's label. */
  hint?: string;
  /** The live rule list (spec §5) under the password; on by default. */
  showRules?: boolean;
  /** The form, when the pair is not inside `Form` (which provides it). */
  methods?: UseFormReturn<FieldValues, unknown, FieldValues>;
  /**
   * The messages to show, when the form decides itself when each shows (the new flow's password_creation: the
   * mismatch as soon as the confirmation is as long as the password, the rules only after a submit). Given,
   * the pair shows these and never the schema's; the confirmation is then not checked again by the pair.
   */
  errors?: { password?: string; confirmation?: string };
}

/**
 * A new password and its confirmation in a `Form`: show/hide buttons, the live rules, no spaces. The
 * messages are the form schema's (e.g. `.refine(p === c, { path: [confirmation], message: MSG.passwordMismatch })`);
 * a confirmation already answered is checked again whenever the password changes, an untouched one is left alone.
 */
export function PasswordPair({ names = ['password', 'password_confirmation'], labels = {}, hint, showRules = true, methods, errors }: PasswordPairProps) {
  const context = useFormContext<FieldValues>();
  const form = methods ?? context;
  const [passwordName, confirmationName] = names;
  return (
    <>
      <PasswordInputField
        methods={form}
        name={passwordName}
        label={labels.password ?? 'Password'}
        autoComplete="new-password"
        hint={hint}
        showRules={showRules}
        onValueChange={() => {
          if (!errors && form.getFieldState(confirmationName).isTouched) void form.trigger(confirmationName);
        }}
        error={errors ? (errors.password ?? null) : undefined}
      />
      <PasswordInputField
        methods={form}
        name={confirmationName}
        label={labels.confirmation ?? 'Confirm password'}
        autoComplete="new-password"
        error={errors ? (errors.confirmation ?? null) : undefined}
      />
    </>
  );
}
