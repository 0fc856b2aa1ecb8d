import { ZBackofficeUserParams } from '@payrail/contract/backoffice';
import { ZRequestsInbox, ZRequestsReminder } from '@payrail/contract/care';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { QUEUE_ROLES, staffGuard } from '../backoffice/routes';
import { requireSignIn, signedIn } from '../identity/http';
import { listOpenRequests, remindOpenRequests } from './use-cases/requests-inbox';

/** Borrower care for the borrower (docs/borrower-care.md), under /api. */
export function careRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const onRequest = requireSignIn(ctx);
  return async (app) => {
    app.get('/dashboard/requests', { onRequest, schema: { response: { 200: ZRequestsInbox } } }, async (req) => listOpenRequests(ctx, signedIn(req).member.id));
  };
}

/** Borrower care in the back office, under /api/backoffice: a borrower's open requests and a reminder. */
export function careBackofficeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const guard = staffGuard(ctx);
  const read = guard.only(QUEUE_ROLES);
  return async (app) => {
    app.get('/members/:userId/requests', { onRequest: read, schema: { params: ZBackofficeUserParams, response: { 200: ZRequestsInbox } } }, async (req) =>
      listOpenRequests(ctx, req.params.userId),
    );
    app.post('/members/:userId/requests/remind', { onRequest: read, schema: { params: ZBackofficeUserParams, response: { 200: ZRequestsReminder } } }, async (req) =>
      remindOpenRequests(ctx, guard.staff(req), req.params.userId),
    );
  };
}
