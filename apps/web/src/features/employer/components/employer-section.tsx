import { useId } from 'react';
import type { RefObject } from 'react';
import { PAYMENT_FREQUENCY_LABELS } from '@payrail/contract/application';
import type { TEmployer } from '@payrail/contract/reference';
import { Button } from '@payrail/ui/button';
import { Checkbox } from '@payrail/ui/checkbox';
import { MaskedTextField } from '@payrail/ui/masked-text-field';
import { Select } from '@payrail/ui/select';
import { TextField } from '@payrail/ui/text-field';
import { EMPLOYEE_ID_MAX } from './employer-form.schema';
import type { EmployerAnswers } from './employer-form.schema';
import { EmployerSearch } from './employer-search';
import styles from './employer.module.css';

const DATE_MASK = '##/##/####';

export type EmployerFieldErrors = Partial<
  Record<'income_source' | 'employer_id' | 'employee_id' | 'working_time_range' | 'military_active' | 'name' | 'paymentFrequency' | 'paymentDate', string>
>;

export interface PickedEmployer {
  id: number;
  name: string;
  partnership: string | null;
}

export interface EmployerSectionProps {
  employer: PickedEmployer | null;
  notListed: boolean;
  newEmployer: EmployerAnswers['newEmployer'];
  employeeId: string;
  /** The picked employer is a partner: its employee id is asked. */
  partner: boolean;
  search: string;
  errors: EmployerFieldErrors;
  pickedRef: RefObject<HTMLButtonElement | null>;
  searchRef: RefObject<HTMLInputElement | null>;
  onSearchChange: (text: string) => void;
  onPick: (employer: TEmployer) => void;
  /** "Change employer": drop the pick and go back to the search. */
  onChangeEmployer: () => void;
  onNotListedChange: (checked: boolean) => void;
  onNewEmployerChange: (field: keyof EmployerAnswers['newEmployer'], value: string) => void;
  onEmployeeIdChange: (value: string) => void;
}

/** "Your employer" (spec §2, §4): a listed employer from the search, or a new one; a partner's employee id. */
export function EmployerSection(props: EmployerSectionProps) {
  const { employer, notListed, newEmployer, errors } = props;
  const id = useId();
  const employerErrorId = `${id}-employer-error`;
  return (
    <section className={styles.group} aria-labelledby={`${id}-employer`}>
      <h2 id={`${id}-employer`} className={styles.groupTitle}>
        Your employer
      </h2>
      {!notListed && employer ? (
        <div className={styles.picked}>
          <p>
            Employer: <strong>{employer.name}</strong>
          </p>
          <Button
            ref={props.pickedRef}
            variant="secondary"
            size="sm"
            aria-describedby={errors.employer_id ? employerErrorId : undefined}
            onClick={props.onChangeEmployer}
          >
            Change employer
          </Button>
          {errors.employer_id ? (
            <p id={employerErrorId} className={styles.error} role="alert">
              {errors.employer_id}
            </p>
          ) : null}
        </div>
      ) : null}
      {!notListed && !employer ? (
        <EmployerSearch
          inputRef={props.searchRef}
          search={props.search}
          onSearchChange={props.onSearchChange}
          onPick={props.onPick}
          error={errors.employer_id}
        />
      ) : null}
      <Checkbox label="My employer is not listed" checked={notListed} onChange={(event) => props.onNotListedChange(event.target.checked)} />
      {notListed ? (
        <div className={styles.newEmployer}>
          <TextField
            label="Employer name"
            value={newEmployer.name}
            maxLength={120}
            autoComplete="organization"
            onChange={(event) => props.onNewEmployerChange('name', event.target.value)}
            error={errors.name ?? errors.employer_id}
          />
          <Select
            label="Payment frequency"
            placeholder="Choose how often you are paid"
            options={PAYMENT_FREQUENCY_LABELS.map((label) => ({ value: label, label }))}
            value={newEmployer.paymentFrequency}
            onChange={(event) => props.onNewEmployerChange('paymentFrequency', event.target.value)}
            error={errors.paymentFrequency}
          />
          <MaskedTextField
            label="Date of your last paycheck"
            hint="MM/DD/YYYY"
            mask={DATE_MASK}
            inputMode="numeric"
            placeholder="MM/DD/YYYY"
            value={newEmployer.paymentDate}
            onValueChange={(value) => props.onNewEmployerChange('paymentDate', value)}
            error={errors.paymentDate}
          />
        </div>
      ) : null}
      {props.partner ? (
        <TextField
          label="Employee ID"
          hint={`As it appears on your pay stub; at most ${EMPLOYEE_ID_MAX} characters.`}
          value={props.employeeId}
          maxLength={EMPLOYEE_ID_MAX}
          required
          autoComplete="off"
          onChange={(event) => props.onEmployeeIdChange(event.target.value)}
          error={errors.employee_id}
        />
      ) : null}
    </section>
  );
}
