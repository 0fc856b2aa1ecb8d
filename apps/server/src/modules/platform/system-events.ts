import type { AppContext } from '../../context';

/**
 * System events (the 503 gate's reason) as other modules start and end them (issue #28: a module uses its
 * own repositories only; another module's data comes through the owner's exported functions).
 */

/** Starts a system event (ending any active one), recorded as started by `staffId`; answers the new event. */
export const startSystemEvent = (ctx: AppContext, description: string, staffId: number | null) => ctx.repos.platform.startSystemEvent(description, staffId);

/** Ends every active system event. */
export const endSystemEvents = (ctx: AppContext) => ctx.repos.platform.endSystemEvents();
