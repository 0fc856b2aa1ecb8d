import { MaskedTextField } from '@payrail/ui/masked-text-field';
import { TextField } from '@payrail/ui/text-field';
import styles from '../about-yourself.module.css';
import type { Reference, ReferenceKey } from '../about-yourself-form.schema';

const REFERENCES_ERROR_ID = 'ay-references-error';

export interface ReferencesSectionProps {
  references: readonly Reference[];
  errors: Readonly<Record<string, string>>;
  /** The newest phone typed for a reference (a mask reports before React re-renders). */
  currentPhone: (index: number) => string | undefined;
  change: (index: number, key: ReferenceKey, value: string) => void;
}

/** References (spec §2, §3): two people, four answers each; a references error is an alert tied to every field. */
export function ReferencesSection({ references, errors, currentPhone, change }: ReferencesSectionProps) {
  const describedBy = errors.references ? REFERENCES_ERROR_ID : undefined;
  return (
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
              onChange={(e) => change(index, 'firstName', e.target.value)}
              error={errors[`references.${index}.firstName`]}
              aria-describedby={describedBy}
            />
            <TextField
              label={`Reference ${index + 1} last name`}
              maxLength={60}
              autoComplete="off"
              value={reference.lastName}
              onChange={(e) => change(index, 'lastName', e.target.value)}
              error={errors[`references.${index}.lastName`]}
              aria-describedby={describedBy}
            />
          </div>
          <div className={styles.row2}>
            <TextField
              label={`Reference ${index + 1} relationship`}
              hint="For example: friend, sister, coworker."
              maxLength={60}
              autoComplete="off"
              value={reference.relationship}
              onChange={(e) => change(index, 'relationship', e.target.value)}
              error={errors[`references.${index}.relationship`]}
              aria-describedby={describedBy}
            />
            <MaskedTextField
              label={`Reference ${index + 1} phone`}
              mask="(###)###-####"
              type="tel"
              inputMode="tel"
              autoComplete="off"
              value={reference.phone}
              onValueChange={(masked) => {
                if (masked !== currentPhone(index)) change(index, 'phone', masked);
              }}
              error={errors[`references.${index}.phone`]}
              aria-describedby={describedBy}
            />
          </div>
        </fieldset>
      ))}
    </section>
  );
}
