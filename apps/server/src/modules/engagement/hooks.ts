import type { AppContext } from '../../context';
import type { MemberRow } from '../../db/rows';

/** The loan book's one-statement read of a member (`loan-book/loans.ts` `memberLoanFacts`). */
type MemberLoanFactsRead = AppContext['repos']['loanBook']['memberLoanFacts'];

/** What the loan book's one-statement read of a member answers. */
type MemberLoanRead = Awaited<ReturnType<MemberLoanFactsRead>>;

/** What engagement calls in the modules above it (lib/hooks.ts; wired in module-hooks.ts). */
export type EngagementHooks = {
  /**
   * The member's loan facts and applications read in ONE statement, with engagement's own columns (`extra`,
   * e.g. the banners' audience) read in it (loan-book).
   */
  memberLoanFacts: (ctx: AppContext, ...read: Parameters<MemberLoanFactsRead>) => ReturnType<MemberLoanFactsRead>;
  /** Whether the member may refinance their opened loan now, from facts already read (refinance; a banner's audience). */
  eligibleForRefinance: (ctx: AppContext, member: MemberRow, read: Pick<MemberLoanRead, 'applications' | 'facts'>) => boolean;
};
