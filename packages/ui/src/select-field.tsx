import { Controller, useFormContext } from 'react-hook-form';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Select } from './select';
import type { SelectProps } from './select';

export interface SelectFieldProps extends Omit<SelectProps, 'name' | 'value' | 'defaultValue' | 'error' | 'onChange' | 'onBlur' | 'ref'> {
  /** The form field (its wire name); its value is the chosen option's value, '' for the placeholder. */
  name: string;
  /** The form, when the field is not inside `Form` (which provides it). */
  methods?: UseFormReturn<FieldValues, unknown, FieldValues>;
}

/**
 * A `Select` bound to its `Form` field, with the schema's message under it. Controlled (through
 * react-hook-form's `Controller`), not registered: a registered select whose options render late (a list
 * still loading, such as the states) loses its default value, because the browser has no option to select
 * when the value is first written.
 */
export function SelectField({ name, methods: given, disabled, ...selectProps }: SelectFieldProps) {
  const context = useFormContext<FieldValues>();
  const methods = given ?? context;
  return (
    <Controller
      control={methods.control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          {...selectProps}
          name={field.name}
          ref={field.ref}
          value={typeof field.value === 'string' ? field.value : field.value === undefined || field.value === null ? '' : String(field.value)}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={field.onBlur}
          disabled={disabled || field.disabled}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
