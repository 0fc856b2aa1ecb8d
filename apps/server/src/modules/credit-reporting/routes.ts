import {
  ZCreditFileParams,
  ZCreditReportingFiles,
  ZDisputeParams,
  ZGenerateCreditFile,
  ZGenerateCreditFileResponse,
  ZLoanDisputes,
  ZOpenDispute,
  ZResolveDispute,
} from '@payrail/contract/credit-reporting';
import { ZLoanParams } from '@payrail/contract/backoffice';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { sendPrivateFile } from '../documents/file-names';
import { staffOf } from '../staff/staff-guard';
import { loanDisputes, openDispute, resolveDispute } from './use-cases/disputes';
import { downloadCreditFile, generateCreditFile, listCreditFiles } from './use-cases/furnishing';

/** Credit reporting in the back office (docs/credit-reporting.md), under /api/backoffice: Metro 2 files (admin) and disputes (servicing staff). */
export function creditReportingBackofficeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const files = { staff: 'creditReporting' } as const;
  const disputes = { staff: 'creditDisputes' } as const;
  const read = { staff: 'read' } as const;
  return async (app) => {
    app.get('/credit_reporting/files', { config: files, schema: { response: { 200: ZCreditReportingFiles } } }, async () => listCreditFiles(ctx));
    app.post(
      '/credit_reporting/files',
      { config: files, schema: { body: ZGenerateCreditFile, response: { 200: ZGenerateCreditFileResponse, 201: ZGenerateCreditFileResponse } } },
      async (req, reply) => {
        const r = await generateCreditFile(ctx, req.body.period, staffOf(req));
        return reply.status(r.created ? 201 : 200).send(r);
      },
    );
    app.get('/credit_reporting/files/:id/download', { config: files, schema: { params: ZCreditFileParams } }, async (req, reply) => {
      const f = await downloadCreditFile(ctx, staffOf(req), req.params.id);
      return sendPrivateFile(reply, { contentType: 'text/plain; charset=us-ascii', disposition: 'attachment', fileName: f.fileName, bytes: f.bytes });
    });
    app.get('/loans/:loanId/disputes', { config: read, schema: { params: ZLoanParams, response: { 200: ZLoanDisputes } } }, async (req) =>
      loanDisputes(ctx, req.params.loanId),
    );
    app.post(
      '/loans/:loanId/disputes',
      { config: disputes, schema: { params: ZLoanParams, body: ZOpenDispute, response: { 201: ZLoanDisputes } } },
      async (req, reply) => reply.status(201).send(await openDispute(ctx, staffOf(req), req.params.loanId, req.body)),
    );
    app.post(
      '/loans/:loanId/disputes/:disputeId/resolve',
      { config: disputes, schema: { params: ZDisputeParams, body: ZResolveDispute, response: { 200: ZLoanDisputes } } },
      async (req) => resolveDispute(ctx, staffOf(req), req.params.loanId, req.params.disputeId, req.body),
    );
  };
}
