import type { IsoDate } from '@payrail/domain/dates';
import type { AppContext } from '../../context';
import type { LendingProgram } from './repository';

/**
 * The pricing program of a lending program in force on a day, with its rate entries (undefined when none),
 * as other modules read it (issue #28: a module uses its own repositories only).
 */
export const pricingProgramInForce = (ctx: AppContext, lendingProgram: LendingProgram, today: IsoDate) =>
  ctx.repos.loanTerms.programInForce(lendingProgram, today);
