import { ZOkStatusResponse } from '@payrail/contract/application';
import { ZStartRefinanceRequest } from '@payrail/contract/refinance';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireSignIn, signedIn } from '../identity/http';
import { startRefinance } from './use-cases/start-refinance';

/** Refinance calls of the borrower, under /api. */
export function refinanceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const member = requireSignIn(ctx);
  return async (app) => {
    app.post('/refinance', { onRequest: member, schema: { body: ZStartRefinanceRequest, response: { 200: ZOkStatusResponse } } }, async (req) =>
      startRefinance(ctx, signedIn(req).member, req.body.loan_id),
    );
  };
}
