import { z } from 'zod';
import { ZUpdateReferencesRequest } from '@payrail/contract/application';
import type { TFieldValue, TReference } from '@payrail/contract/application';
import { FIELD_LABELS, FORM_FIELDS, MONEY_FIELDS, OPTIONAL_FIELDS, isCompleteDate, toFormValue } from '../lib/fields';
import type { FormField, FormValues } from '../lib/fields';

/**
 * The rules of the About-yourself step (spec §2, §5). Each field is checked and saved on its own
 * (`../lib/rules.ts` for the date of birth and the SSN, the server for the rest); the references are
 * sent only when the contract's request (`ZUpdateReferencesRequest`: both, all four answers, a US
 * phone) accepts them; Continue waits for every required answer to be saved (`continueGate`).
 */

/** `retrying`: the save failed for want of the server (offline, 5xx) and is sent again by itself. */
export type SaveState = 'saved' | 'pending' | 'error' | 'retrying';

/** Shown under a field whose save is waiting for the connection (issue #33: failed autosaves are retried). */
export const AUTO_SAVE_RETRY_MSG = 'Not saved yet: we could not reach the server. We will save it again as soon as the connection is back.';

export type Reference = { firstName: string; lastName: string; relationship: string; phone: string };
export const REFERENCE_KEYS = ['firstName', 'lastName', 'relationship', 'phone'] as const;
export type ReferenceKey = (typeof REFERENCE_KEYS)[number];
export const emptyReference = (): Reference => ({ firstName: '', lastName: '', relationship: '', phone: '' });

/** The two references as update_references takes them (trimmed), or null while the contract would refuse them. */
export function referencesRequest(refs: readonly Reference[]): Reference[] | null {
  const parsed = ZUpdateReferencesRequest.safeParse({ references: refs });
  return parsed.success ? parsed.data.references : null;
}
/** Both references with their four answers, the phone with its ten digits: only then are they sent. */
export const referencesComplete = (refs: readonly Reference[]): boolean => referencesRequest(refs) !== null;

/** A phone on file as the reference mask shows it, (###)###-####, so loading it is not an edit. */
export function maskedPhone(phone: string): string {
  const d = phone.replace(/\D/g, '').slice(-10);
  return d.length === 10 ? `(${d.slice(0, 3)})${d.slice(3, 6)}-${d.slice(6)}` : d;
}

/**
 * The step's form (`Form` from the kit) holds every answer as typed: the fields, the SSN confirmation and
 * both references. Each answer is checked by the server as it is saved (`useAutoSave`), so the schema is
 * only their shape; Continue is `continueGate`, which also weighs what is saved.
 */
export const aboutYourselfFormSchema = z.object({
  ...(Object.fromEntries(FORM_FIELDS.map((field) => [field, z.string()])) as Record<FormField, z.ZodString>),
  social_security_number_confirmation: z.string(),
  references: z.array(z.object({ firstName: z.string(), lastName: z.string(), relationship: z.string(), phone: z.string() })),
});
export type AboutYourselfValues = z.infer<typeof aboutYourselfFormSchema>;

/** The answers on file as the form starts: the SSN field empty (a masked SSN on file is a hint), two references, phones masked. */
export function aboutYourselfDefaults(initialValues: Readonly<Record<FormField, TFieldValue>>, initialReferences: readonly TReference[]): AboutYourselfValues {
  const values = Object.fromEntries(FORM_FIELDS.map((f) => [f, toFormValue(f, initialValues[f])])) as FormValues;
  values.social_security_number = '';
  const references = [0, 1].map((i) => {
    const r = { ...emptyReference(), ...initialReferences[i] };
    return { ...r, phone: maskedPhone(r.phone) };
  });
  return { ...values, social_security_number_confirmation: '', references };
}

/** The plain amount of a money text ($60,000.50 → 60000.50). */
export const moneyDigits = (text: string): string => text.replace(/[^0-9.]/g, '');

const ssnTyped = (text: string) => text.replace(/\D/g, '').length;

export interface StepState {
  values: FormValues;
  ssnConfirmation: string;
  /** A masked SSN on file (xxx-xx-1234), or null. */
  ssnOnFile: string | null;
  errors: Readonly<Record<string, string>>;
  saveState: Partial<Record<FormField, SaveState>>;
  references: readonly Reference[];
  referencesState: SaveState;
}

/**
 * Continue (spec §2): every required answer present, no error shown, everything saved. Otherwise the
 * hint says what is still missing, what shows an error, or that answers are being saved.
 */
export function continueGate(step: StepState): { ready: boolean; hint: string | null } {
  const { values, ssnConfirmation, ssnOnFile, errors, saveState, references, referencesState } = step;
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
  if (ready) return { ready, hint: null };

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
  const hint =
    [
      missing.length > 0 ? `Still needed: ${missing.join(', ')}.` : '',
      toFix.length > 0 ? `Check: ${toFix.join(', ')}.` : '',
      waiting ? 'Some answers are not saved yet: waiting for the connection.' : '',
      saving ? 'Saving your answers…' : '',
    ]
      .filter(Boolean)
      .join(' ') || 'Saving your answers…';
  return { ready, hint };
}
