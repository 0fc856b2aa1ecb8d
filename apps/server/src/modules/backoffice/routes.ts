import {
  ZApplicationDetail,
  ZAuditQuery,
  ZAuditResponse,
  ZBackofficeDocumentParams,
  ZBackofficeUserParams,
  ZQueueQuery,
  ZQueueResponse,
  ZRevealSsnResponse,
} from '@payrail/contract/backoffice';
import type { StaffRole, TStaffMember } from '@payrail/contract/staff';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { tokenFromHeader } from '../../lib/tokens';
import { contentDisposition } from '../documents/file-names';
import { authenticateStaff } from '../staff/use-cases/authenticate-staff';
import { getApplicationDetail } from './use-cases/get-application-detail';
import { listAudit } from './use-cases/list-audit';
import { listQueue } from './use-cases/list-queue';
import { revealSsn, viewDocument, viewSignedNote } from './use-cases/sensitive-views';

export const REVIEW_ROLES: readonly StaffRole[] = ['underwriter', 'admin'];
/** Who may READ the queue and an application's detail: reviewers, and servicers (they find what to fund). */
export const QUEUE_ROLES: readonly StaffRole[] = ['underwriter', 'servicer', 'admin'];
export const FUNDING_ROLES: readonly StaffRole[] = ['servicer', 'admin'];
export const AUDIT_ROLES: readonly StaffRole[] = ['admin'];

/** Staff authentication as an onRequest hook (401 / 403 before anything is read), and the member it found. */
export function staffGuard(ctx: AppContext) {
  const staffOf = new WeakMap<FastifyRequest, TStaffMember>();
  return {
    only: (roles: readonly StaffRole[]) => async (req: FastifyRequest) => {
      staffOf.set(req, await authenticateStaff(ctx, tokenFromHeader(req.headers.authorization), roles));
    },
    staff: (req: FastifyRequest) => staffOf.get(req)!,
  };
}

/** The back office's queue, application detail, sensitive views and audit log, under /api/backoffice. */
export function backofficeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const guard = staffGuard(ctx);
  const review = guard.only(REVIEW_ROLES);
  const read = guard.only(QUEUE_ROLES);
  return async (app) => {
    app.get('/applications', { onRequest: read, schema: { querystring: ZQueueQuery, response: { 200: ZQueueResponse } } }, async (req) => listQueue(ctx, req.query));

    app.get('/applications/:userId', { onRequest: read, schema: { params: ZBackofficeUserParams, response: { 200: ZApplicationDetail } } }, async (req) =>
      getApplicationDetail(ctx, req.params.userId),
    );

    app.post('/applications/:userId/reveal_ssn', { onRequest: review, schema: { params: ZBackofficeUserParams, response: { 200: ZRevealSsnResponse } } }, async (req) =>
      revealSsn(ctx, guard.staff(req), req.params.userId),
    );

    app.get('/documents/:id', { onRequest: review, schema: { params: ZBackofficeDocumentParams } }, async (req, reply) => {
      const { document, bytes } = await viewDocument(ctx, guard.staff(req), req.params.id);
      return reply
        .type(document.contentType)
        .header('content-disposition', contentDisposition('inline', document.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(bytes);
    });

    app.get('/esignatures/:id/pdf', { onRequest: guard.only(['underwriter', 'servicer', 'admin']), schema: { params: ZBackofficeDocumentParams } }, async (req, reply) => {
      const { signature, bytes } = await viewSignedNote(ctx, guard.staff(req), req.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition('inline', `promissory-note-${signature.id}.pdf`))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(bytes);
    });

    app.get('/audit', { onRequest: guard.only(AUDIT_ROLES), schema: { querystring: ZAuditQuery, response: { 200: ZAuditResponse } } }, async (req) => listAudit(ctx, req.query));
  };
}
