import type { TAddressSuggestion } from '@payrail/contract/address';
import type { TFieldValue, TReference } from '@payrail/contract/application';
import { MSG } from '@payrail/contract/messages';
import type { TLoanPurpose, TState } from '@payrail/contract/reference';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@payrail/ui/button';
import { RadioCards } from '@payrail/ui/radio-cards';
import { Select } from '@payrail/ui/select';
import { TextField } from '@payrail/ui/text-field';
import { MaskedTextField } from '@payrail/ui/masked-text-field';
import { notify } from '@payrail/ui/toast/notify';
import { isApiError } from '@payrail/client/http-client';
import { updateFields } from '../../../api/update-fields';
import { updateReferences } from '../../../api/update-references';
import { fieldErrorsOf } from '../api/about-yourself-api';
import { FIELD_LABELS, FORM_FIELDS, MONEY_FIELDS, OPTIONAL_FIELDS, isCompleteDate, isCompletePhone, isMaskedSsn, toFormValue } from '../lib/fields';
import { LatestSaves } from '../../../lib/latest-saves';
import type { FormField, FormValues } from '../lib/fields';
import { dateOfBirthWarning, ssnConfirmationError, ssnError } from '../lib/rules';
import { LeadDialog } from '../../../components/leads/lead-dialog';
import { AddressAutocomplete } from '../../../components/address/address-autocomplete';
import styles from './about-yourself.module.css';

/** Spec §9: auto-save after a 500 ms pause. */
export const AUTO_SAVE_DEBOUNCE_MS = 500;

/** The plain amount of a money text ($60,000.50 → 60000.50). */
const moneyDigits = (text: string) => text.replace(/[^0-9.]/g, '');

/** `retrying`: the save failed for want of the server (offline, 5xx) and is sent again by itself. */
type SaveState = 'saved' | 'pending' | 'error' | 'retrying';

/** Shown under a field whose save is waiting for the connection (issue #33: failed autosaves are retried). */
export const AUTO_SAVE_RETRY_MSG = 'Not saved yet: we could not reach the server. We will save it again as soon as the connection is back.';
/** Waits before the automatic retries of a failed save (then every 30 s), and at once when the browser is back online. */
export const AUTO_SAVE_RETRY_DELAYS_MS = [2_000, 5_000, 10_000, 30_000] as const;

/** A save that failed for want of the server (no connection, 5xx), not for its content. */
export function isRetryableSaveError(error: unknown): boolean {
  if (!isApiError(error)) return !(error instanceof Error && error.name === 'AbortError');
  return error.status === 0 || error.status >= 500;
}
type Reference = { firstName: string; lastName: string; relationship: string; phone: string };
const REFERENCE_KEYS = ['firstName', 'lastName', 'relationship', 'phone'] as const;
const emptyReference = (): Reference => ({ firstName: '', lastName: '', relationship: '', phone: '' });
/** Both references with their four answers, the phone with its ten digits: only then are they sent. */
const referencesComplete = (refs: readonly Reference[]) => refs.every((r) => REFERENCE_KEYS.every((k) => r[k].trim()) && isCompletePhone(r.phone));
/** A phone on file as the reference mask shows it, (###)###-####, so loading it is not an edit. */
const maskedPhone = (phone: string) => {
  const d = phone.replace(/\D/g, '').slice(-10);
  return d.length === 10 ? `(${d.slice(0, 3)})${d.slice(3, 6)}-${d.slice(6)}` : d;
};
const ssnTyped = (text: string) => text.replace(/\D/g, '').length;
const CONTINUE_HINT_ID = 'ay-continue-hint';
const REFERENCES_ERROR_ID = 'ay-references-error';

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

/** The About-yourself form (spec §2): every field auto-saves on its own and shows the server's error text. */
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
  const timers = useRef(new Map<string, number>());
  const versions = useRef(new Map<string, number>());
  // One save in flight per field (and for the references); the newest value is sent after it.
  const [saves] = useState(() => new LatestSaves());
  // Saves that failed for want of the server: retried with back-off, and at once when the browser is back online.
  const retries = useRef(new Map<string, { attempt: number; timer: number | undefined; run: () => void }>());
  const retryLater = useCallback((key: string, run: () => void) => {
    const previous = retries.current.get(key);
    if (previous?.timer !== undefined) window.clearTimeout(previous.timer);
    const attempt = (previous?.attempt ?? 0) + 1;
    const delay = AUTO_SAVE_RETRY_DELAYS_MS[Math.min(attempt - 1, AUTO_SAVE_RETRY_DELAYS_MS.length - 1)]!;
    const entry = { attempt, run, timer: undefined as number | undefined };
    entry.timer = window.setTimeout(() => {
      entry.timer = undefined;
      run();
    }, delay);
    retries.current.set(key, entry);
  }, []);
  const retryDone = useCallback((key: string) => {
    const entry = retries.current.get(key);
    if (entry?.timer !== undefined) window.clearTimeout(entry.timer);
    retries.current.delete(key);
  }, []);
  useEffect(() => {
    const pending = retries.current;
    const online = () => {
      for (const entry of pending.values()) {
        if (entry.timer !== undefined) window.clearTimeout(entry.timer);
        entry.timer = undefined;
        entry.run();
      }
    };
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      for (const entry of pending.values()) if (entry.timer !== undefined) window.clearTimeout(entry.timer);
    };
  }, []);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) window.clearTimeout(timer);
    };
  }, []);

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

  const bump = (key: string) => {
    const version = (versions.current.get(key) ?? 0) + 1;
    versions.current.set(key, version);
    return version;
  };

  /** Sends one field (or the SSN with its confirmation); a newer edit of the same field wins. */
  const save = useCallback(
    async (field: FormField) => {
      const version = versions.current.get(field) ?? 0;
      const current = valuesRef.current;
      let payload: Record<string, string>;
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
      if (field === 'social_security_number') {
        payload = { social_security_number: current.social_security_number, social_security_number_confirmation: confirmationRef.current };
      } else {
        payload = { [field]: current[field] };
      }
      try {
        await updateFields(payload);
        if (versions.current.get(field) !== version) return;
        retryDone(field);
        setError(field, null);
        if (field === 'social_security_number') setError('social_security_number_confirmation', null);
        markField(field, 'saved');
      } catch (error) {
        if (versions.current.get(field) !== version) return;
        if (isRetryableSaveError(error)) {
          // Not the answer's fault: say so under the field and send the same value again by itself.
          setError(field, AUTO_SAVE_RETRY_MSG);
          markField(field, 'retrying');
          retryLater(field, () => {
            if (versions.current.get(field) === version) void saves.run(field, () => saveRef.current(field));
          });
          return;
        }
        retryDone(field);
        const found = fieldErrorsOf(error, field);
        const message = found[field] ?? Object.values(found)[0];
        if (found.social_security_number_confirmation) setError('social_security_number_confirmation', found.social_security_number_confirmation);
        if (message) setError(field, message);
        markField(field, 'error');
      }
    },
    [markField, setError, stateById, retryDone, retryLater, saves],
  );
  // The retry calls the latest `save` (its closure sees the current states list).
  const saveRef = useRef(save);
  saveRef.current = save;

  const schedule = useCallback((key: string, run: () => void) => {
    const existing = timers.current.get(key);
    if (existing !== undefined) window.clearTimeout(existing);
    timers.current.set(
      key,
      window.setTimeout(() => {
        timers.current.delete(key);
        run();
      }, AUTO_SAVE_DEBOUNCE_MS),
    );
  }, []);

  /** A field changed: remember it, clear its error, and save it after the pause. */
  const change = (field: FormField, value: string) => {
    const next = { ...valuesRef.current, [field]: value };
    valuesRef.current = next;
    setValues(next);
    bump(field);
    retryDone(field);
    setError(field, null);
    markField(field, 'pending');
    if (field === 'state_id' && leadState) setLeadState(null);
    if (field === 'date_of_birth' && !isCompleteDate(value)) {
      // Nothing is sent until MM/DD/YYYY is complete; a waiting save of an older date is dropped.
      const timer = timers.current.get(field);
      if (timer !== undefined) window.clearTimeout(timer);
      timers.current.delete(field);
      saves.cancel(field);
      return;
    }
    schedule(field, () => saves.run(field, () => save(field)));
  };

  const changeSsn = (ssn: string, confirmation: string) => {
    const next = { ...valuesRef.current, social_security_number: ssn };
    valuesRef.current = next;
    confirmationRef.current = confirmation;
    setValues(next);
    setSsnConfirmation(confirmation);
    bump('social_security_number');
    const digits = ssn.replace(/\D/g, '');
    const invalid = ssnError(ssn);
    const mismatch = ssnConfirmationError(ssn, confirmation);
    setError('social_security_number', invalid);
    setError('social_security_number_confirmation', mismatch);
    const timer = timers.current.get('social_security_number');
    if (timer !== undefined) window.clearTimeout(timer);
    if (!digits && !confirmation && ssnOnFile) {
      markField('social_security_number', 'saved');
      return;
    }
    markField('social_security_number', invalid || mismatch ? 'error' : 'pending');
    if (digits.length === 9 && !invalid && confirmation.replace(/\D/g, '').length === 9 && !mismatch) {
      schedule('social_security_number', () => saves.run('social_security_number', () => save('social_security_number')));
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

  const changeReference = (index: number, key: (typeof REFERENCE_KEYS)[number], value: string) => {
    const next = referencesRef.current.map((r, i) => (i === index ? { ...r, [key]: value } : r));
    referencesRef.current = next;
    setReferences(next);
    bump('references');
    setError(`references.${index}.${key}`, null);
    setError('references', null);
    setReferencesState('pending');
    const timer = timers.current.get('references');
    if (timer !== undefined) window.clearTimeout(timer);
    timers.current.delete('references');
    if (!referencesComplete(next)) {
      saves.cancel('references');
      return;
    }
    schedule('references', () => saves.run('references', saveReferences));
  };

  /** Sends both references as they are now; an answer to an older version is ignored. */
  const saveReferences = async () => {
    const version = versions.current.get('references') ?? 0;
    const refs = referencesRef.current;
    if (!referencesComplete(refs)) return;
    try {
      await updateReferences(
        refs.map((r) => ({ firstName: r.firstName.trim(), lastName: r.lastName.trim(), relationship: r.relationship.trim(), phone: r.phone })),
      );
      if (versions.current.get('references') === version) {
        retryDone('references');
        setErrors((current) => {
          if (current.references !== AUTO_SAVE_RETRY_MSG) return current;
          const next = { ...current };
          delete next.references;
          return next;
        });
        setReferencesState('saved');
      }
    } catch (error) {
      if (versions.current.get('references') !== version) return;
      if (isRetryableSaveError(error)) {
        setErrors((current) => ({ ...current, references: AUTO_SAVE_RETRY_MSG }));
        setReferencesState('retrying');
        retryLater('references', () => {
          if (versions.current.get('references') === version) void saves.run('references', () => saveReferencesRef.current());
        });
        return;
      }
      retryDone('references');
      const found = fieldErrorsOf(error, 'references');
      setErrors((current) => ({ ...current, ...found }));
      setReferencesState('error');
    }
  };

  const saveReferencesRef = useRef(saveReferences);
  saveReferencesRef.current = saveReferences;

  // Continue: every required answer present, no error shown, everything saved (spec §2).
  const fieldDone = (field: FormField): boolean => {
    if (field === 'social_security_number') {
      const state = saveState.social_security_number;
      return state === 'saved' || (state === undefined && ssnOnFile !== null);
    }
    const state = saveState[field];
    if (state === 'pending' || state === 'error' || state === 'retrying') return false;
    if (OPTIONAL_FIELDS.has(field)) return true;
    return MONEY_FIELDS.has(field) ? moneyDigits(values[field]) !== '' : values[field].trim() !== '';
  };
  const incomplete = FORM_FIELDS.filter((f) => !fieldDone(f));
  const hasErrors = Object.values(errors).some((message) => message !== AUTO_SAVE_RETRY_MSG);
  const ready = incomplete.length === 0 && !hasErrors && referencesState === 'saved';

  // Why Continue is disabled: what is still missing, what shows an error, or that answers are being saved.
  const missing: string[] = [];
  const toFix: string[] = [];
  let saving = false;
  let waiting = false;
  for (const field of incomplete) {
    const label = FIELD_LABELS[field];
    if (saveState[field] === 'retrying') waiting = true;
    else if (field === 'social_security_number') {
      if (errors.social_security_number || errors.social_security_number_confirmation) toFix.push(label);
      else if (ssnTyped(values.social_security_number) < 9) missing.push(label);
      else if (ssnTyped(ssnConfirmation) < 9) missing.push('Confirm social security number');
      else if (saveState.social_security_number === 'error') toFix.push(label);
      else saving = true;
    } else if (errors[field] || saveState[field] === 'error') toFix.push(label);
    else if (field === 'date_of_birth' && !isCompleteDate(values.date_of_birth)) missing.push(`${label} (MM/DD/YYYY)`);
    else if (MONEY_FIELDS.has(field) ? moneyDigits(values[field]) === '' : values[field].trim() === '') missing.push(label);
    else saving = true;
  }
  const referenceErrors = Object.entries(errors).some(([key, message]) => key.startsWith('references') && message !== AUTO_SAVE_RETRY_MSG);
  if (referencesState === 'retrying') waiting = true;
  else if (referenceErrors || referencesState === 'error') toFix.push('References');
  else if (!referencesComplete(references)) missing.push('References (all four answers of both, with a 10-digit phone)');
  else if (referencesState === 'pending') saving = true;
  const continueHint = ready
    ? null
    : [
        missing.length > 0 ? `Still needed: ${missing.join(', ')}.` : '',
        toFix.length > 0 ? `Check: ${toFix.join(', ')}.` : '',
        waiting ? 'Some answers are not saved yet: waiting for the connection.' : '',
        saving ? 'Saving your answers…' : '',
      ]
        .filter(Boolean)
        .join(' ') || 'Saving your answers…';

  const textField = (field: FormField, label: string, extra: { autoComplete?: string; maxLength?: number; optional?: boolean } = {}) => (
    <TextField
      label={label}
      name={field}
      value={values[field]}
      onChange={(event) => change(field, event.target.value)}
      onBlur={(event) => {
        const trimmed = event.target.value.trim();
        if (trimmed !== event.target.value) change(field, trimmed);
      }}
      error={errors[field]}
      autoComplete={extra.autoComplete}
      maxLength={extra.maxLength}
      optional={extra.optional}
    />
  );

  const moneyField = (field: FormField, label: string, hint?: string) => (
    <MaskedTextField
      label={label}
      hint={hint}
      name={field}
      mask="money"
      inputMode="decimal"
      value={values[field]}
      onValueChange={(masked, raw) => {
        const current = valuesRef.current[field];
        if (masked === current) return;
        // The mask reformatting the same amount (60000 → $60,000) is not an edit: keep it without saving.
        if (moneyDigits(current) === raw) {
          valuesRef.current = { ...valuesRef.current, [field]: masked };
          setValues(valuesRef.current);
          return;
        }
        change(field, masked);
      }}
      error={errors[field]}
    />
  );

  const ssnMasked = ssnOnFile ? `Your social security number on file ends in ${ssnOnFile.slice(-4)}. Type it again only to change it.` : undefined;

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
        <section className={styles.section} aria-labelledby="ay-personal">
          <h2 id="ay-personal">Personal information</h2>
          <div className={styles.row2}>
            {textField('first_name', 'First name', { autoComplete: 'given-name', maxLength: 60 })}
            {textField('last_name', 'Last name', { autoComplete: 'family-name', maxLength: 60 })}
          </div>
          <MaskedTextField
            label="Date of birth"
            hint="MM/DD/YYYY"
            name="date_of_birth"
            mask="##/##/####"
            inputMode="numeric"
            autoComplete="bday"
            value={values.date_of_birth}
            onValueChange={(masked) => {
              if (masked !== valuesRef.current.date_of_birth) change('date_of_birth', masked);
            }}
            error={errors.date_of_birth}
          />
          <div className={styles.row2}>
            <MaskedTextField
              label="Social security number"
              hint={ssnMasked}
              name="social_security_number"
              mask="###-##-####"
              inputMode="numeric"
              autoComplete="off"
              placeholder={ssnOnFile ?? undefined}
              value={values.social_security_number}
              onValueChange={(masked) => {
                if (masked !== valuesRef.current.social_security_number) changeSsn(masked, confirmationRef.current);
              }}
              error={errors.social_security_number}
            />
            <MaskedTextField
              label="Confirm social security number"
              name="social_security_number_confirmation"
              mask="###-##-####"
              inputMode="numeric"
              autoComplete="off"
              value={ssnConfirmation}
              onPaste={(event) => event.preventDefault()}
              onDrop={(event) => event.preventDefault()}
              onValueChange={(masked) => {
                if (masked !== confirmationRef.current) changeSsn(valuesRef.current.social_security_number, masked);
              }}
              error={errors.social_security_number_confirmation}
            />
          </div>
          <div className={styles.row2}>
            {textField('driver_license_number', 'Driver license number', { autoComplete: 'off', maxLength: 30 })}
            <Select
              label="Driver license state"
              name="driver_license_state_id"
              placeholder="Choose a state"
              options={stateOptions}
              value={values.driver_license_state_id}
              onChange={(event) => change('driver_license_state_id', event.target.value)}
              error={errors.driver_license_state_id}
            />
          </div>
          <div className={styles.row2}>
            {moneyField('annual_income', 'Annual income')}
            {moneyField('annual_household_income', 'Annual household income')}
          </div>
          <Select
            label="Loan purpose"
            name="loan_purpose_id"
            placeholder="Choose a purpose"
            options={loanPurposes.map((p) => ({ value: String(p.id), label: p.name }))}
            value={values.loan_purpose_id}
            onChange={(event) => change('loan_purpose_id', event.target.value)}
            error={errors.loan_purpose_id}
          />
        </section>

        <section className={styles.section} aria-labelledby="ay-home">
          <h2 id="ay-home">Home information</h2>
          <AddressAutocomplete
            label="Address"
            value={values.address}
            error={errors.address}
            onChange={(text) => change('address', text)}
            onPick={pickAddress}
          />
          <div className={styles.row2}>
            {textField('unit_number', 'Unit number', { autoComplete: 'address-line2', maxLength: 10, optional: true })}
            {textField('city', 'City', { autoComplete: 'address-level2', maxLength: 60 })}
          </div>
          <div className={styles.row2}>
            <Select
              label="State"
              name="state_id"
              placeholder="Choose a state"
              options={stateOptions}
              value={values.state_id}
              onChange={(event) => change('state_id', event.target.value)}
              error={errors.state_id}
            />
            <MaskedTextField
              label="ZIP code"
              name="zip_code"
              mask="#####"
              inputMode="numeric"
              autoComplete="postal-code"
              value={values.zip_code}
              onValueChange={(masked) => {
                if (masked !== valuesRef.current.zip_code) change('zip_code', masked);
              }}
              error={errors.zip_code}
            />
          </div>
          <RadioCards
            legend="Do you rent or own your home?"
            name="housing_type"
            options={[
              { value: 'rent', label: 'Rent' },
              { value: 'own', label: 'Own' },
            ]}
            value={values.housing_type === 'rent' || values.housing_type === 'own' ? values.housing_type : null}
            onChange={(value) => change('housing_type', value)}
            error={errors.housing_type}
          />
          {moneyField('housing_payment', 'Monthly housing payment', 'Rent or mortgage, per month.')}
        </section>

        <section className={styles.section} aria-labelledby="ay-references">
          <h2 id="ay-references">References</h2>
          <p className={styles.muted}>Two people we may contact about your application.</p>
          {errors.references ? (
            <p id={REFERENCES_ERROR_ID} className={styles.error} role="alert">
              {errors.references}
            </p>
          ) : null}
          {references.map((reference, index) => (
            <fieldset key={index} className={styles.reference}>
              <legend>
                <h3>Reference {index + 1}</h3>
              </legend>
              <div className={styles.row2}>
                <TextField
                  label={`Reference ${index + 1} first name`}
                  maxLength={60}
                  autoComplete="off"
                  value={reference.firstName}
                  onChange={(e) => changeReference(index, 'firstName', e.target.value)}
                  error={errors[`references.${index}.firstName`]}
                  aria-describedby={errors.references ? REFERENCES_ERROR_ID : undefined}
                />
                <TextField
                  label={`Reference ${index + 1} last name`}
                  maxLength={60}
                  autoComplete="off"
                  value={reference.lastName}
                  onChange={(e) => changeReference(index, 'lastName', e.target.value)}
                  error={errors[`references.${index}.lastName`]}
                  aria-describedby={errors.references ? REFERENCES_ERROR_ID : undefined}
                />
              </div>
              <div className={styles.row2}>
                <TextField
                  label={`Reference ${index + 1} relationship`}
                  hint="For example: friend, sister, coworker."
                  maxLength={60}
                  autoComplete="off"
                  value={reference.relationship}
                  onChange={(e) => changeReference(index, 'relationship', e.target.value)}
                  error={errors[`references.${index}.relationship`]}
                  aria-describedby={errors.references ? REFERENCES_ERROR_ID : undefined}
                />
                <MaskedTextField
                  label={`Reference ${index + 1} phone`}
                  mask="(###)###-####"
                  type="tel"
                  inputMode="tel"
                  autoComplete="off"
                  value={reference.phone}
                  onValueChange={(masked) => {
                    if (masked !== referencesRef.current[index]?.phone) changeReference(index, 'phone', masked);
                  }}
                  error={errors[`references.${index}.phone`]}
                  aria-describedby={errors.references ? REFERENCES_ERROR_ID : undefined}
                />
              </div>
            </fieldset>
          ))}
        </section>

        <div className={styles.actions}>
          <p className={styles.status} role="status">
            {ready ? 'All your answers are saved.' : ''}
          </p>
          <Button
            type="submit"
            size="lg"
            fullWidth
            disabled={!ready}
            loading={props.continuePending}
            aria-describedby={continueHint ? CONTINUE_HINT_ID : undefined}
          >
            Continue
          </Button>
          {continueHint ? (
            <p id={CONTINUE_HINT_ID} className={styles.hint}>
              {continueHint}
            </p>
          ) : null}
          {props.onBack ? (
            <Button variant="ghost" fullWidth loading={props.backPending} onClick={props.onBack}>
              Back
            </Button>
          ) : null}
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
