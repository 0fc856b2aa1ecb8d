import { collectionsPolicy } from '@payrail/domain/collections/policy';
import type { CollectionsPolicy } from '@payrail/domain/collections/policy';
import type { AppContext } from '../../context';

/** The collections policy in force: the domain's data with the configured charge-off day (SERVICING_CHARGE_OFF_DAYS). */
export function collectionsPolicyOf(ctx: AppContext): CollectionsPolicy {
  return collectionsPolicy(ctx.config.servicing.chargeOffDays);
}
