import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { BORROWER_SESSION } from '../../http/openapi';
import { tokenFromHeader } from '../../lib/tokens';
import type { ClientInfo } from './client';
import { type SignedIn, authenticate, authenticateOptional } from './use-cases/authenticate';

declare module 'fastify' {
  interface FastifyRequest {
    /** The borrower session, set by `requireSignIn` / `allowSignIn` before the body is validated. */
    signedIn: SignedIn | null;
  }
}

export const clientInfo = (req: FastifyRequest): ClientInfo => ({ ip: req.ip || null, userAgent: req.headers['user-agent']?.slice(0, 500) ?? null });

export const bearer = (req: FastifyRequest): string | undefined => tokenFromHeader(req.headers.authorization);

/** An onRequest hook: 401 before anything else (body validation included) when there is no live borrower session. */
export const requireSignIn = (ctx: AppContext) =>
  Object.assign(
    async (req: FastifyRequest) => {
      req.signedIn = await authenticate(ctx, bearer(req));
    },
    { [BORROWER_SESSION]: 'required' as const },
  );

/** An onRequest hook for calls open to visitors that remember the member when a valid token comes along. */
export const allowSignIn = (ctx: AppContext) =>
  Object.assign(
    async (req: FastifyRequest) => {
      req.signedIn = await authenticateOptional(ctx, bearer(req));
    },
    { [BORROWER_SESSION]: 'optional' as const },
  );

/** The session `requireSignIn` found. */
export function signedIn(req: FastifyRequest): SignedIn {
  if (!req.signedIn) throw AppError.unauthorized();
  return req.signedIn;
}
