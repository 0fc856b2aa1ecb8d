import { ZApprovedData } from '@payrail/contract/newflow';
import { StarRating } from '../../../features/home/components/star-rating';
import { useStepData } from '../../../features/newflow/api/steps';
import { MoneyOnWay } from '../../../features/newflow/components/status-pages';
import { sessionStore, useSession } from '../../../lib/session-store';

/** money_on_way: the signed loan; 4–5 stars open the public review page, 3 or fewer ask for a text (the rating component of the home panel). */
export function Component() {
  const rated = useSession((state) => state.user?.feedback_rating === true);
  const loan = useStepData('approved', ZApprovedData);
  return (
    <MoneyOnWay
      portalPath="/dashboard"
      loan={loan.data?.data ?? null}
      rating={rated ? null : <StarRating onSent={() => sessionStore.updateUser({ feedback_rating: true })} />}
    />
  );
}
