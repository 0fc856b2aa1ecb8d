import { ZDocument, ZDocumentListQuery, ZDocumentParams, ZRequiredDocuments } from '@payrail/contract/documents';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { signedIn } from '../identity/http';
import { sendPrivateFile } from './file-names';
import { ZProofOfAddressFacts } from '@payrail/contract/newflow';
import { AppError } from '../../errors';
import { checkStatedProof, recordStatedProof, type StatedProof } from './proof-of-address';
import { readUpload } from './multipart';
import { registerMultipartReader } from '../../http/multipart';
import { deleteDocument } from './use-cases/delete-document';
import { getRequiredDocuments } from './use-cases/get-required-documents';
import { listDocuments } from './use-cases/list-documents';
import { readDocument } from './use-cases/read-document';
import { type UploadInput, uploadDocument } from './use-cases/upload-document';

/** Uploads per address and minute; each one can be 2 MB of storage. */
/** The stated facts when the date was sent (422 when they are incomplete or malformed). */
function parseStatedProof(stated: UploadInput['stated']): StatedProof | null {
  if (!stated?.statement_date) return null;
  const parsed = ZProofOfAddressFacts.safeParse(stated);
  if (!parsed.success) throw AppError.fields(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'file'), [i.message]])));
  return parsed.data;
}

const UPLOAD_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

/** The borrower's uploaded documents (classic flow §2 Documents, §7). Owner only; others get 404. */
export function documentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const session = { session: 'required' } as const;
  return async (app) => {
    await registerMultipartReader(app);
    app.post('/documents', { config: { ...session, rateLimit: UPLOAD_RATE_LIMIT }, schema: { response: { 201: ZDocument } } }, async (req, reply) => {
      const userId = signedIn(req).member.id;
      const input = await readUpload(req);
      // A proof of address with its stated date and address is checked first (45 days, same address) and
      // the facts are kept for the reviewer; without them the reviewer checks the image.
      const stated = input.documentTypeName === 'proof_of_address' ? parseStatedProof(input.stated) : null;
      if (stated) await checkStatedProof(ctx, userId, stated, 'file');
      const document = await uploadDocument(ctx, userId, input);
      if (stated) await recordStatedProof(ctx, userId, document.id, stated);
      return reply.status(201).send(document);
    });

    app.get('/documents', { config: session, schema: { querystring: ZDocumentListQuery, response: { 200: z.array(ZDocument) } } }, async (req) =>
      listDocuments(ctx, signedIn(req).member.id, req.query.document_type_name),
    );

    app.get('/documents/:id', { config: session, schema: { params: ZDocumentParams } }, async (req, reply) => {
      const { document, bytes } = await readDocument(ctx, signedIn(req).member.id, req.params.id);
      return sendPrivateFile(reply, { contentType: document.contentType, disposition: 'inline', fileName: document.fileName, bytes: bytes });
    });

    app.delete('/documents/:id', { config: session, schema: { params: ZDocumentParams } }, async (req, reply) => {
      await deleteDocument(ctx, signedIn(req).member.id, req.params.id);
      return reply.status(204).send();
    });

    app.get('/required_documents', { config: session, schema: { response: { 200: ZRequiredDocuments } } }, async (req) =>
      getRequiredDocuments(ctx, signedIn(req).member.id),
    );
  };
}
