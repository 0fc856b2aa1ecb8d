import { EMPLOYER_SEARCH_DEBOUNCE_MS, EMPLOYER_SEARCH_MIN } from '@payrail/contract/reference';
import type { TEmployer } from '@payrail/contract/reference';
import { MSG } from '@payrail/contract/messages';
import { useEffect, useState } from 'react';
import { Button } from '@payrail/ui/button';
import { TextField } from '@payrail/ui/text-field';
import { useEmployerSearch } from '../../../api/search-employers';
import styles from './feedback.module.css';

export const EMPLOYER_NOT_AVAILABLE = 'Your employer is not available yet. Check the spelling or try another name.';

export interface ChosenEmployer {
  id: number;
  name: string;
  partner: boolean;
}

export interface EmployerPickerProps {
  chosen: ChosenEmployer | null;
  onChoose: (employer: ChosenEmployer) => void;
  error?: string;
}

/** Search (from 3 characters, 500 ms after the last key, spec §9) and pick an employer. */
export function EmployerPicker({ chosen, onChoose, error }: EmployerPickerProps) {
  const [typed, setTyped] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setTerm(typed), EMPLOYER_SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [typed]);
  const search = useEmployerSearch(term);
  const results = search.data ?? [];
  const ready = term.trim().length >= EMPLOYER_SEARCH_MIN;

  return (
    <div className={styles.employer}>
      <p className={styles.current} aria-live="polite">
        {chosen ? (
          <>
            Your employer: <strong>{chosen.name}</strong>
          </>
        ) : (
          'No employer chosen yet.'
        )}
      </p>
      <TextField
        label="Search for your employer"
        hint={`Type at least ${EMPLOYER_SEARCH_MIN} letters of your employer's name.`}
        type="search"
        autoComplete="organization"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        error={error}
      />
      {ready ? (
        search.isError ? (
          <p role="alert" className={styles.errorText}>
            {MSG.employerSearchFailed}
          </p>
        ) : search.isSuccess && results.length === 0 ? (
          <p className={styles.muted}>{EMPLOYER_NOT_AVAILABLE}</p>
        ) : results.length > 0 ? (
          <ul className={styles.results} aria-label="Employers found">
            {results.map((employer: TEmployer) => (
              <li key={employer.id}>
                <Button
                  variant={chosen?.id === employer.id ? 'primary' : 'secondary'}
                  size="sm"
                  aria-pressed={chosen?.id === employer.id}
                  onClick={() => onChoose({ id: employer.id, name: employer.name, partner: employer.partnership === 'b2b_partner' })}
                >
                  {employer.name}
                </Button>
              </li>
            ))}
          </ul>
        ) : null
      ) : null}
    </div>
  );
}
