import type { Ref } from 'react';
import { MSG } from '@payrail/contract/messages';
import { EMPLOYER_SEARCH_DEBOUNCE_MS, EMPLOYER_SEARCH_MIN } from '@payrail/contract/reference';
import type { TEmployer } from '@payrail/contract/reference';
import { Alert } from '@payrail/ui/alert';
import { TextField } from '@payrail/ui/text-field';
import { useEmployerSearch } from '../../../api/search-employers';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import styles from './employer.module.css';

/** Shown when the search found nothing (spec §2 "employer-not-available text"). */
export const EMPLOYER_NOT_AVAILABLE =
  'We could not find this employer in our program. Check the spelling, or tick “My employer is not listed” to tell us about it.';

export const SEARCH_DEBOUNCE_MS = EMPLOYER_SEARCH_DEBOUNCE_MS;

export interface EmployerSearchProps {
  search: string;
  onSearchChange: (value: string) => void;
  onPick: (employer: TEmployer) => void;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/** Employer search from the third character (spec §9); each result is a button that picks it. */
export function EmployerSearch({ search, onSearchChange, onPick, error, inputRef }: EmployerSearchProps) {
  const settled = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const term = settled.trim();
  const query = useEmployerSearch(settled);
  const active = term.length >= EMPLOYER_SEARCH_MIN;
  const results = active ? query.data : undefined;
  return (
    <div className={styles.search}>
      <TextField
        ref={inputRef}
        label="Search for your employer"
        hint={`Type at least ${EMPLOYER_SEARCH_MIN} characters of your employer’s name.`}
        type="search"
        autoComplete="off"
        value={search}
        onChange={(event) => onSearchChange(event.target.value)}
        error={error}
      />
      <div aria-live="polite" className={styles.searchStatus}>
        {active && query.isFetching && !results ? <p className={styles.hint}>Searching…</p> : null}
        {active && query.isError ? <Alert kind="error">{MSG.employerSearchFailed}</Alert> : null}
        {results && results.length === 0 ? <p className={styles.hint}>{EMPLOYER_NOT_AVAILABLE}</p> : null}
        {results && results.length > 0 ? (
          <p className="visually-hidden">{results.length === 1 ? '1 employer found' : `${results.length} employers found`}</p>
        ) : null}
      </div>
      {results && results.length > 0 ? (
        <ul className={styles.results} aria-label="Employers found">
          {results.map((employer) => (
            <li key={employer.id}>
              <button type="button" className={styles.result} onClick={() => onPick(employer)}>
                {employer.name}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
