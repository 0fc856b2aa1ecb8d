import type { TAddressSuggestion } from '@payrail/contract/address';
import type { TFieldValue, TReference } from '@payrail/contract/application';
import { MSG } from '@payrail/contract/messages';
import type { TLoanPurpose, TState } from '@payrail/contract/reference';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Form } from '@payrail/ui/form';
import { StepActions } from '@payrail/ui/step-actions';
import { notify } from '@payrail/ui/toast/notify';
import { isRetryableSaveError, useAutoSave } from '@payrail/ui/use-auto-save';
import { updateFields } from '../../../api/update-fields';
import { updateReferences } from '../../../api/update-references';
import { fieldErrorsOf } from '../lib/field-errors';
import { isCompleteDate, isMaskedSsn, toFormValue } from '../lib/fields';
import type { FormField } from '../lib/fields';
import { dateOfBirthWarning, ssnConfirmationError, ssnError } from '../lib/rules';
import { LeadDialog } from '../../../components/leads/lead-dialog';
import {
  AUTO_SAVE_RETRY_MSG,
  REFERENCE_KEYS,
  aboutYourselfDefaults,
  aboutYourselfFormSchema,
  continueGate,
  referencesRequest,
} from './about-yourself-form.schema';
import type { AboutYourselfValues, ReferenceKey, SaveState } from './about-yourself-form.schema';
import { HomeSection } from './sections/home-section';
import { PersonalSection } from './sections/personal-section';
import { ReferencesSection } from './sections/references-section';
import styles from './about-yourself.module.css';

export { AUTO_SAVE_RETRY_MSG } from './about-yourself-form.schema';

export interface AboutYourselfFormProps {
  initialValues: Record<FormField, TFieldValue>;
  initialReferences: readonly TReference[];
  states: readonly TState[];
  loanPurposes: readonly TLoanPurpose[];
  email: string;
  onContinue: () => void;
  continuePending: boolean;
  onBack?: (() => void) | undefined;
  backPending?: boolean;
  /** The lead was stored: the page signs out and opens /signin (spec §8). */
  onLeadSubscribed: () => void;
}

/**
 * The About-yourself step (spec §2): the answers live in the kit's `Form` (react-hook-form, the shape in
 * `aboutYourselfFormSchema`); every field auto-saves on its own (`useAutoSave`: 500 ms pause, one save in
 * flight, retries) and shows the server's error text; the rules are in `about-yourself-form.schema.ts`,
 * the three sections in `sections/`. Continue (`continueGate`) waits for every answer to be saved.
 */
export function AboutYourselfForm(props: AboutYourselfFormProps) {
  const { initialValues, initialReferences, email } = props;
  const [defaultValues] = useState(() => aboutYourselfDefaults(initialValues, initialReferences));
  // Continue's gate as the answers last rendered it (`continueGate` weighs the saves, not only the answers).
  const ready = useRef(false);
  const [lead, setLead] = useState<{ state: TState; name: string } | null>(null);
  return (
    <>
      <Form
        aria-label="About yourself"
        schema={aboutYourselfFormSchema}
        options={{ defaultValues }}
        onSubmit={() => {
          if (ready.current) props.onContinue();
        }}
      >
        {() => <AboutYourselfAnswers {...props} ready={ready} leadOpen={lead !== null} onLead={setLead} />}
      </Form>
      <LeadDialog
        open={lead !== null}
        stateId={lead?.state.id ?? null}
        stateName={lead?.state.name}
        defaultName={lead?.name ?? ''}
        defaultEmail={email}
        onClose={() => setLead(null)}
        onSubscribed={props.onLeadSubscribed}
      />
    </>
  );
}

interface AboutYourselfAnswersProps extends AboutYourselfFormProps {
  /** Written on every render: Continue may go on. */
  ready: RefObject<boolean>;
  leadOpen: boolean;
  /** A state where the program is not offered was chosen (null: the choice changed): the lead dialog. */
  onLead: (lead: { state: TState; name: string } | null) => void;
}

/** The fields and the footer, inside the form: its answers are the form's values (useFormContext). */
function AboutYourselfAnswers(props: AboutYourselfAnswersProps) {
  const { initialValues, initialReferences, states, loanPurposes, leadOpen, onLead } = props;
  const { control, getValues, setValue } = useFormContext<AboutYourselfValues>();
  const answersNow = useWatch({ control }) as AboutYourselfValues;
  const initialSsn = toFormValue('social_security_number', initialValues.social_security_number);
  const ssnOnFile = isMaskedSsn(initialSsn) ? initialSsn : null;

  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saveState, setSaveState] = useState<Partial<Record<FormField, SaveState>>>({});
  const [referencesState, setReferencesState] = useState<SaveState>(() =>
    initialReferences.length === 2 && initialReferences.every((r) => REFERENCE_KEYS.every((k) => r[k].trim())) ? 'saved' : 'pending',
  );
  const auto = useAutoSave();

  const stateById = useMemo(() => new Map(states.map((s) => [String(s.id), s])), [states]);
  const stateOptions = useMemo(() => states.map((s) => ({ value: String(s.id), label: s.name })), [states]);

  const setError = useCallback((key: string, message: string | null) => {
    setErrors((current) => {
      if ((current[key] ?? null) === message) return current;
      const next = { ...current };
      if (message) next[key] = message;
      else delete next[key];
      return next;
    });
  }, []);
  const markField = useCallback((field: FormField, state: SaveState) => setSaveState((current) => ({ ...current, [field]: state })), []);

  /** Sends one field (or the SSN with its confirmation), as the form holds it now; a newer edit of the same field wins. */
  const save = useCallback(
    async (field: FormField) => {
      const version = auto.version(field);
      const current = getValues();
      if (field === 'date_of_birth') {
        // An incomplete date is never sent (spec §5: checked "once complete").
        if (!isCompleteDate(current.date_of_birth)) return;
        const warning = dateOfBirthWarning(current.date_of_birth);
        if (warning) {
          notify.warning(warning);
          setError(field, warning);
          markField(field, 'error');
          return;
        }
      }
      if (field === 'state_id') {
        const state = stateById.get(current.state_id);
        if (state && !state.is_available) {
          setError(field, MSG.stateUnavailable);
          markField(field, 'error');
          onLead({ state, name: `${current.first_name} ${current.last_name}`.trim() });
          return;
        }
      }
      const payload: Record<string, string> =
        field === 'social_security_number'
          ? { social_security_number: current.social_security_number, social_security_number_confirmation: current.social_security_number_confirmation }
          : { [field]: current[field] };
      try {
        await updateFields(payload);
        if (auto.version(field) !== version) return;
        auto.retryDone(field);
        setError(field, null);
        if (field === 'social_security_number') setError('social_security_number_confirmation', null);
        markField(field, 'saved');
      } catch (error) {
        if (auto.version(field) !== version) return;
        if (isRetryableSaveError(error)) {
          // Not the answer's fault: say so under the field and send the same value again by itself.
          setError(field, AUTO_SAVE_RETRY_MSG);
          markField(field, 'retrying');
          auto.retryLater(field, () => {
            if (auto.version(field) === version) auto.run(field, () => saveRef.current(field));
          });
          return;
        }
        auto.retryDone(field);
        const found = fieldErrorsOf(error, field);
        const message = found[field] ?? Object.values(found)[0];
        if (found.social_security_number_confirmation) setError('social_security_number_confirmation', found.social_security_number_confirmation);
        if (message) setError(field, message);
        markField(field, 'error');
      }
    },
    [auto, getValues, markField, onLead, setError, stateById],
  );
  // The retry calls the latest `save` (its closure sees the current states list).
  const saveRef = useRef(save);
  saveRef.current = save;

  /** A field changed: remember it, clear its error, and save it after the pause. */
  const change = (field: FormField, value: string) => {
    setValue(field, value);
    auto.bump(field);
    auto.retryDone(field);
    setError(field, null);
    markField(field, 'pending');
    if (field === 'state_id' && leadOpen) onLead(null);
    if (field === 'date_of_birth' && !isCompleteDate(value)) {
      // Nothing is sent until MM/DD/YYYY is complete; a waiting save of an older date is dropped.
      auto.cancel(field);
      return;
    }
    auto.schedule(field, () => save(field));
  };

  /** The mask reformatted the same amount (60000 → $60,000): keep it without saving. */
  const keep = (field: FormField, value: string) => setValue(field, value);

  const changeSsn = (ssn: string, confirmation: string) => {
    setValue('social_security_number', ssn);
    setValue('social_security_number_confirmation', confirmation);
    auto.bump('social_security_number');
    const digits = ssn.replace(/\D/g, '');
    const invalid = ssnError(ssn);
    const mismatch = ssnConfirmationError(ssn, confirmation);
    setError('social_security_number', invalid);
    setError('social_security_number_confirmation', mismatch);
    auto.clearTimer('social_security_number');
    if (!digits && !confirmation && ssnOnFile) {
      markField('social_security_number', 'saved');
      return;
    }
    markField('social_security_number', invalid || mismatch ? 'error' : 'pending');
    if (digits.length === 9 && !invalid && confirmation.replace(/\D/g, '').length === 9 && !mismatch) {
      auto.schedule('social_security_number', () => save('social_security_number'));
    }
  };

  const pickAddress = (s: TAddressSuggestion) => {
    const state = states.find((st) => st.abbreviation === s.state);
    change('address', s.address);
    if (s.unit_number) change('unit_number', s.unit_number);
    change('city', s.city);
    change('zip_code', s.zip_code);
    if (state) change('state_id', String(state.id));
  };

  /** Sends both references as the form holds them now; an answer to an older version is ignored. */
  const saveReferences = async () => {
    const version = auto.version('references');
    const request = referencesRequest(getValues('references'));
    if (!request) return;
    try {
      await updateReferences(request);
      if (auto.version('references') === version) {
        auto.retryDone('references');
        setErrors((current) => {
          if (current.references !== AUTO_SAVE_RETRY_MSG) return current;
          const next = { ...current };
          delete next.references;
          return next;
        });
        setReferencesState('saved');
      }
    } catch (error) {
      if (auto.version('references') !== version) return;
      if (isRetryableSaveError(error)) {
        setErrors((current) => ({ ...current, references: AUTO_SAVE_RETRY_MSG }));
        setReferencesState('retrying');
        auto.retryLater('references', () => {
          if (auto.version('references') === version) auto.run('references', () => saveReferencesRef.current());
        });
        return;
      }
      auto.retryDone('references');
      const found = fieldErrorsOf(error, 'references');
      setErrors((current) => ({ ...current, ...found }));
      setReferencesState('error');
    }
  };
  const saveReferencesRef = useRef(saveReferences);
  saveReferencesRef.current = saveReferences;

  const changeReference = (index: number, key: ReferenceKey, value: string) => {
    const next = getValues('references').map((r, i) => (i === index ? { ...r, [key]: value } : r));
    setValue('references', next);
    auto.bump('references');
    setError(`references.${index}.${key}`, null);
    setError('references', null);
    setReferencesState('pending');
    if (!referencesRequest(next)) {
      auto.cancel('references');
      return;
    }
    auto.schedule('references', saveReferences);
  };

  const { social_security_number_confirmation: ssnConfirmation, references, ...values } = answersNow;
  const gate = continueGate({ values, ssnConfirmation, ssnOnFile, errors, saveState, references, referencesState });
  props.ready.current = gate.ready;
  const answers = { values, errors, change, keep, current: (field: FormField) => getValues(field) };

  return (
    <>
      <PersonalSection
        {...answers}
        stateOptions={stateOptions}
        loanPurposes={loanPurposes}
        ssnOnFile={ssnOnFile}
        ssnConfirmation={ssnConfirmation}
        currentConfirmation={() => getValues('social_security_number_confirmation')}
        changeSsn={changeSsn}
      />
      <HomeSection {...answers} stateOptions={stateOptions} pickAddress={pickAddress} />
      <ReferencesSection references={references} errors={errors} currentPhone={(index) => getValues('references')[index]?.phone} change={changeReference} />
      <div className={styles.actions}>
        <p className={styles.status} role="status">
          {gate.ready ? 'All your answers are saved.' : ''}
        </p>
        <StepActions disabled={!gate.ready} pending={props.continuePending} hint={gate.hint} onBack={props.onBack} backPending={props.backPending} />
      </div>
    </>
  );
}
