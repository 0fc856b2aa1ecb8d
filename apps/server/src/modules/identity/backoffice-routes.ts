import { ZCreatePresignedLinkRequest, ZMemberParams, ZPresignedLinkCreated, ZServicerFlags } from '@payrail/contract/identity';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { staffOf } from '../staff/staff-guard';
import { RATE_LIMITS } from '../../lib/access-limits';
import { createPresignedLink } from './use-cases/create-presigned-link';
import { setServicerFlags } from './use-cases/set-servicer-flags';

/** Staff calls of the identity module, under /api/backoffice. */
export function identityBackofficeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/presigned_links',
      {
        // Staff first (the guard, onRequest): a borrower token, or none, must not learn which e-mails have accounts.
        config: { staff: 'review', rateLimit: RATE_LIMITS.staffPresignedLink },
        schema: { body: ZCreatePresignedLinkRequest, response: { 201: ZPresignedLinkCreated } },
      },
      async (req, reply) => {
        return reply.status(201).send(await createPresignedLink(ctx, staffOf(req).id, req.body));
      },
    );

    app.patch(
      '/members/:id/servicer_flags',
      {
        config: { staff: 'fund' },
        schema: { params: ZMemberParams, body: ZServicerFlags, response: { 200: ZServicerFlags } },
      },
      async (req) => setServicerFlags(ctx, staffOf(req), req.params.id, req.body),
    );
  };
}
