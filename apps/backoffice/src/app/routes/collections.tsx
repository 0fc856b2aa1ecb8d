import { RequireRole } from '../../components/require-role';
import styles from '@payrail/ui/styles/staff-page.module.css';
import { CollectionsQueue } from '../../features/collections/components/collections-queue';
import { usePageTitle } from '../title';

/** /collections: the collections queue by delinquency bucket and a loan's collections (docs/collections.md). */
export function Component() {
  usePageTitle('Collections');
  return (
    <RequireRole capability="collect">
      <div className={styles.header}>
        <h1>Collections</h1>
      </div>
      <CollectionsQueue />
    </RequireRole>
  );
}
