import { useId } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import type { FieldValues } from 'react-hook-form';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { FieldError, FieldHint, FieldLabel, fieldStyles } from './field';

export interface FileInputOptions {
  /** Shown when the form is sent without a file. */
  required: string;
  /** The largest file accepted, with its message. */
  maxSize?: { bytes: number; message: string };
}

/**
 * The schema of a one-file field (`FileField`): the chosen `File` (null before one is chosen) in, the file
 * out, refused with the caller's messages when missing or too large.
 */
export function fileInput({ required, maxSize }: FileInputOptions): z.ZodType<File, File | null> {
  return z
    .custom<File | null>((value) => value === null || value instanceof File, required)
    .superRefine((file, ctx) => {
      if (!file) ctx.addIssue({ code: 'custom', message: required });
      else if (maxSize && file.size > maxSize.bytes) ctx.addIssue({ code: 'custom', message: maxSize.message });
    })
    .transform((file) => file as File);
}

export interface FileFieldProps {
  /** The form field; its schema entry is `fileInput(…)` and its default `null`. */
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  /** The input's `accept` (".csv,text/csv"). */
  accept?: string;
}

/**
 * One file chosen with the platform's file input, in a `Form` (an import file: a remittance CSV, a
 * NACHA return file). For uploads with progress and several files use `FileUpload`.
 */
export function FileField({ name, label, hint, accept }: FileFieldProps) {
  const { control } = useFormContext<FieldValues>();
  const inputId = `${useId()}-file`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const errorId = fieldState.error ? `${inputId}-error` : undefined;
        return (
          <div className={fieldStyles.field}>
            <FieldLabel htmlFor={inputId}>{label}</FieldLabel>
            <FieldHint id={hintId}>{hint}</FieldHint>
            <input
              ref={field.ref}
              id={inputId}
              name={field.name}
              type="file"
              accept={accept}
              onChange={(event) => field.onChange(event.target.files?.[0] ?? null)}
              onBlur={field.onBlur}
              aria-invalid={fieldState.error ? true : undefined}
              aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
            />
            <FieldError id={errorId}>{fieldState.error?.message}</FieldError>
          </div>
        );
      }}
    />
  );
}
