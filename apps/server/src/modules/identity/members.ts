import type { AppContext } from '../../context';

/**
 * A member's identity rows as other modules read and write them (issue #28: a module uses its own
 * repositories only; another module's data comes through the owner's exported functions).
 */

/** The member's account row (`application_members`), or undefined. */
export const findMember = (ctx: AppContext, userId: number) => ctx.repos.identity.findMemberById(userId);

/** The member's borrower row (`loan_borrowers`: name, state, employer, phone, referral codes), or undefined. */
export const findBorrower = (ctx: AppContext, userId: number) => ctx.repos.identity.findBorrower(userId);

/** Whether a borrower holds this referral code. */
export const referCodeExists = (ctx: AppContext, code: string): Promise<boolean> => ctx.repos.identity.referCodeExists(code);

/** Sets the member's password (already hashed). */
export const setPassword = (ctx: AppContext, userId: number, passwordHash: string, at: Date): Promise<void> =>
  ctx.repos.identity.setPassword(userId, passwordHash, at);

/** The member's account row with its password hash, by e-mail (a password check), or undefined. */
export const findMemberWithPassword = (ctx: AppContext, email: string) => ctx.repos.identity.findMemberByEmail(email);

/** Several members' names, e-mails and phones in one read (a list's borrowers). */
export const borrowerCards = (ctx: AppContext, userIds: readonly number[]) => ctx.repos.identity.borrowerCards(userIds);
