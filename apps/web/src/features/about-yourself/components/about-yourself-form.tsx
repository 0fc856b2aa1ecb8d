import type { TAddressSuggestion } from '@payrail/contract/address';
import type { TFieldValue, TReference } from '@payrail/contract/application';
import { MSG } from '@payrail/contract/messages';
import type { TLoanPurpose, TState } from '@payrail/contract/reference';
import { useCallback, useMemo, useRef, useState } from 'react';
import { StepActions } from '@payrail/ui/step-actions';
import { notify } from '@payrail/ui/toast/notify';
import { updateFields } from '../../../api/update-fields';
import { updateReferences } from '../../../api/update-references';
import { fieldErrorsOf } from '../lib/field-errors';
import { FORM_FIELDS, isCompleteDate, isMaskedSsn, toFormValue } from '../lib/fields';
import type { FormField, FormValues } from '../lib/fields';
import { dateOfBirthWarning, ssnConfirmationError, ssnError } from '../lib/rules';
import { isRetryableSaveError, useAutoSave } from '../hooks/use-auto-save';
import { LeadDialog } from '../../../components/leads/lead-dialog';
import { AUTO_SAVE_RETRY_MSG, REFERENCE_KEYS, continueGate, emptyReference, maskedPhone, referencesRequest } from './about-yourself-form.schema';
import type { Reference, ReferenceKey, SaveState } from './about-yourself-form.schema';
import { HomeSection } from './sections/home-section';
import { PersonalSection } from './sections/personal-section';
import { ReferencesSection } from './sections/references-section';
import styles from './about-yourself.module.css';

export { AUTO_SAVE_DEBOUNCE_MS, AUTO_SAVE_RETRY_DELAYS_MS, isRetryableSaveError } from '../hooks/use-auto-save';
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
 * The About-yourself step (spec §2): every field auto-saves on its own (`useAutoSave`: 500 ms pause,
 * one save in flight, retries) and shows the server's error text; the rules are in
 * `about-yourself-form.schema.ts`, the three sections in `sections/`.
 */
export function AboutYourselfForm(props: AboutYourselfFormProps) {
  const { initialValues, initialReferences, states, loanPurposes, email } = props;
  const initialSsn = toFormValue('social_security_number', initialValues.social_security_number);
  const ssnOnFile = isMaskedSsn(initialSsn) ? initialSsn : null;

  const [values, setValues] = useState<FormValues>(() => {
    const v = Object.fromEntries(FORM_FIELDS.map((f) => [f, toFormValue(f, initialValues[f])])) as FormValues;
    v.social_security_number = '';
    return v;
  });
  const [ssnConfirmation, setSsnConfirmation] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saveState, setSaveState] = useState<Partial<Record<FormField, SaveState>>>({});
  const [references, setReferences] = useState<Reference[]>(() =>
    [0, 1].map((i) => {
      const r = { ...emptyReference(), ...initialReferences[i] };
      return { ...r, phone: maskedPhone(r.phone) };
    }),
  );
  const [referencesState, setReferencesState] = useState<SaveState>(() =>
    initialReferences.length === 2 && initialReferences.every((r) => REFERENCE_KEYS.every((k) => r[k].trim())) ? 'saved' : 'pending',
  );
  const [leadState, setLeadState] = useState<TState | null>(null);

  const valuesRef = useRef(values);
  valuesRef.current = values;
  const confirmationRef = useRef(ssnConfirmation);
  confirmationRef.current = ssnConfirmation;
  const referencesRef = useRef(references);
  referencesRef.current = references;
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

  /** Sends one field (or the SSN with its confirmation); a newer edit of the same field wins. */
  const save = useCallback(
    async (field: FormField) => {
      const version = auto.version(field);
      const current = valuesRef.current;
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
          setLeadState(state);
          return;
        }
      }
      const payload: Record<string, string> =
        field === 'social_security_number'
          ? { social_security_number: current.social_security_number, social_security_number_confirmation: confirmationRef.current }
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
    [auto, markField, setError, stateById],
  );
  // The retry calls the latest `save` (its closure sees the current states list).
  const saveRef = useRef(save);
  saveRef.current = save;

  /** A field changed: remember it, clear its error, and save it after the pause. */
  const change = (field: FormField, value: string) => {
    const next = { ...valuesRef.current, [field]: value };
    valuesRef.current = next;
    setValues(next);
    auto.bump(field);
    auto.retryDone(field);
    setError(field, null);
    markField(field, 'pending');
    if (field === 'state_id' && leadState) setLeadState(null);
    if (field === 'date_of_birth' && !isCompleteDate(value)) {
      // Nothing is sent until MM/DD/YYYY is complete; a waiting save of an older date is dropped.
      auto.cancel(field);
      return;
    }
    auto.schedule(field, () => save(field));
  };

  /** The mask reformatted the same amount (60000 → $60,000): keep it without saving. */
  const keep = (field: FormField, value: string) => {
    valuesRef.current = { ...valuesRef.current, [field]: value };
    setValues(valuesRef.current);
  };

  const changeSsn = (ssn: string, confirmation: string) => {
    const next = { ...valuesRef.current, social_security_number: ssn };
    valuesRef.current = next;
    confirmationRef.current = confirmation;
    setValues(next);
    setSsnConfirmation(confirmation);
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

  /** Sends both references as they are now; an answer to an older version is ignored. */
  const saveReferences = async () => {
    const version = auto.version('references');
    const request = referencesRequest(referencesRef.current);
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
    const next = referencesRef.current.map((r, i) => (i === index ? { ...r, [key]: value } : r));
    referencesRef.current = next;
    setReferences(next);
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

  const { ready, hint } = continueGate({ values, ssnConfirmation, ssnOnFile, errors, saveState, references, referencesState });
  const answers = { values, errors, change, keep, current: (field: FormField) => valuesRef.current[field] };

  return (
    <>
      <form
        noValidate
        aria-label="About yourself"
        onSubmit={(event) => {
          event.preventDefault();
          if (ready) props.onContinue();
        }}
      >
        <PersonalSection
          {...answers}
          stateOptions={stateOptions}
          loanPurposes={loanPurposes}
          ssnOnFile={ssnOnFile}
          ssnConfirmation={ssnConfirmation}
          currentConfirmation={() => confirmationRef.current}
          changeSsn={changeSsn}
        />
        <HomeSection {...answers} stateOptions={stateOptions} pickAddress={pickAddress} />
        <ReferencesSection references={references} errors={errors} currentPhone={(index) => referencesRef.current[index]?.phone} change={changeReference} />
        <div className={styles.actions}>
          <p className={styles.status} role="status">
            {ready ? 'All your answers are saved.' : ''}
          </p>
          <StepActions disabled={!ready} pending={props.continuePending} hint={hint} onBack={props.onBack} backPending={props.backPending} />
        </div>
      </form>
      <LeadDialog
        open={leadState !== null}
        stateId={leadState?.id ?? null}
        stateName={leadState?.name}
        defaultName={`${values.first_name} ${values.last_name}`.trim()}
        defaultEmail={email}
        onClose={() => setLeadState(null)}
        onSubscribed={props.onLeadSubscribed}
      />
    </>
  );
}
