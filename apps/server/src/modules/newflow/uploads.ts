import { NEWFLOW_MSG, type TNewflowUpload } from '@payrail/contract/newflow';
import { FIELD_MSG } from '@payrail/contract/messages';
import type { DocumentTypeName, TDocument } from '@payrail/contract/documents';
import { DOCUMENT_MAX_BYTES } from '@payrail/contract/documents';
import { fileTypeFromBuffer } from 'file-type';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { EXTENSION_BY_CONTENT_TYPE } from '../documents/mappers';
import { uploadDocument } from '../documents/use-cases/upload-document';

/** The bytes of a base64 data URL, or null when it is not one. */
export function decodeDataUrl(dataUrl: string): Buffer | null {
  const comma = dataUrl.indexOf(',');
  if (!dataUrl.startsWith('data:') || comma < 0 || !dataUrl.slice(0, comma).endsWith(';base64')) return null;
  const body = dataUrl.slice(comma + 1).replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body)) return null;
  return Buffer.from(body, 'base64');
}

/**
 * Stores a new-flow upload (spec §3: base64 data URL) as a document of `type`, with every §5 rule: the
 * real type from the bytes (magic numbers), at most 2,000,000 bytes, the combined message when both
 * fail. Refusals are 422 `{ errors: { [key]: [msg] } }` under the payload key; nothing is stored then.
 */
export async function storeUpload(ctx: AppContext, userId: number, key: string, upload: TNewflowUpload, type: DocumentTypeName): Promise<TDocument> {
  const bytes = decodeDataUrl(upload.file);
  if (!bytes) throw AppError.fields({ [key]: [FIELD_MSG.invalid] });
  if (bytes.length === 0) throw AppError.fields({ [key]: [FIELD_MSG.blank] });
  const found = await fileTypeFromBuffer(bytes);
  const typeOk = Boolean(found && EXTENSION_BY_CONTENT_TYPE[found.mime]);
  const sizeOk = bytes.length <= DOCUMENT_MAX_BYTES;
  if (!typeOk && !sizeOk) throw AppError.fields({ [key]: [NEWFLOW_MSG.fileTooLargeAndWrongType] });
  if (!sizeOk) throw AppError.fields({ [key]: [NEWFLOW_MSG.fileTooLarge] });
  if (!typeOk) throw AppError.fields({ [key]: [NEWFLOW_MSG.fileWrongType] });
  try {
    return await uploadDocument(ctx, userId, { documentTypeName: type, file: { bytes, truncated: false, fileName: upload.filename } });
  } catch (err) {
    // The documents module names the multipart field `file`; the new flow answers under its own key.
    if (err instanceof AppError && err.fields?.file) throw AppError.fields({ [key]: err.fields.file });
    throw err;
  }
}
