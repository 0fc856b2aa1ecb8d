import type { DocumentTypeName } from '@payrail/contract/documents';
import type { AppContext } from '../../context';

/**
 * The member's documents on file (not deleted), oldest first — all, or of one type — as other modules read
 * them (issue #28: a module uses its own repositories only).
 */
export const liveDocuments = (ctx: AppContext, userId: number, type?: DocumentTypeName) => ctx.repos.documents.listLive(userId, type);
