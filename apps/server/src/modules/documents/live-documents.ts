import type { DocumentTypeName } from '@payrail/contract/documents';
import type { AppContext } from '../../context';

/**
 * The member's documents on file (not deleted), oldest first — all, or of one type — and the upload journal,
 * as other modules read and write them (issue #28: a module uses its own repositories only).
 */
export const liveDocuments = (ctx: AppContext, userId: number, type?: DocumentTypeName) => ctx.repos.documents.listLive(userId, type);

/** Notes a file about to be stored, before its bytes are written (the orphan sweeper removes it if nothing references it). */
export const beginUpload = (ctx: AppContext, storageKey: string, at: Date): Promise<void> => ctx.repos.documents.beginUpload(storageKey, at);

/** The stored file is referenced (or removed again): nothing left to sweep. */
export const endUpload = (ctx: AppContext, storageKey: string): Promise<void> => ctx.repos.documents.endUpload(storageKey);
