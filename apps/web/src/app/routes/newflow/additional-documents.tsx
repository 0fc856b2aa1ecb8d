import { AdditionalDocuments } from '../../../features/newflow/components/additional-documents';

export function Component() {
  return <AdditionalDocuments />;
}
