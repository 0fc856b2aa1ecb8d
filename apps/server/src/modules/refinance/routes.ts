import { ZOkStatusResponse } from '@payrail/contract/application';
import { ZTokenIsValidResponse } from '@payrail/contract/identity';
import { ZStartRefinanceRequest } from '@payrail/contract/refinance';
import { ZLastLoanOnboardingResponse, ZLastLoanResponse, ZLoanHistoryQuery, ZLoanHistoryResponse, ZOngoingLoansResponse } from '@payrail/contract/servicing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { bearer, signedIn } from '../identity/http';
import { describeSession } from './use-cases/describe-session';
import { lastLoan, lastLoanOnboarding, loanHistory, ongoingLoans } from './use-cases/loan-views';
import { startRefinance } from './use-cases/start-refinance';

/**
 * Refinance calls of the borrower, and what carries the refinance fields (spec §3 Loan): the loan views and
 * the session check (GET /token_is_valid), under /api.
 */
export function refinanceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const session = { session: 'required' } as const;
  // A signed-in page's hot reads: answered from the kept answer while the member's data is unchanged (http/kept-member-answers.ts).
  const kept = { session: 'required', keptAnswer: true } as const;
  return async (app) => {
    app.get('/token_is_valid', { config: { keptAnswer: true }, schema: { response: { 200: ZTokenIsValidResponse } } }, async (req) =>
      describeSession(ctx, bearer(req)),
    );

    app.post('/refinance', { config: session, schema: { body: ZStartRefinanceRequest, response: { 200: ZOkStatusResponse } } }, async (req) =>
      startRefinance(ctx, signedIn(req).member, req.body.loan_id),
    );

    const borrower = (req: Parameters<typeof signedIn>[0]) => signedIn(req).member;
    app.get('/loans/last', { config: kept, schema: { response: { 200: ZLastLoanResponse } } }, async (req) => lastLoan(ctx, borrower(req)));
    app.get('/loans/ongoing_loans', { config: kept, schema: { response: { 200: ZOngoingLoansResponse } } }, async (req) => ongoingLoans(ctx, borrower(req)));
    app.get('/loans/history', { config: session, schema: { querystring: ZLoanHistoryQuery, response: { 200: ZLoanHistoryResponse } } }, async (req) =>
      loanHistory(ctx, borrower(req), req.query),
    );
    app.get('/loans/last/onboarding', { config: session, schema: { response: { 200: ZLastLoanOnboardingResponse } } }, async (req) =>
      lastLoanOnboarding(ctx, borrower(req)),
    );
  };
}
