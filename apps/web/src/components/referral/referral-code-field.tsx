import { get, useFormContext, useFormState } from 'react-hook-form';
import type { FieldValues } from 'react-hook-form';
import { TextField } from '@payrail/ui/text-field';

export interface ReferralCodeFieldProps {
  /** The form field: `friend_refer_code` (sign-up, Check Your Rate) or `refer_code` (the new flow's password step). */
  name: string;
  /** The message shown in place of the schema's (`null` shows none); default the schema's message of `name`. */
  error?: string | null;
  /** After the form took the change (e.g. clearing the server's message on it). */
  onChange?: () => void;
}

/** The optional referral code a friend gave (referral programme): letters shown as capitals, no autofill. */
export function ReferralCodeField({ name, error: shown, onChange }: ReferralCodeFieldProps) {
  const { register, control } = useFormContext<FieldValues>();
  const { errors } = useFormState({ control, name });
  const error = shown === undefined ? (get(errors, name) as { message?: string } | undefined)?.message : (shown ?? undefined);
  return (
    <TextField
      label="Referral code"
      optional
      hint="Did a friend refer you? Enter their code."
      autoComplete="off"
      autoCapitalize="characters"
      {...register(name, onChange ? { onChange } : undefined)}
      error={error}
    />
  );
}
