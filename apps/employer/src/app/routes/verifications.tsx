import { PageHeader } from '@payrail/ui/page-header';
import { Verifications } from '../../features/verifications/components/verifications';
import { usePageTitle } from '../title';

export function Component() {
  usePageTitle('Verifications');
  return (
    <>
      <PageHeader title="Verifications" lead="Employment verification requests from Payrail underwriting, answered here instead of by phone." />
      <Verifications />
    </>
  );
}
