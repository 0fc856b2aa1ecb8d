import { LegalDocument } from '../../features/legal/components/legal-document';

export function Component() {
  return <LegalDocument agreement="privacy_notice" fallbackTitle="Privacy policy" />;
}
