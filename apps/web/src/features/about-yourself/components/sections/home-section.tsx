import type { TAddressSuggestion } from '@payrail/contract/address';
import { MaskedTextField } from '@payrail/ui/masked-text-field';
import { RadioCards } from '@payrail/ui/radio-cards';
import { Select } from '@payrail/ui/select';
import { AddressAutocomplete } from '../../../../components/address/address-autocomplete';
import styles from '../about-yourself.module.css';
import { MoneyAnswer, TextAnswer } from './answer-fields';
import type { AnswersProps } from './answer-fields';

export interface HomeSectionProps extends AnswersProps {
  stateOptions: readonly { value: string; label: string }[];
  /** An address picked from the suggestions fills address, unit, city, ZIP and state. */
  pickAddress: (suggestion: TAddressSuggestion) => void;
}

/** Home information (spec §2): the US address, rent or own, the monthly housing payment. */
export function HomeSection(props: HomeSectionProps) {
  const { values, errors, change, current, stateOptions } = props;
  return (
    <section className={styles.section} aria-labelledby="ay-home">
      <h2 id="ay-home">Home information</h2>
      <AddressAutocomplete
        label="Address"
        value={values.address}
        error={errors.address}
        onChange={(text) => change('address', text)}
        onPick={props.pickAddress}
      />
      <div className={styles.row2}>
        <TextAnswer {...props} field="unit_number" label="Unit number" autoComplete="address-line2" maxLength={10} optional />
        <TextAnswer {...props} field="city" label="City" autoComplete="address-level2" maxLength={60} />
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
            if (masked !== current('zip_code')) change('zip_code', masked);
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
      <MoneyAnswer {...props} field="housing_payment" label="Monthly housing payment" hint="Rent or mortgage, per month." />
    </section>
  );
}
