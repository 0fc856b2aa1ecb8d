import { AddressAutocomplete } from '../../../components/address/address-autocomplete';
import { PersonalInfo } from '../../../features/newflow/components/personal-info';
import { PhoneNumberField } from '../../../features/phone/components/phone-number-field';
import { DEFAULT_PHONE_MODE } from '../../../features/phone/lib/phone-number';
import { NEWFLOW_BASE } from '../../status-routes';

export function Component() {
  return (
    <PersonalInfo
      rentPath={`${NEWFLOW_BASE}/personal_info/rent`}
      renderAddress={(slot) => <AddressAutocomplete label="Address" {...slot} />}
      renderPhone={(slot) => <PhoneNumberField mode={DEFAULT_PHONE_MODE} label="Mobile phone" {...slot} />}
    />
  );
}
