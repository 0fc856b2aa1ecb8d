import type { AppContext } from '../../context';
import type { MemberRow } from '../identity/repository';

/** What the loan book's one-statement read of a member answers (`ctx.repos.loanBook.memberLoanFacts`). */
type MemberLoanRead = Awaited<ReturnType<AppContext['repos']['loanBook']['memberLoanFacts']>>;

/** What engagement calls in the modules above it (lib/hooks.ts; wired in module-hooks.ts). */
export type EngagementHooks = {
  /** Whether the member may refinance their opened loan now, from facts already read (refinance; a banner's audience). */
  eligibleForRefinance: (ctx: AppContext, member: MemberRow, read: Pick<MemberLoanRead, 'applications' | 'facts'>) => boolean;
};
