import { ConsentCentrePage } from '../../features/care/components/consent-centre-page';

/** /dashboard/consents (named route consents): what the borrower accepted and signed; the E-SIGN consent. */
export function Component() {
  return <ConsentCentrePage />;
}
