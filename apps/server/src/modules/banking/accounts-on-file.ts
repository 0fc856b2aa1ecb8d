import type { AppContext } from '../../context';
import type { StatusMove } from '../workflow/repository';

/**
 * The member's bank account on file and its ACH debit authorization, as other modules read and write them
 * (issue #28: a module uses its own repositories only; another module's data comes through the owner's exported functions).
 */

/** The account the member receives the loan in (the current receiver), or undefined. */
export const receiverAccount = (ctx: AppContext, userId: number) => ctx.repos.banking.currentReceiver(userId);

/**
 * The ACH debit authorization (what POST /auto_debit records): the new account when one is given, the
 * authorization, the disclosure accepted and the status move in one transaction; null when the move lost a race.
 */
export const recordAutoDebitAuthorization = (ctx: AppContext, a: Parameters<AppContext['repos']['banking']['authorizeAutoDebit']>[0], move: StatusMove) =>
  ctx.repos.banking.authorizeAutoDebit(a, move);

/** The member's bank account `id` (any usage), or undefined when it is not theirs. */
export const memberBankAccount = (ctx: AppContext, userId: number, id: number) => ctx.repos.banking.findAccount(userId, id);

/** The member's newest ACH debit authorization, or undefined. */
export const latestAchAuthorization = (ctx: AppContext, userId: number) => ctx.repos.banking.latestAchAuthorization(userId);
