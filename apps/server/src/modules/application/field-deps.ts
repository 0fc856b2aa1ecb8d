import type { AppContext } from '../../context';
import type { FieldDeps } from './field-rules';
import { isoDay } from './today';

/** The lookups the field rules make for one member, wired to the repositories, the clock and the key. */
export async function fieldDeps(ctx: AppContext, userId: number): Promise<FieldDeps> {
  const box = await ctx.cryptoBox();
  return {
    today: isoDay(ctx.now()),
    box,
    stateAvailable: async (id) => (await ctx.repos.reference.findState(String(id)))?.isAvailable ?? null,
    loanPurposeExists: (id) => ctx.repos.application.loanPurposeExists(id),
    ssnTaken: (index) => ctx.repos.application.ssnIndexTaken(index, userId),
    employerIsPartner: async () => {
      const borrower = await ctx.repos.identity.findBorrower(userId);
      const employer = borrower?.employerId ? await ctx.repos.reference.getEmployer(borrower.employerId) : undefined;
      return employer?.partnership === 'b2b_partner';
    },
  };
}
