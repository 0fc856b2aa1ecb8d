import { MSG } from '@payrail/contract/messages';
import type { TState } from '@payrail/contract/reference';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { Select } from '@payrail/ui/select';
import { LoadingBlock } from '@payrail/ui/spinner';
import { ValidatedForm } from '@payrail/ui/validated-form';
import { useStates } from '../../../api/get-states';
import { validateStateOfResidence } from '../lib/form-rules';
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

  return (
    <ValidatedForm
      validate={(values: { state_id: string }) => validateStateOfResidence(states, values)}
      options={{ mode: 'onSubmit', defaultValues: { state_id: initialStateId ? String(initialStateId) : '' } }}
      onSubmit={({ state }) => onContinue(state)}
    >
      {({ register, watch, formState }) => {
        // "Unavailable" shows as soon as it is chosen; "blank" only after trying to continue.
        const unavailable = validateStateOfResidence(states, { state_id: watch('state_id') }).errors?.state_id === MSG.stateUnavailable;
        return (
          <>
            <Select
              label="State of residence"
              hint="Payrail lends in most US states. Choose the state you live in."
              placeholder="Choose a state"
              options={states.map((state) => ({ value: String(state.id), label: state.name }))}
              error={unavailable ? MSG.stateUnavailable : formState.errors.state_id?.message}
              required
              autoComplete="address-level1"
              {...register('state_id')}
            />
            <div className={styles.actions}>
              <Button type="submit" fullWidth disabled={unavailable}>
                Continue
              </Button>
            </div>
          </>
        );
      }}
    </ValidatedForm>
  );
}
