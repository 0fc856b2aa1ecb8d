import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { tokenFromHeader } from '../../lib/tokens';
import type { ClientInfo } from './client';
import type { SignedIn } from './use-cases/authenticate';

export const clientInfo = (req: FastifyRequest): ClientInfo => ({ ip: req.ip || null, userAgent: req.headers['user-agent']?.slice(0, 500) ?? null });

export const bearer = (req: FastifyRequest): string | undefined => tokenFromHeader(req.headers.authorization);

/** The session the borrower-session guard found on a route with `config: { session: 'required' }` (http/borrower-session.ts). */
export function signedIn(req: FastifyRequest): SignedIn {
  if (!req.signedIn) throw AppError.unauthorized();
  return req.signedIn;
}
