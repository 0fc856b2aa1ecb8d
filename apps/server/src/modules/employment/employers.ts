import type { AppContext } from '../../context';

/**
 * Employers and members' employer requests as other modules read them (issue #28: a module uses its own
 * repositories only; another module's data comes through the owner's exported functions).
 */

/** The employer with this slug, or undefined. */
export const employerBySlug = (ctx: AppContext, slug: string) => ctx.repos.employment.employerBySlug(slug);

/** The request that created this (other) employer, whoever made it, or undefined. */
export const employerRequestOf = (ctx: AppContext, employerId: number) => ctx.repos.employment.findRequestByEmployer(employerId);

/** The member's own request for this employer, or undefined. */
export const memberEmployerRequest = (ctx: AppContext, userId: number, employerId: number) => ctx.repos.employment.findOwnRequest(userId, employerId);
