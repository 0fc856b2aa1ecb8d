import { ZCreatePresignedLinkRequest, ZMemberParams, ZPresignedLinkCreated, ZServicerFlags } from '@payrail/contract/identity';
import type { TStaffMember } from '@payrail/contract/staff';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { tokenFromHeader } from '../../lib/tokens';
import { authenticateStaff } from '../staff/use-cases/authenticate-staff';
import { RATE_LIMITS } from './limits';
import { createPresignedLink } from './use-cases/create-presigned-link';
import { setServicerFlags } from './use-cases/set-servicer-flags';

/** Staff calls of the identity module, under /api/backoffice. */
export function identityBackofficeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const staffOf = new WeakMap<FastifyRequest, TStaffMember>();
  return async (app) => {
    app.post(
      '/presigned_links',
      {
        // Staff first: a borrower token, or none, must not learn which e-mails have accounts.
        onRequest: async (req) => {
          staffOf.set(req, await authenticateStaff(ctx, tokenFromHeader(req.headers.authorization), ['admin', 'underwriter']));
        },
        config: { rateLimit: RATE_LIMITS.staffPresignedLink },
        schema: { body: ZCreatePresignedLinkRequest, response: { 201: ZPresignedLinkCreated } },
      },
      async (req, reply) => {
        return reply.status(201).send(await createPresignedLink(ctx, staffOf.get(req)!.id, req.body));
      },
    );

    app.patch(
      '/members/:id/servicer_flags',
      {
        onRequest: async (req) => {
          staffOf.set(req, await authenticateStaff(ctx, tokenFromHeader(req.headers.authorization), ['admin', 'servicer']));
        },
        schema: { params: ZMemberParams, body: ZServicerFlags, response: { 200: ZServicerFlags } },
      },
      async (req) => setServicerFlags(ctx, staffOf.get(req)!, req.params.id, req.body),
    );
  };
}
