import {
  ZBackofficeEmployerParams,
  ZBackofficeEmployerRemittances,
  ZEmployerRemittanceDetail,
  ZEmployerRemittanceList,
  ZEmployerRemittanceParams,
  ZEmployerRemittanceRequest,
  ZEmployerRemittanceSubmitted,
} from '@payrail/contract/employer-remittances';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { employerOf } from './employer-guard';
import { backofficeEmployerRemittances, listRemittances, remittanceDetail } from './remittances/read-remittances';
import { submitRemittance } from './remittances/submit-remittance';

/** Remittances in the employer portal, under /api/employer_portal (docs/employer-portal.md). */
export function employerRemittanceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/remittances',
      { config: { employer: 'write' }, bodyLimit: 2_500_000, schema: { body: ZEmployerRemittanceRequest, response: { 200: ZEmployerRemittanceSubmitted } } },
      async (req) => submitRemittance(ctx, employerOf(req), req.body, req.ip),
    );
    app.get('/remittances', { config: { employer: 'read' }, schema: { response: { 200: ZEmployerRemittanceList } } }, async (req) =>
      listRemittances(ctx, employerOf(req).employer_id),
    );
    app.get(
      '/remittances/:id',
      { config: { employer: 'read' }, schema: { params: ZEmployerRemittanceParams, response: { 200: ZEmployerRemittanceDetail } } },
      async (req) => remittanceDetail(ctx, employerOf(req).employer_id, req.params.id),
    );
  };
}

/** The servicer's view of an employer's remittances and their reconciliations, under /api/backoffice (those who import remittances). */
export function employerRemittanceBackofficeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/employers/:id/remittances',
      { config: { staff: 'fund' }, schema: { params: ZBackofficeEmployerParams, response: { 200: ZBackofficeEmployerRemittances } } },
      async (req) => backofficeEmployerRemittances(ctx, req.params.id),
    );
  };
}
