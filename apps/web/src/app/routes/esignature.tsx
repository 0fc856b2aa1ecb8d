import { EsignaturePage } from '../../features/esignature/components/esignature-page';
import { followStatus } from '../workflow';

/** /esignature (esignature_needed, refinancing_esignature; step 4): sign the promissory note, then home. */
export function Component() {
  return (
    <EsignaturePage onSigned={(answer) => followStatus(answer.new_status, { replace: true })} onRefused={(status) => followStatus(status, { refused: true })} />
  );
}
