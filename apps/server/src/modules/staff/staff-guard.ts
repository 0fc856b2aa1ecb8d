import { STAFF_CAPABILITIES, type StaffCapability, type TStaffMember } from '@payrail/contract/staff';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { AppContext } from '../../context';
import { tokenFromHeader } from '../../lib/tokens';
import { authenticateStaff } from './use-cases/authenticate-staff';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The back-office capability this route needs (`STAFF_CAPABILITIES` in the contract); the staff guard enforces it. */
    staff?: StaffCapability;
  }
  interface FastifyRequest {
    /** The staff member the guard authenticated; null on routes without a capability. */
    staffMember: TStaffMember | null;
  }
}

/** The back-office calls that need a staff session but no capability (the session's own calls). */
const SESSION_ROUTES = new Set(['/api/backoffice/login', '/api/backoffice/me', '/api/backoffice/logout']);
const BACKOFFICE = '/api/backoffice/';

/** Marks the guard's hook on a route, so a route whose options are built twice (GET's HEAD twin) gets it once. */
const STAFF_HOOK = Symbol('staff guard');

/**
 * THE staff guard, for the whole app. A route names the capability it needs (`config: { staff: 'fund' }`);
 * the guard authenticates the staff token and checks the role against the contract's capability table
 * before anything else is read (401, then 403, never a 422 from the body). A back-office route that names
 * no capability fails at registration, so none can be left open by omission.
 * The check is put on each such route as it is registered (its first own `onRequest` hook, right after the
 * app-wide ones, where a single app-wide hook ran it before): every other request pays nothing for it (an
 * app-wide hook cost each of them a promise and a `routeOptions` copy).
 * Register it before the routes.
 */
export function registerStaffGuard(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('staffMember', null);
  app.addHook('onRoute', (route) => {
    const capability = route.config?.staff;
    if (capability !== undefined && !(capability in STAFF_CAPABILITIES)) throw new Error(`${route.url}: unknown staff capability "${String(capability)}"`);
    if (capability === undefined && route.url.startsWith(BACKOFFICE) && !SESSION_ROUTES.has(route.url)) {
      throw new Error(`${String(route.method)} ${route.url}: a back-office route must name its staff capability (config.staff)`);
    }
    if (capability === undefined) return;
    const own = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    if (own.some((hook) => STAFF_HOOK in hook)) return;
    const roles = STAFF_CAPABILITIES[capability];
    const guard: onRequestHookHandler = (req, _reply, done) => {
      authenticateStaff(ctx, tokenFromHeader(req.headers.authorization), roles).then((member) => {
        req.staffMember = member;
        done();
      }, done);
    };
    route.onRequest = [Object.assign(guard, { [STAFF_HOOK]: true }), ...own];
  });
}

/** The staff member the guard let through (only on a route that names a capability). */
export function staffOf(req: FastifyRequest): TStaffMember {
  if (!req.staffMember) throw new Error(`${req.routeOptions.url ?? req.url}: no staff capability on this route`);
  return req.staffMember;
}
