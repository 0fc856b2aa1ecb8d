import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { z } from 'zod';
import { centsToInput, MONEY_INPUT_MAX_LENGTH, MONEY_INPUT_MSG, parseMoneyInput } from '@payrail/client/money-input';
import type { MoneyInputResult } from '@payrail/client/money-input';
import { formatCents } from '@payrail/client/format';
import { TextField } from './text-field';
import { useRegisteredInput } from './registered-input';

type ParseFailure = Extract<MoneyInputResult, { ok: false }>['code'];

export interface MoneyInputOptions {
  /** One message for every way the text can be wrong (the back office's forms say one thing). */
  message?: string;
  /** Per-failure messages; default the money-input module's (MONEY_INPUT_MSG). */
  messages?: Partial<Record<ParseFailure, string>>;
  /** An empty field is `null`, not an error. */
  optional?: boolean;
  /** Smallest accepted amount in cents, with its message (default: "The amount must be at least $X."). */
  min?: number;
  minMessage?: string;
  /** Largest accepted amount in cents, with its message. */
  max?: number;
  maxMessage?: string;
}

const DEFAULT_MESSAGES: Record<ParseFailure, string> = {
  required: MONEY_INPUT_MSG.required,
  invalid: MONEY_INPUT_MSG.invalid,
  too_many_decimals: MONEY_INPUT_MSG.tooManyDecimals,
  too_large: MONEY_INPUT_MSG.tooLarge,
};

/**
 * The schema of a dollar field: the text the person typed ("50", "1,250.00", "$20") in, integer cents out,
 * read by the one money-input parser (`@payrail/client/money-input`): no float ever holds the amount.
 */
export function moneyInput(options: MoneyInputOptions & { optional: true }): z.ZodType<number | null, string>;
export function moneyInput(options?: MoneyInputOptions): z.ZodType<number, string>;
export function moneyInput(options: MoneyInputOptions = {}): z.ZodType<number | null, string> {
  return z.string().transform((text, ctx) => {
    if (options.optional && text.trim() === '') return null;
    const read = parseMoneyInput(text);
    if (!read.ok) {
      ctx.addIssue({ code: 'custom', message: options.message ?? options.messages?.[read.code] ?? DEFAULT_MESSAGES[read.code] });
      return z.NEVER;
    }
    if (options.min !== undefined && read.cents < options.min) {
      ctx.addIssue({ code: 'custom', message: options.minMessage ?? options.message ?? `The amount must be at least ${formatCents(options.min)}.` });
      return z.NEVER;
    }
    if (options.max !== undefined && read.cents > options.max) {
      ctx.addIssue({ code: 'custom', message: options.maxMessage ?? options.message ?? `The amount cannot be more than ${formatCents(options.max)}.` });
      return z.NEVER;
    }
    return read.cents;
  });
}

/** Integer cents as the field shows them for editing (a prefilled amount): 15000 → "150.00". */
export const moneyDefault = (cents: number | null | undefined): string => (cents === null || cents === undefined ? '' : centsToInput(cents));

export interface MoneyFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'name' | 'size' | 'children' | 'value' | 'defaultValue' | 'type' | 'form'
> {
  /** The form field; its schema entry is `moneyInput()` (text in, cents out). */
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  optional?: boolean;
  /** The form, when the field is not inside `Form` (which provides it). */
  methods?: UseFormReturn<FieldValues, unknown, FieldValues>;
  /** The message shown in place of the form's own (`null` shows none); default the form's error of `name`. */
  error?: string | null;
}

/**
 * A dollar amount in a `Form`: the person types dollars, the submitted value is integer cents (through
 * `moneyInput()` in the form's schema). Decimal keyboard on phones, at most "$99,999,999.99".
 */
export function MoneyField({ name, label, hint, optional, methods, error: shown, onChange, onBlur, ...inputProps }: MoneyFieldProps) {
  const { error, input } = useRegisteredInput({ name, methods, error: shown, onChange, onBlur });
  return (
    <TextField
      label={label}
      hint={hint}
      optional={optional}
      inputMode="decimal"
      autoComplete="off"
      maxLength={MONEY_INPUT_MAX_LENGTH}
      {...inputProps}
      error={error}
      {...input}
    />
  );
}
