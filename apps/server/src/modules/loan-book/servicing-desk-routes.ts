import { IDEMPOTENCY_HEADER, ZLoanParams } from '@payrail/contract/backoffice';
import {
  SERVICING_BO_MSG,
  ZAchReturnsResponse,
  ZAdvanceBusinessDate,
  ZAdvanceResponse,
  ZBusinessDateResponse,
  ZCancelUndeliveredRequest,
  ZCancelUndeliveredResponse,
  ZCancelUnsentRequest,
  ZCancelUnsentResponse,
  ZLineParams,
  ZLoanListQuery,
  ZLoanListResponse,
  ZLoanServicingResponse,
  ZRemittanceImport,
  ZRemittanceImportResponse,
  ZResolveLine,
  ZRedisburseResponse,
  ZRefundCreditRequest,
  ZRefundCreditResponse,
  ZReversalRequest,
  ZReversalResponse,
  ZSandboxRemittanceRequest,
  ZSandboxRemittanceResponse,
  ZSuspenseResponse,
} from '@payrail/contract/servicing-backoffice';
import { parseIsoDate } from '@payrail/domain/dates';
import type { FastifyMultipartBaseOptions } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { staffOf } from '../staff/staff-guard';
import { AppError } from '../../errors';
import { applyAchReturnFile } from './use-cases/ach-returns';
import { advanceBusinessDate, getBusinessClock, runServicingNow } from './use-cases/business-clock';
import { cancelUndeliveredLoan, cancelUnsentLoan, redisburse } from './use-cases/disbursement-returns';
import { IDEMPOTENCY_KEY_REQUIRED } from './routes';
import { listLoans } from './use-cases/list-loans';
import { loanServicing, reversePayment } from './use-cases/loan-servicing';
import { refundCreditByStaff } from './use-cases/staff-credit-refund';
import { importRemittance, listSuspense, resolveSuspenseLine, sandboxRemittanceFile } from './use-cases/remittances';
import { registerMultipartReader } from '../../http/multipart';

/** A NACHA return file of 5 MB holds about 26,000 returns: more than a day of any ODFI's returns for this book. */
const RETURN_FILE_MAX_BYTES = 5_242_880;

/**
 * The return file of POST /ach/returns: a multipart upload (field `file`), a `text/plain` body holding the
 * file itself, or JSON `{ file: "<text>", file_name? }`.
 */
async function readReturnFile(req: FastifyRequest): Promise<{ text: string; fileName: string | null }> {
  if (req.isMultipart()) {
    const options: FastifyMultipartBaseOptions = { limits: { fileSize: RETURN_FILE_MAX_BYTES, files: 1, fields: 2, parts: 3 }, throwFileSizeLimit: false };
    for await (const part of req.parts(options)) {
      if (part.type !== 'file') continue;
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      if (part.file.truncated) throw new AppError('validation', SERVICING_BO_MSG.returnFileTooLarge);
      if (part.fieldname === 'file') return { text: Buffer.concat(chunks).toString('latin1'), fileName: part.filename || null };
    }
    throw new AppError('validation', SERVICING_BO_MSG.returnFileMissing);
  }
  const body = req.body;
  if (typeof body === 'string' && body.trim() !== '') return { text: body, fileName: null };
  if (body && typeof body === 'object' && typeof (body as { file?: unknown }).file === 'string') {
    const { file, file_name: name } = body as { file: string; file_name?: unknown };
    if (file.trim() !== '') return { text: file, fileName: typeof name === 'string' ? name.slice(0, 200) : null };
  }
  throw new AppError('validation', SERVICING_BO_MSG.returnFileMissing);
}

/** Servicing in the back office, under /api/backoffice: loan list, loan page, reversals, returned disbursements, credit refunds, remittances, business clock, daily run. */
export function collectionsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const act = { staff: 'fund' } as const;
  const read = { staff: 'read' } as const;
  return async (app) => {
    await registerMultipartReader(app); // POST /ach/returns reads a multipart upload
    app.get('/servicing/business_date', { config: read, schema: { response: { 200: ZBusinessDateResponse } } }, async () => getBusinessClock(ctx));
    app.post('/servicing/business_date', { config: act, schema: { body: ZAdvanceBusinessDate, response: { 200: ZAdvanceResponse } } }, async (req) =>
      advanceBusinessDate(ctx, staffOf(req), req.body),
    );
    app.post('/servicing/run', { config: act, schema: { response: { 200: ZAdvanceResponse } } }, async (req) => runServicingNow(ctx, staffOf(req)));

    // The loan list: search by loan number, id, the borrower's name, e-mail or phone; filters; keyset pages.
    app.get('/loans', { config: read, schema: { querystring: ZLoanListQuery, response: { 200: ZLoanListResponse } } }, async (req) =>
      listLoans(ctx, req.query),
    );
    app.get('/loans/:loanId/servicing', { config: read, schema: { params: ZLoanParams, response: { 200: ZLoanServicingResponse } } }, async (req) =>
      loanServicing(ctx, req.params.loanId),
    );
    app.post(
      '/loans/:loanId/reversals',
      { config: act, schema: { params: ZLoanParams, body: ZReversalRequest, response: { 200: ZReversalResponse } } },
      async (req) => reversePayment(ctx, staffOf(req), req.params.loanId, req.body),
    );

    // A returned disbursement (docs/servicing-operations.md): send it again to a corrected account, or cancel the loan.
    app.post(
      '/loans/:loanId/redisburse',
      { config: { ...act, idempotencyKey: 'required' }, schema: { params: ZLoanParams, response: { 200: ZRedisburseResponse } } },
      async (req) => {
        const raw = req.headers[IDEMPOTENCY_HEADER];
        const key = typeof raw === 'string' ? raw.trim() : '';
        if (key.length < 8 || key.length > 200) throw new AppError('bad_request', IDEMPOTENCY_KEY_REQUIRED);
        return redisburse(ctx, staffOf(req), req.params.loanId, key);
      },
    );
    app.post(
      '/loans/:loanId/cancel_undelivered',
      { config: act, schema: { params: ZLoanParams, body: ZCancelUndeliveredRequest, response: { 200: ZCancelUndeliveredResponse } } },
      async (req) => cancelUndeliveredLoan(ctx, staffOf(req), req.params.loanId, req.body),
    );
    // A funding credit never sent (its send failed): cancel the loan instead of sending it (never both).
    app.post(
      '/loans/:loanId/cancel_unsent',
      { config: act, schema: { params: ZLoanParams, body: ZCancelUnsentRequest, response: { 200: ZCancelUnsentResponse } } },
      async (req) => cancelUnsentLoan(ctx, staffOf(req), req.params.loanId, req.body),
    );
    // A held credit balance sent back on demand (docs/servicing.md, "Credit balances"): what was sent, or why it is held.
    app.post(
      '/loans/:loanId/refund_credit',
      { config: act, schema: { params: ZLoanParams, body: ZRefundCreditRequest, response: { 200: ZRefundCreditResponse } } },
      async (req) => refundCreditByStaff(ctx, staffOf(req), req.params.loanId, req.body),
    );

    app.post('/ach/returns', { config: act, bodyLimit: RETURN_FILE_MAX_BYTES + 100_000, schema: { response: { 200: ZAchReturnsResponse } } }, async (req) => {
      const { text, fileName } = await readReturnFile(req);
      return applyAchReturnFile(ctx, staffOf(req), text, fileName);
    });

    app.post(
      '/remittances',
      { config: act, bodyLimit: 6_000_000, schema: { body: ZRemittanceImport, response: { 200: ZRemittanceImportResponse } } },
      async (req) => importRemittance(ctx, staffOf(req), req.body, 'csv' in req.body ? 'file' : 'api'),
    );
    app.get('/remittances/suspense', { config: act, schema: { response: { 200: ZSuspenseResponse } } }, async () => listSuspense(ctx));
    app.post(
      '/remittances/lines/:id/resolve',
      {
        config: act,
        schema: { params: ZLineParams, body: ZResolveLine, response: { 200: z.object({ line: ZRemittanceImportResponse.shape.lines.element }) } },
      },
      async (req) => resolveSuspenseLine(ctx, staffOf(req), req.params.id, req.body),
    );
    app.post('/remittances/sandbox', { config: act, schema: { body: ZSandboxRemittanceRequest, response: { 200: ZSandboxRemittanceResponse } } }, async (req) =>
      sandboxRemittanceFile(ctx, parseIsoDate(req.body.pay_date)),
    );
  };
}
