import { CollectionsQueue } from './collections-queue';
import { StaffPage } from '../../../components/staff-page';

/** /collections: the collections queue by delinquency bucket and a loan's collections (docs/collections.md). */
export function CollectionsPage() {
  return (
    <StaffPage title="Collections" capability="collect">
      <CollectionsQueue />
    </StaffPage>
  );
}
