import type { TLoanPurpose } from '@payrail/contract/reference';
import { MaskedTextField } from '@payrail/ui/masked-text-field';
import { Select } from '@payrail/ui/select';
import styles from '../about-yourself.module.css';
import { MoneyAnswer, TextAnswer } from './answer-fields';
import type { AnswersProps } from './answer-fields';

export interface PersonalSectionProps extends AnswersProps {
  stateOptions: readonly { value: string; label: string }[];
  loanPurposes: readonly TLoanPurpose[];
  /** A masked SSN on file (xxx-xx-1234), or null. */
  ssnOnFile: string | null;
  ssnConfirmation: string;
  /** The newest confirmation typed (a mask reports before React re-renders). */
  currentConfirmation: () => string;
  /** The SSN or its confirmation changed: both are checked and saved together. */
  changeSsn: (ssn: string, confirmation: string) => void;
}

/** Personal information (spec §2): name, date of birth, SSN twice, driver license, incomes, loan purpose. */
export function PersonalSection(props: PersonalSectionProps) {
  const { values, errors, change, current, stateOptions, loanPurposes, ssnOnFile } = props;
  const ssnHint = ssnOnFile ? `Your social security number on file ends in ${ssnOnFile.slice(-4)}. Type it again only to change it.` : undefined;
  return (
    <section className={styles.section} aria-labelledby="ay-personal">
      <h2 id="ay-personal">Personal information</h2>
      <div className={styles.row2}>
        <TextAnswer {...props} field="first_name" label="First name" autoComplete="given-name" maxLength={60} />
        <TextAnswer {...props} field="last_name" label="Last name" autoComplete="family-name" maxLength={60} />
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
          if (masked !== current('date_of_birth')) change('date_of_birth', masked);
        }}
        error={errors.date_of_birth}
      />
      <div className={styles.row2}>
        <MaskedTextField
          label="Social security number"
          hint={ssnHint}
          name="social_security_number"
          mask="###-##-####"
          inputMode="numeric"
          autoComplete="off"
          placeholder={ssnOnFile ?? undefined}
          value={values.social_security_number}
          onValueChange={(masked) => {
            if (masked !== current('social_security_number')) props.changeSsn(masked, props.currentConfirmation());
          }}
          error={errors.social_security_number}
        />
        <MaskedTextField
          label="Confirm social security number"
          name="social_security_number_confirmation"
          mask="###-##-####"
          inputMode="numeric"
          autoComplete="off"
          value={props.ssnConfirmation}
          onPaste={(event) => event.preventDefault()}
          onDrop={(event) => event.preventDefault()}
          onValueChange={(masked) => {
            if (masked !== props.currentConfirmation()) props.changeSsn(current('social_security_number'), masked);
          }}
          error={errors.social_security_number_confirmation}
        />
      </div>
      <div className={styles.row2}>
        <TextAnswer {...props} field="driver_license_number" label="Driver license number" autoComplete="off" maxLength={30} />
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
        <MoneyAnswer {...props} field="annual_income" label="Annual income" />
        <MoneyAnswer {...props} field="annual_household_income" label="Annual household income" />
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
  );
}
