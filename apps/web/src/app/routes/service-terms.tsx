import { LegalDocument } from '../../features/legal/components/legal-document';

export function Component() {
  return <LegalDocument agreement="terms_of_use" fallbackTitle="Terms of service" />;
}
