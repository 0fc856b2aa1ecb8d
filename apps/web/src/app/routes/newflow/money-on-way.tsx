import { StarRating } from '../../../features/home/components/star-rating';
import { MoneyOnWay } from '../../../features/newflow/components/status-pages';
import { sessionStore, useSession } from '../../../lib/session-store';

/** money_on_way: the signed loan; 4–5 stars open the public review page, 3 or fewer ask for a text (classic rating component). */
export function Component() {
  const rated = useSession((state) => state.user?.feedback_rating === true);
  return <MoneyOnWay portalPath="/dashboard" rating={rated ? null : <StarRating onSent={() => sessionStore.updateUser({ feedback_rating: true })} />} />;
}
