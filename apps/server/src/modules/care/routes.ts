import { IDEMPOTENCY_HEADER, ZBackofficeUserParams, ZLoanParams } from '@payrail/contract/backoffice';
import {
  ZConsentCentre,
  ZDueDateChange,
  ZDueDateChangeOverview,
  ZDueDateChangePreview,
  ZDueDateChangeQuery,
  ZDueDateChangeRequest,
  ZRequestsInbox,
  ZRequestsReminder,
  ZScheduleRevisions,
  ZWithdrawConsentRequest,
} from '@payrail/contract/care';
import { ZLoanIdParams } from '@payrail/contract/servicing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { sendPrivateFile } from '../documents/file-names';
import { IDEMPOTENCY_KEY_REQUIRED } from '../loan-book/routes';
import { applyDueDateChange, dueDateChangeOverview } from './use-cases/apply-due-date-change';
import { dueDateChangeAgreementForStaff, scheduleRevisionsOfLoan } from './use-cases/schedule-revisions';
import { clientInfo, signedIn } from '../identity/http';
import { staffOf } from '../staff/staff-guard';
import { getConsentCentre, restoreElectronicConsent, withdrawElectronicConsent } from './use-cases/consent-centre';
import { previewDueDateChange } from './use-cases/preview-due-date-change';
import { listOpenRequests, remindOpenRequests } from './use-cases/requests-inbox';

/** Borrower care for the borrower (docs/borrower-care.md), under /api. */
export function careRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const session = { session: 'required' } as const;
  return async (app) => {
    app.get('/dashboard/requests', { config: session, schema: { response: { 200: ZRequestsInbox } } }, async (req) =>
      listOpenRequests(ctx, signedIn(req).member.id),
    );
    app.get('/dashboard/consents', { config: session, schema: { response: { 200: ZConsentCentre } } }, async (req) =>
      getConsentCentre(ctx, signedIn(req).member.id),
    );
    app.post(
      '/dashboard/consents/electronic_communications/withdraw',
      { config: session, schema: { body: ZWithdrawConsentRequest, response: { 200: ZConsentCentre } } },
      async (req) => withdrawElectronicConsent(ctx, signedIn(req).member.id, req.body.confirm === true, clientInfo(req)),
    );
    app.get(
      '/dashboard/loans/:loanId/due_date_change',
      { config: session, schema: { params: ZLoanIdParams, querystring: ZDueDateChangeQuery, response: { 200: ZDueDateChangePreview } } },
      async (req) => previewDueDateChange(ctx, signedIn(req).member.id, req.params.loanId, req.query.date),
    );
    // The borrower signs the re-disclosed schedule; an optional Idempotency-Key makes a retry answer the first change.
    app.post(
      '/dashboard/loans/:loanId/due_date_change',
      { config: { ...session, idempotencyKey: 'optional' }, schema: { params: ZLoanIdParams, body: ZDueDateChangeRequest, response: { 200: ZDueDateChange } } },
      async (req) => {
        const raw = req.headers[IDEMPOTENCY_HEADER];
        const key = typeof raw === 'string' ? raw.trim() : null;
        if (key !== null && (key.length < 8 || key.length > 200)) throw new AppError('bad_request', IDEMPOTENCY_KEY_REQUIRED);
        return applyDueDateChange(ctx, signedIn(req).member, req.params.loanId, req.body, clientInfo(req), key);
      },
    );
    app.get(
      '/dashboard/loans/:loanId/due_date_changes',
      { config: session, schema: { params: ZLoanIdParams, response: { 200: ZDueDateChangeOverview } } },
      async (req) => dueDateChangeOverview(ctx, signedIn(req).member.id, req.params.loanId),
    );
    app.post('/dashboard/consents/electronic_communications/restore', { config: session, schema: { response: { 200: ZConsentCentre } } }, async (req) =>
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
    app.get('/loans/:loanId/schedule_revisions', { config: read, schema: { params: ZLoanParams, response: { 200: ZScheduleRevisions } } }, async (req) =>
      scheduleRevisionsOfLoan(ctx, req.params.loanId),
    );
    app.get(
      '/loans/:loanId/due_date_changes/:changeId/pdf',
      { config: read, schema: { params: ZLoanParams.extend({ changeId: z.coerce.number().int().positive().max(2_147_483_647) }) } },
      async (req, reply) => {
        const { fileName, bytes, audit } = await dueDateChangeAgreementForStaff(ctx, staffOf(req), req.params.loanId, req.params.changeId);
        await audit();
        return sendPrivateFile(reply, { contentType: 'application/pdf', disposition: 'attachment', fileName: fileName, bytes: bytes });
      },
    );
    // A write to the borrower: its own capability (not read), capped per borrower per business day.
    app.post(
      '/members/:userId/requests/remind',
      { config: { staff: 'remind' }, schema: { params: ZBackofficeUserParams, response: { 200: ZRequestsReminder } } },
      async (req) => remindOpenRequests(ctx, staffOf(req), req.params.userId),
    );
  };
}
