import type { DocumentExtension, TDocument } from '@payrail/contract/documents';
import type { DocumentRow } from './repository';

/** The content types an upload may have, found by magic bytes, and the extension each is shown with. */
export const EXTENSION_BY_CONTENT_TYPE: Readonly<Record<string, DocumentExtension>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
};

export function toDocument(d: DocumentRow): TDocument {
  const ext = EXTENSION_BY_CONTENT_TYPE[d.contentType];
  // The table's check constraint allows only these three; anything else is a corrupt row.
  if (!ext) throw new Error(`document ${d.id} has an unknown content type`);
  return {
    id: d.id,
    file_name: d.fileName,
    file_url: `/api/documents/${d.id}`,
    file_size: d.byteSize,
    file_extension: ext,
    document_type_name: d.documentTypeName,
  };
}
