import type { InputHTMLAttributes, Ref } from 'react';
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import IMask from 'imask';
import type { FactoryOpts, InputMask } from 'imask';
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
   * Formats as the person types (imask). A masked field is controlled through `value` and
   * `onValueChange`; with react-hook-form use a Controller.
   */
  mask: TextFieldMask;
  /** The displayed value and the raw value (digits, or a plain decimal for money). */
  onValueChange?: (value: string, unmaskedValue: string) => void;
}

const digitDefinitions = { '#': /[0-9]/ };

/** The largest amount of the 'money' mask: five integer digits; a sixth digit is not taken. */
const MONEY_MAX = 99_999.99;

function maskOptions(mask: TextFieldMask): FactoryOpts {
  if (mask === 'money') {
    return {
      mask: '$num',
      lazy: false,
      blocks: {
        num: {
          mask: Number,
          scale: 2,
          thousandsSeparator: ',',
          radix: '.',
          mapToRadix: ['.'],
          min: 0,
          max: MONEY_MAX,
          normalizeZeros: true,
          padFractionalZeros: false,
        },
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

/**
 * The input with its imask instance. The mask is created, updated and given outside values in layout
 * effects, which run right after the commit, before the browser paints or takes the next keystroke: the
 * field and the mask never disagree for a frame. imask is driven directly (no react-imask wrapper): one
 * small component for both apps, and no second copy of the value kept in plain effects.
 */
function MaskedInput({ mask, value, onValueChange, inputRef, ...rest }: MaskedInputProps) {
  const options = useMemo(() => maskOptions(mask), [mask]);
  const elementRef = useRef<HTMLInputElement | null>(null);
  const maskRef = useRef<InputMask<FactoryOpts> | null>(null);
  const onValueChangeRef = useRef(onValueChange);
  useLayoutEffect(() => {
    onValueChangeRef.current = onValueChange;
  });

  useLayoutEffect(() => {
    const element = elementRef.current;
    if (!element) return undefined;
    const instance = IMask(element, options);
    maskRef.current = instance;
    instance.on('accept', () => onValueChangeRef.current?.(instance.value, instance.unmaskedValue));
    return () => {
      instance.destroy();
      maskRef.current = null;
    };
  }, [options]);

  // A value set from outside (form reset, server data) is pushed into the mask (which tells onValueChange
  // when masking changed it).
  useLayoutEffect(() => {
    const instance = maskRef.current;
    if (value !== undefined && instance && instance.value !== value) instance.value = value;
  }, [value, options]);

  const setRefs = useCallback(
    (element: HTMLInputElement | null) => {
      elementRef.current = element;
      assignRef(inputRef, element);
    },
    [inputRef],
  );

  return <input ref={setRefs} {...rest} />;
}

/**
 * A TextField that formats as the person types. Its own module, so imask (~18 kB gzip) loads only with
 * the pages that have a masked field, not with sign-in or sign-up (docs/architecture.md).
 */
export function MaskedTextField({
  label,
  hint,
  error,
  optional,
  mask,
  onValueChange,
  id,
  className,
  ref,
  'aria-describedby': ariaDescribedBy,
  ...inputProps
}: MaskedTextFieldProps) {
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
