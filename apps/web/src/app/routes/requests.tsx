import { RequestsInboxPage } from '../../features/care/components/requests-inbox-page';

/** /dashboard/requests (named route requests): what Payrail still needs from the borrower. */
export function Component() {
  return <RequestsInboxPage />;
}
