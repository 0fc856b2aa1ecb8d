import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useIMask } from 'react-imask';
import type { ReactMaskOpts } from 'react-imask';
import { FieldError, FieldHint, FieldLabel, fieldStyles, useFieldIds } from './field';

/**
 * A '#'-style pattern such as '(###)###-####', '###-##-####' or '##/##/####' ('#' is one digit),
 * or 'money' for a US dollar amount with thousands separators and two decimals, at most five
 * integer digits ($99,999.99; spec §5 "up to 5 digits, money format").
 */
export type TextFieldMask = string;

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'children'> {
  label: ReactNode;
  hint?: ReactNode;
  /** Error text; also sets aria-invalid. */
  error?: string;
  /** Shows "(optional)" after the label. */
  optional?: boolean;
  /**
   * Formats as the person types (react-imask). A masked field is controlled through `value` and
   * `onValueChange`; with react-hook-form use a Controller.
   */
  mask?: TextFieldMask;
  /** Masked fields: the displayed value and the raw value (digits, or a plain decimal for money). */
  onValueChange?: (value: string, unmaskedValue: string) => void;
  ref?: Ref<HTMLInputElement>;
  className?: string;
}

const digitDefinitions = { '#': /[0-9]/ };

/** The largest amount of the 'money' mask: five integer digits; a sixth digit is not taken. */
const MONEY_MAX = 99_999.99;

function maskOptions(mask: TextFieldMask): ReactMaskOpts {
  if (mask === 'money') {
    return {
      mask: '$num',
      lazy: false,
      blocks: {
        num: { mask: Number, scale: 2, thousandsSeparator: ',', radix: '.', mapToRadix: ['.'], min: 0, max: MONEY_MAX, normalizeZeros: true, padFractionalZeros: false },
      },
    };
  }
  return { mask, definitions: digitDefinitions };
}

interface MaskedInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'onChange'> {
  mask: TextFieldMask;
  value?: string;
  onValueChange?: (value: string, unmaskedValue: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}

function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

function MaskedInput({ mask, value, onValueChange, inputRef, ...rest }: MaskedInputProps) {
  const options = useMemo(() => maskOptions(mask), [mask]);
  const onValueChangeRef = useRef(onValueChange);
  useLayoutEffect(() => {
    onValueChangeRef.current = onValueChange;
  });
  const { ref, maskRef, setValue } = useIMask<HTMLInputElement>(options, {
    defaultValue: value,
    onAccept: (masked, instance) => onValueChangeRef.current?.(masked, instance.unmaskedValue),
  });

  // A value set from outside (form reset, server data) is pushed into the mask.
  useEffect(() => {
    if (value !== undefined && maskRef.current && maskRef.current.value !== value) setValue(value);
  }, [value, maskRef, setValue]);

  const setRefs = useCallback(
    (element: HTMLInputElement | null) => {
      ref.current = element;
      assignRef(inputRef, element);
    },
    [ref, inputRef],
  );

  return <input ref={setRefs} {...rest} />;
}

export function TextField({ label, hint, error, optional, mask, onValueChange, id, className, ref, 'aria-describedby': ariaDescribedBy, ...inputProps }: TextFieldProps) {
  const ids = useFieldIds({ id, hint, error, describedBy: ariaDescribedBy });
  const a11y = {
    id: ids.inputId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': ids.describedBy,
    className: fieldStyles.control,
  } as const;

  let control: ReactNode;
  if (mask) {
    const { value, defaultValue, onChange: _onChange, type, ...rest } = inputProps;
    const initial = value ?? defaultValue;
    control = (
      <MaskedInput
        {...rest}
        {...a11y}
        type={type ?? 'text'}
        mask={mask}
        value={initial === undefined || initial === null ? undefined : String(initial)}
        inputRef={ref}
        onValueChange={onValueChange}
      />
    );
  } else {
    control = <input ref={ref} {...inputProps} {...a11y} />;
  }

  return (
    <div className={`${fieldStyles.field} ${className ?? ''}`}>
      <FieldLabel htmlFor={ids.inputId} optional={optional}>
        {label}
      </FieldLabel>
      <FieldHint id={ids.hintId}>{hint}</FieldHint>
      {control}
      <FieldError id={ids.errorId}>{error}</FieldError>
    </div>
  );
}
