import type { AppContext } from '../../context';

/** The member's newest loan (highest id), or undefined: what the application detail and the new flow's approved step show as funded. */
export const latestLoan = (ctx: AppContext, userId: number) => ctx.repos.backoffice.latestLoan(userId);
