import { MSG } from '@payrail/contract/messages';
import { PROOF_OF_ADDRESS_MAX_AGE_DAYS } from '@payrail/contract/newflow';
import { TextField } from '@payrail/ui/text-field';
import { MaskedTextField } from '@payrail/ui/masked-text-field';
import styles from './document-upload.module.css';

export interface StatedFacts {
  /** As typed: MM/DD/YYYY. */
  statementDate: string;
  address: string;
  zipCode: string;
}

export const EMPTY_STATED_FACTS: StatedFacts = { statementDate: '', address: '', zipCode: '' };

/** MM/DD/YYYY → YYYY-MM-DD, or null when it is not a real calendar date. */
export function statementDateIso(text: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!m) return null;
  const [, month, day, year] = m;
  const iso = `${year}-${month}-${day}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === iso ? iso : null;
}

/** The messages of the stated facts (format only: the 45 days and the address match are the server's rule). */
export function statedFactsErrors(facts: StatedFacts): Partial<Record<keyof StatedFacts, string>> {
  const errors: Partial<Record<keyof StatedFacts, string>> = {};
  if (!facts.statementDate) errors.statementDate = MSG.required;
  else if (!statementDateIso(facts.statementDate)) errors.statementDate = MSG.invalidDate;
  if (!facts.address.trim()) errors.address = MSG.required;
  if (!/^\d{5}$/.test(facts.zipCode)) errors.zipCode = 'Enter the 5-digit zip code.';
  return errors;
}

/** The multipart fields the classic upload takes next to a proof of address (docs/newflow.md "Proof of address in the classic flow"). */
export function statedFactsFields(facts: StatedFacts): Record<string, string> {
  return {
    'document[statement_date]': statementDateIso(facts.statementDate) ?? '',
    'document[address]': facts.address.trim(),
    'document[zip_code]': facts.zipCode,
  };
}

/**
 * What a proof of address states (spec §5 "dated within 45 days and match the address"): the date printed
 * on it and the street line and zip it shows. Sent with the file; the server checks them and keeps them
 * for the reviewer, who compares them with the image.
 */
export function ProofOfAddressFacts({ value, onChange, showErrors }: { value: StatedFacts; onChange: (next: StatedFacts) => void; showErrors: boolean }) {
  const errors = showErrors ? statedFactsErrors(value) : {};
  return (
    <fieldset className={styles.facts}>
      <legend>What your document shows</legend>
      <p className={styles.factsHint}>
        It must be dated within the last {PROOF_OF_ADDRESS_MAX_AGE_DAYS} days and show the address you gave us. Fill these in before you upload it.
      </p>
      <MaskedTextField
        label="Date on the document"
        hint="MM/DD/YYYY"
        mask="##/##/####"
        inputMode="numeric"
        required
        value={value.statementDate}
        onValueChange={(statementDate) => onChange({ ...value, statementDate })}
        error={errors.statementDate}
      />
      <TextField
        label="Street address on the document"
        required
        autoComplete="street-address"
        value={value.address}
        onChange={(event) => onChange({ ...value, address: event.target.value })}
        error={errors.address}
      />
      <TextField
        label="Zip code on the document"
        required
        inputMode="numeric"
        maxLength={5}
        value={value.zipCode}
        onChange={(event) => onChange({ ...value, zipCode: event.target.value.replace(/[^\d]/g, '') })}
        error={errors.zipCode}
      />
    </fieldset>
  );
}
