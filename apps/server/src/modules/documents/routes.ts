import { ZDocument, ZDocumentListQuery, ZDocumentParams, ZRequiredDocuments } from '@payrail/contract/documents';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireSignIn, signedIn } from '../identity/http';
import { contentDisposition } from './file-names';
import { readUpload } from './multipart';
import { deleteDocument } from './use-cases/delete-document';
import { getRequiredDocuments } from './use-cases/get-required-documents';
import { listDocuments } from './use-cases/list-documents';
import { readDocument } from './use-cases/read-document';
import { uploadDocument } from './use-cases/upload-document';

/** Uploads per address and minute; each one can be 2 MB of storage. */
const UPLOAD_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

/** The borrower's uploaded documents (classic flow §2 Documents, §7). Owner only; others get 404. */
export function documentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const onRequest = requireSignIn(ctx);
  return async (app) => {
    app.post('/documents', { onRequest, config: { rateLimit: UPLOAD_RATE_LIMIT }, schema: { response: { 201: ZDocument } } }, async (req, reply) =>
      reply.status(201).send(await uploadDocument(ctx, signedIn(req).member.id, await readUpload(req))),
    );

    app.get('/documents', { onRequest, schema: { querystring: ZDocumentListQuery, response: { 200: z.array(ZDocument) } } }, async (req) =>
      listDocuments(ctx, signedIn(req).member.id, req.query.document_type_name),
    );

    app.get('/documents/:id', { onRequest, schema: { params: ZDocumentParams } }, async (req, reply) => {
      const { document, bytes } = await readDocument(ctx, signedIn(req).member.id, req.params.id);
      return reply
        .type(document.contentType)
        .header('content-disposition', contentDisposition('inline', document.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(bytes);
    });

    app.delete('/documents/:id', { onRequest, schema: { params: ZDocumentParams } }, async (req, reply) => {
      await deleteDocument(ctx, signedIn(req).member.id, req.params.id);
      return reply.status(204).send();
    });

    app.get('/required_documents', { onRequest, schema: { response: { 200: ZRequiredDocuments } } }, async (req) => getRequiredDocuments(ctx, signedIn(req).member.id));
  };
}
