import { LoanOffer } from '../../../features/newflow/components/loan-offer';
import { agreementLink } from '../../agreement-links';

/** loan_offer, composed with the legal feature's Auto Debit Disclosure link (shown with an auto-debit offer). */
export function Component() {
  return <LoanOffer disclosureLink={(label) => agreementLink('auto_debit_disclosure', label)} />;
}
