import type { AgreementName } from '@payrail/contract/reference';
import { AgreementLink } from '../features/legal/components/agreement-link';

/** Composes the legal feature's document links into the access and phone screens. */
export function agreementLink(agreement: AgreementName, label: string) {
  return <AgreementLink agreement={agreement}>{label}</AgreementLink>;
}
