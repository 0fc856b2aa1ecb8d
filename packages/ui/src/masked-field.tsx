import { useController } from 'react-hook-form';
import { MaskedTextField } from './masked-text-field';
import type { MaskedTextFieldProps } from './masked-text-field';

export type MaskedFieldProps = Omit<MaskedTextFieldProps, 'name' | 'value' | 'defaultValue' | 'onValueChange' | 'onBlur' | 'onChange' | 'error'> & {
  /** The field's name in the kit `Form` (its wire name). */
  name: string;
  /** What the form keeps: the digits as typed (`raw`, the default) or the text as shown (`masked`). */
  keep?: 'raw' | 'masked';
  /** The message under the field: the schema's by default; a string of the caller's own; `null` for none. */
  error?: string | null;
};

/**
 * A `MaskedTextField` bound to the kit `Form` around it (react-hook-form's controller): the mask formats as
 * the person types, the form keeps the raw digits or the shown text, and the schema's message shows under it.
 */
export function MaskedField({ name, keep = 'raw', error, ...props }: MaskedFieldProps) {
  const { field, fieldState } = useController({ name });
  return (
    <MaskedTextField
      {...props}
      name={field.name}
      ref={field.ref}
      value={(field.value as string | undefined) ?? ''}
      onValueChange={(masked, raw) => field.onChange(keep === 'raw' ? raw : masked)}
      onBlur={field.onBlur}
      error={error === undefined ? fieldState.error?.message : (error ?? undefined)}
    />
  );
}
