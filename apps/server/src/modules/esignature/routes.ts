import {
  ZAgreementIdParams,
  ZAgreementRecorded,
  ZAgreementsRequest,
  ZBorrowerAgreementQuery,
  ZEsignatureResponse,
  ZSignRequest,
  ZSignResponse,
} from '@payrail/contract/esignature';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { leafFieldKey } from '../../http/error-handler';
import { sendPrivateFile } from '../documents/file-names';
import { clientInfo, signedIn } from '../identity/http';
import { getEsignature } from './use-cases/get-esignature';
import { readBorrowerDocument } from './use-cases/read-borrower-document';
import { recordAgreementById, recordAgreementByName } from './use-cases/record-agreement';
import { signPromissoryNote } from './use-cases/sign-promissory-note';

/** E-signature (classic §2 E-signature, §7): terms to review, the member's documents, agreements, signing. */
export function esignatureRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const session = { session: 'required' } as const;
  const leaf = { fieldKey: leafFieldKey };
  return async (app) => {
    app.get('/esignature', { config: session, schema: { response: { 200: ZEsignatureResponse } } }, async (req) => getEsignature(ctx, signedIn(req).member));

    app.get('/borrower_agreement_documents/:id', { config: session, schema: { params: ZAgreementIdParams } }, async (req, reply) => {
      const { fileName, bytes } = await readBorrowerDocument(ctx, signedIn(req).member, req.params.id);
      return sendPrivateFile(reply, { contentType: 'application/pdf', disposition: 'inline', fileName: fileName, bytes: bytes });
    });

    app.post(
      '/borrower_agreement_documents',
      { config: { ...leaf, ...session }, schema: { querystring: ZBorrowerAgreementQuery, response: { 201: ZAgreementRecorded } } },
      async (req, reply) =>
        reply.status(201).send(await recordAgreementByName(ctx, signedIn(req).member.id, req.query.agreement, req.query.state, clientInfo(req))),
    );

    app.post(
      '/agreements',
      { config: { ...leaf, ...session }, schema: { body: ZAgreementsRequest, response: { 201: ZAgreementRecorded } } },
      async (req, reply) => reply.status(201).send(await recordAgreementById(ctx, signedIn(req).member.id, req.body.agreements.id, clientInfo(req))),
    );

    app.post('/esignature/sign', { config: { ...leaf, ...session }, schema: { body: ZSignRequest, response: { 200: ZSignResponse } } }, async (req) =>
      signPromissoryNote(ctx, signedIn(req).member, req.body.signature_name, clientInfo(req)),
    );
  };
}
