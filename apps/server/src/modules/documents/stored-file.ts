import type { StoredFileSource } from '@payrail/contract/documents';
import type { AppContext } from '../../context';
import { FileUnavailableError } from '../../errors';

/** Which record a stored file belongs to (for the log and the storage check). */
export type StoredFileRef = { source: StoredFileSource; id: number };

/**
 * The opened bytes of a stored (sealed) file. A record whose bytes are missing answers 404
 * `{ error: message, code: 'file_unavailable' }` (logged with the record by the error handler), never a
 * bare 500: `message` is the audience's words (contract `FILE_UNAVAILABLE_MSG`).
 */
export async function openStoredFile(
  ctx: AppContext,
  storageKey: string,
  ref: StoredFileRef,
  message: string,
  extra?: Record<string, unknown>,
): Promise<Buffer> {
  const sealed = await ctx.providers.storage.get(storageKey);
  if (!sealed) throw new FileUnavailableError(message, ref, extra);
  return (await ctx.cryptoBox()).openBytes(sealed, storageKey);
}
