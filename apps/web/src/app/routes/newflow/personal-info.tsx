import { AddressAutocomplete } from '../../../components/address/address-autocomplete';
import { PersonalInfo } from '../../../features/newflow/components/personal-info';
import { NEWFLOW_BASE } from '../../status-routes';

export function Component() {
  return <PersonalInfo rentPath={`${NEWFLOW_BASE}/personal_info/rent`} renderAddress={(slot) => <AddressAutocomplete label="Address" {...slot} />} />;
}
