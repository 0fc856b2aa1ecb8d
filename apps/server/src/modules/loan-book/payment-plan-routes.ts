import {
  ZBorrowerPaymentPlan,
  ZBorrowerPaymentPlans,
  ZLoanPaymentPlans,
  ZLoanPlanParams,
  ZPaymentPlan,
  ZPaymentPlanProposal,
  ZPaymentPlanQuote,
  ZPaymentPlanSign,
  ZPaymentPlanTerms,
  ZPaymentPlanWithdraw,
  ZPlanIdParams,
} from '@payrail/contract/payment-plan';
import { ZIdParams, ZLoanIdParams } from '@payrail/contract/servicing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { sendPrivateFile } from '../documents/file-names';
import { clientInfo, signedIn } from '../identity/http';
import { staffOf } from '../staff/staff-guard';
import { borrowerPaymentPlanPdf, borrowerPaymentPlans, signPaymentPlan } from './use-cases/payment-plan-borrower';
import { loanPaymentPlans, previewPaymentPlan, proposePaymentPlan, staffPaymentPlanPdf, withdrawPaymentPlan } from './use-cases/payment-plan-staff';

/** The borrower's payment plans (docs/payment-plans.md), under /api. */
export function paymentPlanRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const session = { session: 'required' } as const;
  return async (app) => {
    app.get(
      '/dashboard/loans/:loanId/payment_plans',
      { config: session, schema: { params: ZLoanIdParams, response: { 200: ZBorrowerPaymentPlans } } },
      async (req) => borrowerPaymentPlans(ctx, signedIn(req).member.id, req.params.loanId),
    );
    app.post(
      '/dashboard/payment_plans/:id/sign',
      { config: session, schema: { params: ZPlanIdParams, body: ZPaymentPlanSign, response: { 200: ZBorrowerPaymentPlan } } },
      async (req) => signPaymentPlan(ctx, signedIn(req).member, req.params.id, req.body, clientInfo(req)),
    );
    app.get('/loans/payment_plans/:id/pdf', { config: session, schema: { params: ZIdParams } }, async (req, reply) => {
      const { fileName, bytes } = await borrowerPaymentPlanPdf(ctx, signedIn(req).member.id, req.params.id);
      return sendPrivateFile(reply, { contentType: 'application/pdf', disposition: 'attachment', fileName, bytes });
    });
  };
}

/** Payment plans in the back office, under /api/backoffice: read (every role), preview/propose/withdraw (capability `restructure`). */
export function paymentPlanBackofficeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const read = { staff: 'read' } as const;
  const restructure = { staff: 'restructure' } as const;
  return async (app) => {
    app.get('/loans/:id/payment_plans', { config: read, schema: { params: ZIdParams, response: { 200: ZLoanPaymentPlans } } }, async (req) =>
      loanPaymentPlans(ctx, req.params.id),
    );
    app.post(
      '/loans/:id/payment_plans/preview',
      { config: restructure, schema: { params: ZIdParams, body: ZPaymentPlanTerms, response: { 200: ZPaymentPlanQuote } } },
      async (req) => previewPaymentPlan(ctx, req.params.id, req.body),
    );
    app.post(
      '/loans/:id/payment_plans',
      { config: restructure, schema: { params: ZIdParams, body: ZPaymentPlanProposal, response: { 201: ZPaymentPlan } } },
      async (req, reply) => reply.status(201).send(await proposePaymentPlan(ctx, staffOf(req), req.params.id, req.body)),
    );
    app.post(
      '/loans/:id/payment_plans/:planId/withdraw',
      { config: restructure, schema: { params: ZLoanPlanParams, body: ZPaymentPlanWithdraw, response: { 200: ZPaymentPlan } } },
      async (req) => withdrawPaymentPlan(ctx, staffOf(req), req.params.id, req.params.planId, req.body.reason),
    );
    app.get('/loans/:id/payment_plans/:planId/pdf', { config: read, schema: { params: ZLoanPlanParams } }, async (req, reply) => {
      const { fileName, bytes } = await staffPaymentPlanPdf(ctx, staffOf(req), req.params.id, req.params.planId);
      return sendPrivateFile(reply, { contentType: 'application/pdf', disposition: 'attachment', fileName, bytes });
    });
  };
}
