import { LoanOffer } from '../../../features/newflow/components/loan-offer';

export function Component() {
  return <LoanOffer />;
}
