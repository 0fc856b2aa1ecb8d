import { useParams } from 'react-router';
import { HardshipPage } from '../../features/hardship/components/hardship-page';

/** /dashboard/loans/:loanId/hardship (named route hardship): request hardship help on a loan, follow the request. */
export function Component() {
  const { loanId } = useParams();
  return <HardshipPage loanId={Number(loanId)} />;
}
