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
import { ZStorageCheckResponse } from '@payrail/contract/documents';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { sendPrivateFile } from '../documents/file-names';
import { checkStorage } from '../documents/use-cases/storage-check';
import { staffOf } from '../staff/staff-guard';
import { getApplicationDetail } from './use-cases/get-application-detail';
import { listAudit } from './use-cases/list-audit';
import { listQueue } from './use-cases/list-queue';
import { viewDocument } from '../documents/use-cases/view-document-as-staff';
import { revealSsn, viewSignedNote } from './use-cases/sensitive-views';

/** The back office's queue, application detail, sensitive views and audit log, under /api/backoffice. */
export function backofficeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const read = { staff: 'read' } as const;
  const review = { staff: 'review' } as const;
  return async (app) => {
    app.get('/applications', { config: read, schema: { querystring: ZQueueQuery, response: { 200: ZQueueResponse } } }, async (req) =>
      listQueue(ctx, req.query),
    );

    app.get('/applications/:userId', { config: read, schema: { params: ZBackofficeUserParams, response: { 200: ZApplicationDetail } } }, async (req) =>
      getApplicationDetail(ctx, req.params.userId),
    );

    app.post(
      '/applications/:userId/reveal_ssn',
      { config: review, schema: { params: ZBackofficeUserParams, response: { 200: ZRevealSsnResponse } } },
      async (req) => revealSsn(ctx, staffOf(req), req.params.userId),
    );

    app.get('/documents/:id', { config: review, schema: { params: ZBackofficeDocumentParams } }, async (req, reply) => {
      const { document, bytes } = await viewDocument(ctx, staffOf(req), req.params.id);
      return sendPrivateFile(reply, { contentType: document.contentType, disposition: 'inline', fileName: document.fileName, bytes: bytes });
    });

    app.get('/esignatures/:id/pdf', { config: read, schema: { params: ZBackofficeDocumentParams } }, async (req, reply) => {
      const { signature, bytes } = await viewSignedNote(ctx, staffOf(req), req.params.id);
      return sendPrivateFile(reply, { contentType: 'application/pdf', disposition: 'inline', fileName: `promissory-note-${signature.id}.pdf`, bytes: bytes });
    });

    // Which stored files have lost their bytes (the files borrowers and staff are told are unavailable).
    app.get('/storage_check', { config: { staff: 'storageCheck' }, schema: { response: { 200: ZStorageCheckResponse } } }, async (req) => {
      const result = await checkStorage(ctx);
      if (result.missing.length > 0)
        req.log.warn(
          { count: result.missing.length, missing: result.missing.slice(0, 50).map((m) => ({ source: m.source, id: m.id })) },
          'storage check: stored files missing',
        );
      return result;
    });

    app.get('/audit', { config: { staff: 'audit' }, schema: { querystring: ZAuditQuery, response: { 200: ZAuditResponse } } }, async (req) =>
      listAudit(ctx, req.query),
    );
  };
}
