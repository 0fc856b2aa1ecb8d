import type { AppContext } from '../../context';

/**
 * The hardship requests as other modules read them (issue #28: a module uses its own repositories only;
 * another module's data comes through the owner's exported functions).
 */

/** The member's requests that wait for the borrower's answer (the requests inbox), with the loan's identifier. */
export const hardshipRequestsAwaitingAnswer = (ctx: AppContext, userId: number) => ctx.repos.hardship.awaitingAnswer(userId);
