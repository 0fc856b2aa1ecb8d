import {
  ZAllowedStatusesResponse,
  ZApplicationParams,
  ZEmployerReviewFacts,
  ZStaffActionResponse,
  ZStaffCancelRequest,
  ZStaffDeclineRequest,
  ZStaffDenyRequest,
  ZStaffEmployerReviewRequest,
  ZStaffFeedbackRequest,
  ZStaffStatusRequest,
} from '@payrail/contract/application';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { staffOf } from '../staff/staff-guard';
import { approveAllotment } from './use-cases/approve-allotment';
import { approveApplication } from './use-cases/approve-application';
import { cancelApplication } from './use-cases/cancel-application';
import { changeStatusAsReviewer } from './use-cases/change-status-as-reviewer';
import { declineApplication } from './use-cases/decline-application';
import { denyApplication } from './use-cases/deny-application';
import { dropApplication } from './use-cases/drop-application';
import { getEmployerReview, reviewEmployer } from './use-cases/review-employer';
import { listAllowedStatuses } from './use-cases/list-allowed-statuses';
import { sendFeedbackRequest } from './use-cases/send-feedback-request';

/** Reviewer actions on a borrower's application, under /api/backoffice/applications/{userId} (underwriters and admins). */
export function reviewBackofficeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // The staff guard checks the capability onRequest (401/403) before the body is read.
  const config = { staff: 'review' } as const;
  const action = { 200: ZStaffActionResponse };
  return async (app) => {
    app.get(
      '/applications/:userId/allowed_statuses',
      { config, schema: { params: ZApplicationParams, response: { 200: ZAllowedStatusesResponse } } },
      async (req) => listAllowedStatuses(ctx, req.params.userId),
    );

    app.post('/applications/:userId/status', { config, schema: { params: ZApplicationParams, body: ZStaffStatusRequest, response: action } }, async (req) =>
      changeStatusAsReviewer(ctx, staffOf(req), req.params.userId, req.body),
    );

    app.post(
      '/applications/:userId/feedback',
      { config, schema: { params: ZApplicationParams, body: ZStaffFeedbackRequest, response: { 201: ZStaffActionResponse } } },
      async (req, reply) => reply.status(201).send(await sendFeedbackRequest(ctx, staffOf(req), req.params.userId, req.body)),
    );

    app.post('/applications/:userId/approve', { config, schema: { params: ZApplicationParams, response: action } }, async (req) =>
      approveApplication(ctx, staffOf(req), req.params.userId),
    );

    app.post('/applications/:userId/approve_allotment', { config, schema: { params: ZApplicationParams, response: action } }, async (req) =>
      approveAllotment(ctx, staffOf(req), req.params.userId),
    );

    app.post('/applications/:userId/decline', { config, schema: { params: ZApplicationParams, body: ZStaffDeclineRequest, response: action } }, async (req) =>
      declineApplication(ctx, staffOf(req), req.params.userId, req.body),
    );

    app.post('/applications/:userId/deny', { config, schema: { params: ZApplicationParams, body: ZStaffDenyRequest, response: action } }, async (req) =>
      denyApplication(ctx, staffOf(req), req.params.userId, req.body),
    );

    app.post('/applications/:userId/drop', { config, schema: { params: ZApplicationParams, response: action } }, async (req) =>
      dropApplication(ctx, staffOf(req), req.params.userId),
    );

    app.get('/applications/:userId/employer_review', { config, schema: { params: ZApplicationParams, response: { 200: ZEmployerReviewFacts } } }, async (req) =>
      getEmployerReview(ctx, req.params.userId),
    );

    app.post(
      '/applications/:userId/employer_review',
      { config, schema: { params: ZApplicationParams, body: ZStaffEmployerReviewRequest, response: action } },
      async (req) => reviewEmployer(ctx, staffOf(req), req.params.userId, req.body),
    );

    app.post('/applications/:userId/cancel', { config, schema: { params: ZApplicationParams, body: ZStaffCancelRequest, response: action } }, async (req) =>
      cancelApplication(ctx, staffOf(req), req.params.userId, req.body),
    );
  };
}
