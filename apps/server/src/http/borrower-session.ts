import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { AppContext } from '../context';
import { tokenFromHeader } from '../lib/tokens';
import { type SignedIn, authenticate, authenticateOptional } from '../modules/identity/use-cases/authenticate';

/** What a route asks of the borrower session: one it cannot do without, or one it recognises when sent. */
export type BorrowerSession = 'required' | 'optional';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The borrower session this route needs (`required`: 401 without a live one; `optional`: recognised when sent); the session guard enforces it. */
    session?: BorrowerSession;
  }
  interface FastifyRequest {
    /** The borrower session the guard found (routes with `config.session`), set before the body is validated; null otherwise. */
    signedIn: SignedIn | null;
  }
}

/** Marks the guard's hook on a route, so a route whose options are built twice (GET's HEAD twin) gets it once. */
const SESSION_HOOK = Symbol('borrower session guard');

/**
 * THE borrower-session guard, for the whole app, built like the staff guard (modules/staff/staff-guard.ts).
 * A route names the session it needs in its config (`config: { session: 'required' }`, or `'optional'` for
 * calls open to visitors that remember the member when a valid token comes along); the guard reads the
 * token (`Authorization`) and sets `req.signedIn` before anything else is read: a required session that is
 * absent, revoked, expired or idle answers 401 first, never a 422 from the body; an optional one that is
 * not valid leaves `req.signedIn` null. A route with an unknown value fails at registration.
 * The check is put on each such route as it is registered (its first own `onRequest` hook, right after the
 * app-wide ones): every other request pays nothing for it. Register it before the routes.
 */
export function registerBorrowerSession(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('signedIn', null);
  app.addHook('onRoute', (route) => {
    const session = route.config?.session;
    if (session === undefined) return;
    if (session !== 'required' && session !== 'optional') throw new Error(`${route.url}: unknown borrower session "${String(session)}"`);
    const own = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    if (own.some((hook) => SESSION_HOOK in hook)) return;
    const check = session === 'required' ? authenticate : authenticateOptional;
    const guard: onRequestHookHandler = (req, _reply, done) => {
      if (req.signedIn) return done(); // found and vetted already, by a kept answer's hook (http/kept-member-answers.ts)
      check(ctx, tokenFromHeader(req.headers.authorization)).then((found) => {
        req.signedIn = found;
        done();
      }, done);
    };
    route.onRequest = [Object.assign(guard, { [SESSION_HOOK]: true }), ...own];
  });
}
