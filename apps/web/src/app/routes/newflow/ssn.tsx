import { Ssn } from '../../../features/newflow/components/ssn';
import { agreementLink } from '../../agreement-links';

/** ssn, composed with the legal feature's Credit Pull Authorization link (the consent "Check my rate" gives). */
export function Component() {
  return <Ssn creditPullLink={agreementLink('credit_pull_authorization', 'Credit Pull Authorization')} />;
}
