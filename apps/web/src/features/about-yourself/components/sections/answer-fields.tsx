import { MaskedTextField } from '@payrail/ui/masked-text-field';
import { TextField } from '@payrail/ui/text-field';
import type { FormField, FormValues } from '../../lib/fields';
import { moneyDigits } from '../about-yourself-form.schema';

/** What every section of the step gets: the answers, their messages, and the auto-saving edit. */
export interface AnswersProps {
  values: FormValues;
  errors: Readonly<Record<string, string>>;
  /** An edit: remembered, its error cleared, saved after the pause. */
  change: (field: FormField, value: string) => void;
  /** The newest value of a field (a mask reports before React re-renders). */
  current: (field: FormField) => string;
  /** Keeps a reformatted value without saving it (the mask writing 60000 as $60,000). */
  keep: (field: FormField, value: string) => void;
}

export interface TextAnswerProps extends Pick<AnswersProps, 'values' | 'errors' | 'change'> {
  field: FormField;
  label: string;
  autoComplete?: string;
  maxLength?: number;
  optional?: boolean;
}

/** A text answer, trimmed when the field is left. */
export function TextAnswer({ field, label, values, errors, change, autoComplete, maxLength, optional }: TextAnswerProps) {
  return (
    <TextField
      label={label}
      name={field}
      value={values[field]}
      onChange={(event) => change(field, event.target.value)}
      onBlur={(event) => {
        const trimmed = event.target.value.trim();
        if (trimmed !== event.target.value) change(field, trimmed);
      }}
      error={errors[field]}
      autoComplete={autoComplete}
      maxLength={maxLength}
      optional={optional}
    />
  );
}

export interface MoneyAnswerProps extends AnswersProps {
  field: FormField;
  label: string;
  hint?: string;
}

/** A dollar answer ($60,000): the mask reformatting the same amount is not an edit. */
export function MoneyAnswer({ field, label, hint, values, errors, change, current, keep }: MoneyAnswerProps) {
  return (
    <MaskedTextField
      label={label}
      hint={hint}
      name={field}
      mask="money"
      inputMode="decimal"
      value={values[field]}
      onValueChange={(masked, raw) => {
        const now = current(field);
        if (masked === now) return;
        if (moneyDigits(now) === raw) keep(field, masked);
        else change(field, masked);
      }}
      error={errors[field]}
    />
  );
}
