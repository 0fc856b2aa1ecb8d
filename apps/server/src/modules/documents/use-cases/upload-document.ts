import {
  DOCUMENT_FILE_BLANK,
  DOCUMENT_FILE_TOO_LARGE,
  DOCUMENT_FILE_WRONG_TYPE,
  DOCUMENT_MAX_BYTES,
  type TDocument,
  ZDocumentUploadFields,
} from '@payrail/contract/documents';
import { createHash, randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import type { AppContext } from '../../../context';
import { AppError, type FieldErrors } from '../../../errors';
import { cleanFileName } from '../file-names';
import { EXTENSION_BY_CONTENT_TYPE, toDocument } from '../mappers';

/** What the multipart reader found: the type field as sent, and the file (cut at the size limit). */
export type UploadInput = {
  documentTypeName: unknown;
  file: { bytes: Buffer; truncated: boolean; fileName: string | undefined } | null;
  /** Proof of address only: what the applicant states about it (date on it, address on it), as sent. */
  stated?: Partial<Record<'statement_date' | 'address' | 'zip_code', string>>;
};

/** The file's own type, from its first bytes; null when it is not one we accept. */
async function acceptedType(bytes: Buffer): Promise<string | null> {
  const found = await fileTypeFromBuffer(bytes);
  return found && EXTENSION_BY_CONTENT_TYPE[found.mime] ? found.mime : null;
}

/** A random key, never derived from anything the user sent; the first byte shards the directory. */
function newStorageKey(): string {
  const id = randomBytes(16).toString('hex');
  return `documents/${id.slice(0, 2)}/${id}`;
}

/**
 * POST /documents: checks everything first (type name; file present, at most 2 MB, a JPEG, PNG or PDF
 * by content), and only then seals the bytes, stores them and records the row. A refused upload leaves
 * nothing behind; if the row cannot be written, the stored bytes are removed again.
 */
export async function uploadDocument(ctx: AppContext, userId: number, input: UploadInput): Promise<TDocument> {
  const errors: FieldErrors = {};
  const { file } = input;
  let contentType: string | null = null;
  if (!file || (file.bytes.length === 0 && !file.truncated)) errors.file = [DOCUMENT_FILE_BLANK];
  else if (file.truncated || file.bytes.length > DOCUMENT_MAX_BYTES) errors.file = [DOCUMENT_FILE_TOO_LARGE];
  else if (!(contentType = await acceptedType(file.bytes))) errors.file = [DOCUMENT_FILE_WRONG_TYPE];
  const fields = ZDocumentUploadFields.safeParse({ document_type_name: input.documentTypeName });
  if (!fields.success) errors.document_type_name = [fields.error.issues[0]?.message ?? 'is invalid'];
  if (!file || !contentType || !fields.success) throw AppError.fields(errors);

  const type = fields.data.document_type_name;
  const box = await ctx.cryptoBox();
  const storageKey = newStorageKey();
  // Journal first: if the process dies before the row below is written, the sweeper removes the file.
  await ctx.repos.documents.beginUpload(storageKey, ctx.now());
  // The key is the associated data: the sealed bytes open only under the key they were stored at.
  await ctx.providers.storage.put(storageKey, box.sealBytes(file.bytes, storageKey), 'application/octet-stream');
  try {
    const row = await ctx.repos.documents.create({
      userId,
      documentTypeName: type,
      fileName: cleanFileName(file.fileName, EXTENSION_BY_CONTENT_TYPE[contentType]!, type),
      storageKey,
      contentType,
      byteSize: file.bytes.length,
      sha256: createHash('sha256').update(file.bytes).digest('hex'),
      createdAt: ctx.now(),
    });
    await ctx.repos.documents.endUpload(storageKey).catch(() => undefined);
    return toDocument(row);
  } catch (err) {
    await ctx.providers.storage.delete(storageKey).catch(() => undefined);
    throw err;
  }
}
