import { ReferralPage } from '../../features/referral/components/referral-page';

/** /dashboard/referral (named route referral): the referral program and its rewards. */
export function Component() {
  return <ReferralPage />;
}
