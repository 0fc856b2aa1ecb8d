import {
  ZCollectionsLoan,
  ZCollectionsLoanParams,
  ZCollectionsQueue,
  ZCollectionsQueueQuery,
  ZLogContactRequest,
  ZNoteRequest,
  ZPromiseRequest,
  ZRecoveryRequest,
} from '@payrail/contract/collections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { postRecovery } from '../loan-book/use-cases/post-recovery';
import { staffOf } from '../staff/staff-guard';
import { addNote, collectionsLoan, collectionsQueue, logContact, recordPromise } from './use-cases/desk';

/** The collections desk under /api/backoffice/collections (capability `collect`; docs/collections.md). */
export function collectionsDeskRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const collect = { staff: 'collect' } as const;
  return async (app) => {
    app.get('/collections/queue', { config: collect, schema: { querystring: ZCollectionsQueueQuery, response: { 200: ZCollectionsQueue } } }, async (req) =>
      collectionsQueue(ctx, req.query),
    );
    app.get('/collections/loans/:loanId', { config: collect, schema: { params: ZCollectionsLoanParams, response: { 200: ZCollectionsLoan } } }, async (req) =>
      collectionsLoan(ctx, req.params.loanId),
    );
    app.post(
      '/collections/loans/:loanId/contacts',
      { config: collect, schema: { params: ZCollectionsLoanParams, body: ZLogContactRequest, response: { 201: ZCollectionsLoan } } },
      async (req, reply) => reply.status(201).send(await logContact(ctx, staffOf(req), req.params.loanId, req.body)),
    );
    app.post(
      '/collections/loans/:loanId/promises',
      { config: collect, schema: { params: ZCollectionsLoanParams, body: ZPromiseRequest, response: { 201: ZCollectionsLoan } } },
      async (req, reply) => reply.status(201).send(await recordPromise(ctx, staffOf(req), req.params.loanId, req.body)),
    );
    app.post(
      '/collections/loans/:loanId/notes',
      { config: collect, schema: { params: ZCollectionsLoanParams, body: ZNoteRequest, response: { 201: ZCollectionsLoan } } },
      async (req, reply) => reply.status(201).send(await addNote(ctx, staffOf(req), req.params.loanId, req.body)),
    );
    app.post(
      '/collections/loans/:loanId/recoveries',
      { config: collect, schema: { params: ZCollectionsLoanParams, body: ZRecoveryRequest, response: { 201: ZCollectionsLoan } } },
      async (req, reply) => {
        await postRecovery(ctx, staffOf(req), req.params.loanId, req.body);
        return reply.status(201).send(await collectionsLoan(ctx, req.params.loanId));
      },
    );
  };
}
