import { APPLICATION_MSG } from '@payrail/contract/application';
import { utcDay } from '@payrail/domain/dates';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { FieldDeps } from './field-rules';
import { findEmployer, findState } from '../reference/reference-data';
import { findBorrower } from '../identity/members';

const DAY_MS = 86_400_000;
/** Different SSNs one member may submit in 24 hours (typos included); the next one answers 429. */
export const SSN_DIFFERENT_PER_DAY = 5;

/** The lookups the field rules make for one member, wired to the repositories, the clock and the key. */
export async function fieldDeps(ctx: AppContext, userId: number): Promise<FieldDeps> {
  const box = await ctx.cryptoBox();
  return {
    today: utcDay(ctx.now()),
    box,
    stateAvailable: async (id) => (await findState(ctx, String(id)))?.isAvailable ?? null,
    loanPurposeExists: (id) => ctx.repos.application.loanPurposeExists(id),
    // Each different SSN tried is recorded; past the daily allowance the check itself is refused, so
    // "has already been taken" cannot be used to look up which SSNs have an account. `indexes` is the
    // SSN's index under every key of the ring (current first): during a key rotation a profile indexed
    // under a previous key is still found (docs/operations.md, "Keys").
    ssnTaken: async (indexes) => {
      const now = ctx.now();
      const tried = await ctx.repos.application.ssnIndexesTriedSince(userId, new Date(now.getTime() - DAY_MS), indexes);
      if (tried >= SSN_DIFFERENT_PER_DAY) throw new AppError('too_many_requests', APPLICATION_MSG.tooManySsnAttempts);
      await ctx.repos.application.recordSsnCheck(userId, indexes[0]!, now);
      return ctx.repos.application.ssnIndexTaken(indexes, userId);
    },
    employerIsPartner: async () => {
      const borrower = await findBorrower(ctx, userId);
      const employer = borrower?.employerId ? await findEmployer(ctx, borrower.employerId) : undefined;
      return employer?.partnership === 'b2b_partner';
    },
  };
}
