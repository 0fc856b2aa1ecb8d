import { ZBackofficeUserParams } from '@payrail/contract/backoffice';
import { ZConsentCentre, ZDueDateChangePreview, ZDueDateChangeQuery, ZRequestsInbox, ZRequestsReminder, ZWithdrawConsentRequest } from '@payrail/contract/care';
import { ZLoanIdParams } from '@payrail/contract/servicing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { clientInfo, requireSignIn, signedIn } from '../identity/http';
import { staffOf } from '../staff/staff-guard';
import { getConsentCentre, restoreElectronicConsent, withdrawElectronicConsent } from './use-cases/consent-centre';
import { previewDueDateChange } from './use-cases/preview-due-date-change';
import { listOpenRequests, remindOpenRequests } from './use-cases/requests-inbox';

/** Borrower care for the borrower (docs/borrower-care.md), under /api. */
export function careRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const onRequest = requireSignIn(ctx);
  return async (app) => {
    app.get('/dashboard/requests', { onRequest, schema: { response: { 200: ZRequestsInbox } } }, async (req) => listOpenRequests(ctx, signedIn(req).member.id));
    app.get('/dashboard/consents', { onRequest, schema: { response: { 200: ZConsentCentre } } }, async (req) => getConsentCentre(ctx, signedIn(req).member.id));
    app.post('/dashboard/consents/electronic_communications/withdraw', { onRequest, schema: { body: ZWithdrawConsentRequest, response: { 200: ZConsentCentre } } }, async (req) =>
      withdrawElectronicConsent(ctx, signedIn(req).member.id, req.body.confirm === true, clientInfo(req)),
    );
    app.get(
      '/dashboard/loans/:loanId/due_date_change',
      { onRequest, schema: { params: ZLoanIdParams, querystring: ZDueDateChangeQuery, response: { 200: ZDueDateChangePreview } } },
      async (req) => previewDueDateChange(ctx, signedIn(req).member.id, req.params.loanId, req.query.date),
    );
    app.post('/dashboard/consents/electronic_communications/restore', { onRequest, schema: { response: { 200: ZConsentCentre } } }, async (req) =>
      restoreElectronicConsent(ctx, signedIn(req).member.id, clientInfo(req)),
    );
  };
}

/** Borrower care in the back office, under /api/backoffice: a borrower's open requests and a reminder. */
export function careBackofficeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const read = { staff: 'read' } as const;
  const servicing = { staff: 'fund' } as const;
  return async (app) => {
    app.get('/members/:userId/requests', { config: read, schema: { params: ZBackofficeUserParams, response: { 200: ZRequestsInbox } } }, async (req) =>
      listOpenRequests(ctx, req.params.userId),
    );
    app.get('/members/:userId/consents', { config: read, schema: { params: ZBackofficeUserParams, response: { 200: ZConsentCentre } } }, async (req) =>
      getConsentCentre(ctx, req.params.userId),
    );
    // A withdrawal the borrower gave by phone or mail (the disclosure allows both), recorded and audited.
    app.post(
      '/members/:userId/consents/electronic_communications/withdraw',
      { config: servicing, schema: { params: ZBackofficeUserParams, body: ZWithdrawConsentRequest, response: { 200: ZConsentCentre } } },
      async (req) => withdrawElectronicConsent(ctx, req.params.userId, req.body.confirm === true, { ip: null, userAgent: null }, staffOf(req)),
    );
    app.post('/members/:userId/requests/remind', { config: read, schema: { params: ZBackofficeUserParams, response: { 200: ZRequestsReminder } } }, async (req) =>
      remindOpenRequests(ctx, staffOf(req), req.params.userId),
    );
  };
}
