import type { AppContext } from '../../context';
import type { ApplicationPatch, ApplicationRow, BorrowerPatch, ProfilePatch, SaveResult } from './repository';

/**
 * A member's application and About-yourself answers as other modules read and write them (issue #28: a
 * module uses its own repositories only; another module's data comes through the owner's exported functions).
 */

/** The member's borrower profile (`borrower_profiles`), or undefined. */
export const findProfile = (ctx: AppContext, userId: number) => ctx.repos.application.findProfile(userId);

/** Stores already validated About-yourself fields (profile and borrower columns); `ok: false` when the SSN is another member's. */
export const saveApplicationFields = (
  ctx: AppContext,
  userId: number,
  patch: { profile?: ProfilePatch; borrower?: BorrowerPatch },
  at: Date,
): Promise<SaveResult> => ctx.repos.application.saveFields(userId, patch, at);

/** The member's personal references (About yourself), in their order. */
export const findReferences = (ctx: AppContext, userId: number) => ctx.repos.application.listReferences(userId);

/** The member's open application (not closed), or undefined. */
export const activeApplication = (ctx: AppContext, userId: number) => ctx.repos.application.activeApplication(userId);

/** The member's newest application, open or closed, or undefined. */
export const latestApplication = (ctx: AppContext, userId: number) => ctx.repos.application.latestApplication(userId);

/** The member's open application and newest application (open or closed), read together. */
export const activeAndLatestApplication = (ctx: AppContext, userId: number) => ctx.repos.application.activeAndLatestApplication(userId);

/** The member's open application, opened on first need (two racing openers end with the same row). */
export const ensureActiveApplication = (ctx: AppContext, userId: number, at: Date): Promise<ApplicationRow> =>
  ctx.repos.application.ensureActiveApplication(userId, at);

/** Writes `patch` on an application the caller has read. */
export const updateApplication = (ctx: AppContext, applicationId: number, patch: ApplicationPatch, at: Date): Promise<ApplicationRow> =>
  ctx.repos.application.updateApplication(applicationId, patch, at);

/** Writes `patch` on the member's open application, opening one first when there is none. */
export async function updateActiveApplication(ctx: AppContext, userId: number, patch: ApplicationPatch, at: Date): Promise<ApplicationRow> {
  const application = await ensureActiveApplication(ctx, userId, at);
  return ctx.repos.application.updateApplication(application.id, patch, at);
}

/** Closes an application (a new one opens on the next need). */
export const closeApplication = (ctx: AppContext, application: Pick<ApplicationRow, 'id'>, at: Date): Promise<ApplicationRow> =>
  ctx.repos.application.updateApplication(application.id, { closedAt: at }, at);
