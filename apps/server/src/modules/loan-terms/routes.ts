import { ZLoanQuery, ZLoanTerms, ZPaymentChangeResponse, ZRepresentativeExample, ZTermsConsentResponse } from '@payrail/contract/application';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { leafFieldKey } from '../../http/error-handler';
import { clientInfo, signedIn } from '../identity/http';
import { getLoanTerms } from './use-cases/get-loan-terms';
import { getPaymentChange } from './use-cases/get-payment-change';
import { recordTermsConsent } from './use-cases/record-terms-consent';
import { representativeExample } from './use-cases/representative-example';

/** Loan terms (classic §2 Loan terms, §7): the priced terms, the terms consent, the allotment requirement. */
export function loanTermsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const session = { session: 'required' } as const;
  return async (app) => {
    app.get('/loan', { config: { ...session, fieldKey: leafFieldKey }, schema: { querystring: ZLoanQuery, response: { 200: ZLoanTerms } } }, async (req) =>
      getLoanTerms(ctx, signedIn(req).member, req.query.amount),
    );

    // Public: the landing page states our terms (APR range, amounts, terms, a worked example).
    app.get('/representative_example', { schema: { response: { 200: ZRepresentativeExample } } }, async () => representativeExample(ctx));

    app.get('/associate_terms_consent', { config: session, schema: { response: { 200: ZTermsConsentResponse } } }, async (req) =>
      recordTermsConsent(ctx, signedIn(req).member, clientInfo(req)),
    );

    app.get('/payment_change', { config: session, schema: { response: { 200: ZPaymentChangeResponse } } }, async (req) =>
      getPaymentChange(ctx, signedIn(req).member),
    );
  };
}
