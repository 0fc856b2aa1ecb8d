import { useState } from 'react';
import type { FormEvent } from 'react';
import { MSG } from '@payrail/contract/messages';
import type { TState } from '@payrail/contract/reference';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { Select } from '@payrail/ui/select';
import { LoadingBlock } from '@payrail/ui/spinner';
import { useStates } from '../../../api/get-states';
import { stateOfResidenceProblem } from '../lib/form-rules';
import styles from './auth.module.css';

export interface StateOfResidenceProps {
  initialStateId?: number | null;
  onContinue: (state: TState) => void;
}

/**
 * Sign-up step 1: the state of residence. Choosing a state Payrail does not lend in yet says so at once
 * and disables Continue; continuing with none chosen says the state can't be blank (spec §5).
 */
export function StateOfResidence({ initialStateId, onContinue }: StateOfResidenceProps) {
  const { data: states, isPending, isError, refetch } = useStates();
  const [value, setValue] = useState(initialStateId ? String(initialStateId) : '');
  const [submitted, setSubmitted] = useState(false);

  if (isPending) return <LoadingBlock label="Loading states…" />;
  if (isError) {
    return (
      <Alert kind="error" title="We could not load the list of states.">
        <Button variant="secondary" size="sm" onClick={() => void refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }

  const message = stateOfResidenceProblem(states, value) ?? undefined;
  const unavailable = message === MSG.stateUnavailable;
  // "Unavailable" shows as soon as it is chosen; "blank" only after trying to continue.
  const error = unavailable || submitted ? message : undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const chosen = states.find((state) => String(state.id) === value);
    if (message === undefined && chosen) onContinue(chosen);
  };

  return (
    <form noValidate onSubmit={submit}>
      <Select
        label="State of residence"
        hint="Payrail lends in most US states. Choose the state you live in."
        placeholder="Choose a state"
        options={states.map((state) => ({ value: String(state.id), label: state.name }))}
        value={value}
        error={error}
        required
        autoComplete="address-level1"
        onChange={(event) => setValue(event.target.value)}
      />
      <div className={styles.actions}>
        <Button type="submit" fullWidth disabled={unavailable}>
          Continue
        </Button>
      </div>
    </form>
  );
}
