import { ZProfile, ZRevealSsnRequest, ZRevealSsnResponse, ZUpdateProfileRequest } from '@payrail/contract/profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { clientInfo, signedIn } from '../identity/http';
import { getProfile } from './use-cases/get-profile';
import { revealOwnSsn } from './use-cases/reveal-ssn';
import { updateProfile } from './use-cases/update-profile';

/** Reveals per address and minute: enough for a person, a brake on a script reading SSNs. */
const REVEAL_RATE_LIMIT = { max: 10, timeWindow: '1 minute' } as const;
const UPDATE_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

/** Personal information (newflow §2/§3/§7): the profile, its address update and the logged SSN reveal. */
export function profileRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const session = { session: 'required' } as const;
  return async (app) => {
    app.get('/users/info', { config: session, schema: { response: { 200: ZProfile } } }, async (req) => getProfile(ctx, signedIn(req).member));

    app.put(
      '/users/info',
      { config: { ...session, rateLimit: UPDATE_RATE_LIMIT }, schema: { body: ZUpdateProfileRequest, response: { 200: ZProfile } } },
      async (req) => updateProfile(ctx, signedIn(req).member, req.body),
    );

    app.post(
      '/users/info/ssn',
      { config: { ...session, rateLimit: REVEAL_RATE_LIMIT }, schema: { body: ZRevealSsnRequest, response: { 200: ZRevealSsnResponse } } },
      async (req) => revealOwnSsn(ctx, signedIn(req).member, req.body.password, clientInfo(req)),
    );
  };
}
