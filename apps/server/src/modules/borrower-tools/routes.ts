import { ZPayoffLetterResponse, ZRepaymentTrackerResponse, ZWhatIfRequest, ZWhatIfResponse } from '@payrail/contract/borrower-tools';
import { ZLoanIdParams, ZPayoffParams } from '@payrail/contract/servicing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { sendPrivateFile } from '../documents/file-names';
import { signedIn } from '../identity/http';
import { borrowerPayoffLetter, payoffLetterPdf } from './use-cases/payoff-letter';
import { repaymentTracker } from './use-cases/repayment-tracker';
import { whatIf } from './use-cases/what-if';

/** Borrower tools (issue #13), under /api with the borrower's session. */
export function borrowerToolsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const session = { session: 'required' } as const;
  return async (app) => {
    const member = (req: Parameters<typeof signedIn>[0]) => signedIn(req).member;

    app.get(
      '/loans/:loanId/payoff_letter/:date',
      { config: session, schema: { params: ZPayoffParams, response: { 200: ZPayoffLetterResponse } } },
      async (req) => borrowerPayoffLetter(ctx, member(req), req.params.loanId, req.params.date),
    );
    app.get('/loans/:loanId/payoff_letter/:date/pdf', { config: session, schema: { params: ZPayoffParams } }, async (req, reply) => {
      const { fileName, bytes } = await payoffLetterPdf(ctx, await borrowerPayoffLetter(ctx, member(req), req.params.loanId, req.params.date));
      return sendPrivateFile(reply, { contentType: 'application/pdf', disposition: 'attachment', fileName: fileName, bytes: bytes });
    });

    // The what-if simulator computes and writes nothing: POST only because the scenario is a body.
    app.post(
      '/loans/:loanId/what_if',
      { config: session, schema: { params: ZLoanIdParams, body: ZWhatIfRequest, response: { 200: ZWhatIfResponse } } },
      async (req) => whatIf(ctx, member(req), req.params.loanId, req.body),
    );

    app.get(
      '/loans/:loanId/repayment_tracker',
      { config: session, schema: { params: ZLoanIdParams, response: { 200: ZRepaymentTrackerResponse } } },
      async (req) => repaymentTracker(ctx, member(req), req.params.loanId),
    );
  };
}
