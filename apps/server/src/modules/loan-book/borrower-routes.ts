import {
  PAYMENT_IDEMPOTENCY_HEADER,
  PAYMENT_MSG,
  ZBorrowerBusinessDateResponse,
  ZCancelTransactionResponse,
  ZDebitTransactionsResponse,
  ZDocumentsZipRequest,
  ZIdParams,
  ZLoanDocumentsResponse,
  ZLoanIdParams,
  ZNextTermDateResponse,
  ZPaymentHistoryQuery,
  ZPaymentHistoryResponse,
  ZPaymentRequest,
  ZPaymentResponse,
  ZPayoffParams,
  ZPayoffResponse,
  ZPullTransactionRequest,
  ZDebitDisbursementRequest,
  ZDebitDisbursementResponse,
  ZPullTransactionResponse,
  ZScheduledPaymentsResponse,
} from '@payrail/contract/servicing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { sendPrivateFile } from '../documents/file-names';
import { clientInfo, signedIn } from '../identity/http';
import { businessToday } from '../../lib/business-clock';
import { cancelTransaction } from './use-cases/cancel-transaction';
import { nextTermDate } from './use-cases/get-next-term-date';
import { paymentHistory } from './use-cases/list-payments';
import { loanTransactions } from './use-cases/list-transactions';
import { payoffQuote } from './use-cases/quote-payoff';
import { downloadLoanDocument, listLoanDocuments, zipLoanDocuments } from './use-cases/loan-documents';
import { debitTransactions } from './use-cases/list-debit-transactions';
import { pullCardPayment } from './use-cases/pull-card-payment';
import { disburseToCard } from './use-cases/card-disbursement';
import { paymentErrors, requestPayment } from './use-cases/request-payment';

/** Borrower servicing calls (new flow & dashboard spec §7), under /api with the borrower's session (the loan views, which carry refinance fields, are the refinance module's). */
export function servicingBorrowerRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const session = { session: 'required' } as const;
  return async (app) => {
    const member = (req: Parameters<typeof signedIn>[0]) => signedIn(req).member;

    app.get(
      '/loans/history/payments',
      // Answered from the kept answer while the member's data is unchanged (http/kept-member-answers.ts).
      { config: { ...session, keptAnswer: true }, schema: { querystring: ZPaymentHistoryQuery, response: { 200: ZPaymentHistoryResponse } } },
      async (req) => paymentHistory(ctx, member(req), req.query),
    );
    app.get('/loans/:id/documents', { config: session, schema: { params: ZIdParams, response: { 200: ZLoanDocumentsResponse } } }, async (req) =>
      listLoanDocuments(ctx, member(req), req.params.id),
    );

    app.get('/loans/documents/download/:id', { config: session, schema: { params: ZIdParams } }, async (req, reply) => {
      const { fileName, bytes } = await downloadLoanDocument(ctx, member(req), req.params.id);
      return sendPrivateFile(reply, { contentType: 'application/pdf', disposition: 'attachment', fileName: fileName, bytes: bytes });
    });

    app.post('/loans/documents/download/zip', { config: session, schema: { body: ZDocumentsZipRequest } }, async (req, reply) => {
      const bytes = await zipLoanDocuments(ctx, member(req), req.body.documents);
      return sendPrivateFile(reply, { contentType: 'application/zip', disposition: 'attachment', fileName: 'loan-documents.zip', bytes: bytes });
    });

    app.get(
      '/transactions/loan/next_term_date/:loanId',
      { config: session, schema: { params: ZLoanIdParams, response: { 200: ZNextTermDateResponse } } },
      async (req) => nextTermDate(ctx, member(req), req.params.loanId),
    );
    app.get('/transactions/loan/:loanId', { config: session, schema: { params: ZLoanIdParams, response: { 200: ZScheduledPaymentsResponse } } }, async (req) =>
      loanTransactions(ctx, member(req), req.params.loanId),
    );
    app.patch('/transactions/cancel/:id', { config: session, schema: { params: ZIdParams, response: { 200: ZCancelTransactionResponse } } }, async (req) =>
      cancelTransaction(ctx, member(req), req.params.id),
    );
    app.get('/business_date', { config: session, schema: { response: { 200: ZBorrowerBusinessDateResponse } } }, async () => ({
      business_date: await businessToday(ctx),
    }));
    app.get('/:loanId/payoff/:date', { config: session, schema: { params: ZPayoffParams, response: { 200: ZPayoffResponse } } }, async (req) =>
      payoffQuote(ctx, member(req), req.params.loanId, req.params.date),
    );

    const idempotencyKey = (req: { headers: Record<string, string | string[] | undefined> }) => {
      const raw = req.headers[PAYMENT_IDEMPOTENCY_HEADER];
      const key = typeof raw === 'string' ? raw.trim() : '';
      if (key.length < 8 || key.length > 200) throw paymentErrors([PAYMENT_MSG.idempotencyKeyInvalid], 'bad_request');
      return key;
    };
    app.post(
      '/request_payment',
      { config: { ...session, idempotencyKey: 'required' }, schema: { body: ZPaymentRequest, response: { 200: ZPaymentResponse } } },
      async (req) => requestPayment(ctx, member(req), req.body, idempotencyKey(req), clientInfo(req)),
    );

    // Debit-card payments (§7 get_debit_transactions, create_pull_transaction).
    app.get('/get_debit_transactions', { config: session, schema: { response: { 200: ZDebitTransactionsResponse } } }, async (req) =>
      debitTransactions(ctx, member(req)),
    );
    app.post(
      '/create_pull_transaction',
      { config: { ...session, idempotencyKey: 'required' }, schema: { body: ZPullTransactionRequest, response: { 200: ZPullTransactionResponse } } },
      async (req) => pullCardPayment(ctx, member(req), req.body, idempotencyKey(req), clientInfo(req)),
    );
    // §7 create_debit_disbursement: the loan's credit balance refunded to a saved debit card.
    app.post(
      '/create_debit_disbursement',
      { config: { ...session, idempotencyKey: 'required' }, schema: { body: ZDebitDisbursementRequest, response: { 200: ZDebitDisbursementResponse } } },
      async (req) => disburseToCard(ctx, member(req), req.body, idempotencyKey(req)),
    );
  };
}
