import type { AppContext } from '../../context';
import type { NewflowPatch } from './repository';

/**
 * A member's new-flow record as other modules read and write it (issue #28: a module uses its own
 * repositories only; another module's data comes through the owner's exported functions).
 */

/** The member's new-flow record (`newflow_applications`), or undefined. */
export const findNewflow = (ctx: AppContext, userId: number) => ctx.repos.newflow.find(userId);

/** Saves `patch` on the member's new-flow record, creating it when there is none. */
export const saveNewflow = (ctx: AppContext, userId: number, patch: NewflowPatch, at: Date): Promise<void> => ctx.repos.newflow.save(userId, patch, at);
