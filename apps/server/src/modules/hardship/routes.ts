import {
  ZHardshipAnswer,
  ZHardshipDecisionRequest,
  ZHardshipDetail,
  ZHardshipDocumentParams,
  ZHardshipIdParams,
  ZHardshipPage,
  ZHardshipQueue,
  ZHardshipQueueQuery,
  ZHardshipRequest,
  ZHardshipSubmit,
} from '@payrail/contract/hardship';
import { ZLoanIdParams } from '@payrail/contract/servicing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { sendPrivateFile } from '../documents/file-names';
import { signedIn } from '../identity/http';
import { staffOf } from '../staff/staff-guard';
import { answerHardship } from './use-cases/answer-hardship';
import { decideHardship } from './use-cases/decide-hardship';
import { getHardshipDetail } from './use-cases/get-hardship-detail';
import { getHardshipPage } from './use-cases/get-hardship-page';
import { listHardshipQueue } from './use-cases/list-hardship-queue';
import { submitHardship } from './use-cases/submit-hardship';
import { viewHardshipDocument } from './use-cases/view-hardship-document';

/** The borrower's hardship request (docs/hardship.md), under /api. */
export function hardshipRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const session = { session: 'required' } as const;
  return async (app) => {
    app.get('/dashboard/loans/:loanId/hardship', { config: session, schema: { params: ZLoanIdParams, response: { 200: ZHardshipPage } } }, async (req) =>
      getHardshipPage(ctx, signedIn(req).member.id, req.params.loanId),
    );
    app.post(
      '/dashboard/loans/:loanId/hardship_requests',
      { config: session, schema: { params: ZLoanIdParams, body: ZHardshipSubmit, response: { 201: ZHardshipRequest } } },
      async (req, reply) => reply.status(201).send(await submitHardship(ctx, signedIn(req).member.id, req.params.loanId, req.body)),
    );
    app.post(
      '/dashboard/hardship_requests/:id/answer',
      { config: session, schema: { params: ZHardshipIdParams, body: ZHardshipAnswer, response: { 200: ZHardshipRequest } } },
      async (req) => answerHardship(ctx, signedIn(req).member.id, req.params.id, req.body),
    );
  };
}

/** Hardship requests in the back office, under /api/backoffice: the queue and detail (read), decisions and documents (servicing staff). */
export function hardshipBackofficeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const read = { staff: 'read' } as const;
  const servicing = { staff: 'fund' } as const;
  return async (app) => {
    app.get('/hardship_requests', { config: read, schema: { querystring: ZHardshipQueueQuery, response: { 200: ZHardshipQueue } } }, async (req) =>
      listHardshipQueue(ctx, req.query.status),
    );
    app.get('/hardship_requests/:id', { config: read, schema: { params: ZHardshipIdParams, response: { 200: ZHardshipDetail } } }, async (req) =>
      getHardshipDetail(ctx, req.params.id),
    );
    app.post(
      '/hardship_requests/:id/decision',
      { config: servicing, schema: { params: ZHardshipIdParams, body: ZHardshipDecisionRequest, response: { 200: ZHardshipDetail } } },
      async (req) => decideHardship(ctx, staffOf(req), req.params.id, req.body),
    );
    app.get('/hardship_requests/:id/documents/:documentId', { config: servicing, schema: { params: ZHardshipDocumentParams } }, async (req, reply) => {
      const { document, bytes } = await viewHardshipDocument(ctx, staffOf(req), req.params.id, req.params.documentId);
      return sendPrivateFile(reply, { contentType: document.contentType, disposition: 'attachment', fileName: document.fileName, bytes: bytes });
    });
  };
}
