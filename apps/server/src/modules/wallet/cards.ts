import type { AppContext } from '../../context';

/**
 * The wallet's debit cards as other modules read them (issue #28: a module uses its own repositories only;
 * another module's data comes through the owner's exported functions).
 */

/** One of the member's live cards (undefined for another member's card or a removed one). */
export const memberCard = (ctx: AppContext, userId: number, cardId: number) => ctx.repos.wallet.ownCard(userId, cardId);
