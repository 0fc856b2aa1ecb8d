import { EMPLOYER_PORTAL_PREFIX, type TEmployerUser } from '@payrail/contract/employer-portal';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { AppContext } from '../../context';
import { tokenFromHeader } from '../../lib/tokens';
import { authenticateEmployer } from './auth/sessions';

export type EmployerAccess = 'read' | 'write';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An employer portal route: what it does with the employer's data; the employer guard authenticates it. */
    employer?: EmployerAccess;
  }
  interface FastifyRequest {
    /** The employer user the guard authenticated; null on routes without `config.employer`. */
    employerUser: TEmployerUser | null;
  }
}

const PORTAL = `${EMPLOYER_PORTAL_PREFIX}/`;

/** The portal calls that manage the session themselves (no `config.employer`): sign-in, invitation, enrolment, me, logout. */
const SESSION_ROUTES = new Set(
  ['/login', '/login/otp', '/invitations/:token', '/invitations/accept', '/totp/enrol', '/totp/confirm', '/me', '/logout'].map(
    (p) => `${EMPLOYER_PORTAL_PREFIX}${p}`,
  ),
);

const EMPLOYER_HOOK = Symbol('employer guard');

/**
 * THE employer guard (issue #31), built like the staff guard. A route under /api/employer_portal/ declares
 * `config: { employer: 'read' | 'write' }`; the guard authenticates the employer session token
 * (`Authorization`) before anything else is read (401 first, never a 422 from the body) and sets
 * `req.employerUser`. A portal route that declares nothing (and is not a session route) fails at
 * registration, so none is left open by omission. Every query a portal route makes is scoped by
 * `employerOf(req).employer_id`: another employer's row answers 404, never 403.
 * Register it before the routes.
 */
export function registerEmployerGuard(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('employerUser', null);
  app.addHook('onRoute', (route) => {
    const access = route.config?.employer;
    if (access !== undefined && access !== 'read' && access !== 'write') throw new Error(`${route.url}: unknown employer access "${String(access)}"`);
    if (access !== undefined && !route.url.startsWith(PORTAL)) throw new Error(`${route.url}: config.employer is for ${PORTAL} routes only`);
    if (access === undefined && route.url.startsWith(PORTAL) && !SESSION_ROUTES.has(route.url)) {
      throw new Error(`${String(route.method)} ${route.url}: an employer portal route must declare its access (config.employer)`);
    }
    if (access === undefined) return;
    const own = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    if (own.some((hook) => EMPLOYER_HOOK in hook)) return;
    const guard: onRequestHookHandler = (req, _reply, done) => {
      authenticateEmployer(ctx, tokenFromHeader(req.headers.authorization)).then((user) => {
        req.employerUser = user;
        done();
      }, done);
    };
    route.onRequest = [Object.assign(guard, { [EMPLOYER_HOOK]: true }), ...own];
  });
}

/** The employer user the guard let through (only on a route that declares `config.employer`). */
export function employerOf(req: FastifyRequest): TEmployerUser {
  if (!req.employerUser) throw new Error(`${req.routeOptions.url ?? req.url}: no config.employer on this route`);
  return req.employerUser;
}
