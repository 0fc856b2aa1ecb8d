import type { TAddressSuggestion } from '@payrail/contract/address';
import { ADDRESS_AUTOCOMPLETE_MIN } from '@payrail/contract/address';
import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { autocompleteAddress } from '../../api/autocomplete-address';
import { FieldError, FieldHint, FieldLabel, fieldStyles, useFieldIds } from '@payrail/ui/field';
import styles from './address-autocomplete.module.css';

/** Pause before asking for suggestions while typing. */
const SUGGEST_DEBOUNCE_MS = 300;
/** Spec §2: a 1000 ms delay, then the browser's own autocomplete is turned off for this field. */
const BROWSER_AUTOCOMPLETE_OFF_MS = 1000;

export interface AddressAutocompleteProps {
  label: string;
  value: string;
  error?: string | undefined;
  onChange: (text: string) => void;
  onPick: (suggestion: TAddressSuggestion) => void;
}

const describe = (s: TAddressSuggestion) => `${s.address}${s.unit_number ? ` ${s.unit_number}` : ''}, ${s.city}, ${s.state} ${s.zip_code}`;

/** The address field: a WAI-ARIA combobox over US address suggestions (GET /addresses/autocomplete). */
export function AddressAutocomplete({ label, value, error, onChange, onPick }: AddressAutocompleteProps) {
  const hint = 'Start typing a US street address and pick it from the list, or type it in full.';
  const ids = useFieldIds({ hint, error });
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [suggestions, setSuggestions] = useState<TAddressSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [query, setQuery] = useState<string | null>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => inputRef.current?.setAttribute('autocomplete', 'off'), BROWSER_AUTOCOMPLETE_OFF_MS);
    return () => window.clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (query === null) return;
    if (query.replace(/\s+/g, '').length < ADDRESS_AUTOCOMPLETE_MIN) {
      setSuggestions([]);
      setOpen(false);
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      autocompleteAddress(query, controller.signal)
        .then((found) => {
          setSuggestions(found);
          setOpen(found.length > 0);
          setActive(-1);
        })
        .catch(() => {
          setSuggestions([]);
          setOpen(false);
        });
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  const pick = (s: TAddressSuggestion) => {
    setOpen(false);
    setSuggestions([]);
    setActive(-1);
    setQuery(null);
    onPick(s);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!open || suggestions.length === 0) {
      if (event.key === 'ArrowDown' && suggestions.length > 0) {
        setOpen(true);
        event.preventDefault();
      }
      return;
    }
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => (i + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      const chosen = suggestions[active];
      if (chosen) pick(chosen);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
    }
  };

  return (
    <div className={fieldStyles.field}>
      <FieldLabel htmlFor={ids.inputId}>{label}</FieldLabel>
      <FieldHint id={ids.hintId}>{hint}</FieldHint>
      <div className={styles.comboControl}>
        <input
          ref={inputRef}
          id={ids.inputId}
          className={fieldStyles.control}
          type="text"
          role="combobox"
          autoComplete="address-line1"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          maxLength={120}
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
            setQuery(event.target.value);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => window.setTimeout(() => setOpen(false), 150)}
        />
        <ul id={listId} role="listbox" aria-label="Address suggestions" className={styles.listbox} hidden={!open}>
          {suggestions.map((s, i) => (
            <li
              key={`${describe(s)}-${i}`}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? `${styles.option} ${styles.optionActive}` : styles.option}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(s)}
            >
              {describe(s)}
            </li>
          ))}
        </ul>
      </div>
      <FieldError id={ids.errorId}>{error}</FieldError>
    </div>
  );
}
