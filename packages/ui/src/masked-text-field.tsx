import type { InputHTMLAttributes, Ref } from 'react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useIMask } from 'react-imask';
import type { ReactMaskOpts } from 'react-imask';
import { TextFieldFrame, useTextFieldA11y } from './text-field';
import type { TextFieldProps } from './text-field';

/**
 * A '#'-style pattern such as '(###)###-####', '###-##-####' or '##/##/####' ('#' is one digit),
 * or 'money' for a US dollar amount with thousands separators and two decimals, at most five
 * integer digits ($99,999.99; spec §5 "up to 5 digits, money format").
 */
export type TextFieldMask = string;

export interface MaskedTextFieldProps extends TextFieldProps {
  /**
   * Formats as the person types (react-imask). A masked field is controlled through `value` and
   * `onValueChange`; with react-hook-form use a Controller.
   */
  mask: TextFieldMask;
  /** The displayed value and the raw value (digits, or a plain decimal for money). */
  onValueChange?: (value: string, unmaskedValue: string) => void;
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

/**
 * A TextField that formats as the person types. Its own module, so imask (~18 kB gzip) loads only with
 * the pages that have a masked field, not with sign-in or sign-up (docs/performance.md).
 */
export function MaskedTextField({ label, hint, error, optional, mask, onValueChange, id, className, ref, 'aria-describedby': ariaDescribedBy, ...inputProps }: MaskedTextFieldProps) {
  const { ids, a11y } = useTextFieldA11y({ id, hint, error, describedBy: ariaDescribedBy });
  const { value, defaultValue, onChange: _onChange, type, ...rest } = inputProps;
  const initial = value ?? defaultValue;
  return (
    <TextFieldFrame ids={ids} label={label} hint={hint} error={error} optional={optional} className={className}>
      <MaskedInput
        {...rest}
        {...a11y}
        type={type ?? 'text'}
        mask={mask}
        value={initial === undefined || initial === null ? undefined : String(initial)}
        inputRef={ref}
        onValueChange={onValueChange}
      />
    </TextFieldFrame>
  );
}
