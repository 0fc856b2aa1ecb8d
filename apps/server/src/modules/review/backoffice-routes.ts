import {
  ZAllowedStatusesResponse,
  ZApplicationParams,
  ZStaffActionResponse,
  ZStaffCancelRequest,
  ZStaffDeclineRequest,
  ZStaffDenyRequest,
  ZStaffEmployerReviewRequest,
  ZStaffFeedbackRequest,
  ZStaffStatusRequest,
} from '@payrail/contract/application';
import type { TStaffMember } from '@payrail/contract/staff';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { tokenFromHeader } from '../../lib/tokens';
import { authenticateStaff } from '../staff/use-cases/authenticate-staff';
import { REVIEWER_ROLES } from './reviewer-move';
import { approveApplication } from './use-cases/approve-application';
import { cancelApplication } from './use-cases/cancel-application';
import { changeStatusAsReviewer } from './use-cases/change-status-as-reviewer';
import { declineApplication } from './use-cases/decline-application';
import { denyApplication } from './use-cases/deny-application';
import { dropApplication } from './use-cases/drop-application';
import { reviewEmployer } from './use-cases/review-employer';
import { listAllowedStatuses } from './use-cases/list-allowed-statuses';
import { sendFeedbackRequest } from './use-cases/send-feedback-request';

/** Reviewer actions on a borrower's application, under /api/backoffice/applications/{userId} (underwriters and admins). */
export function reviewBackofficeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const staffOf = new WeakMap<FastifyRequest, TStaffMember>();
  // Staff first (401/403) before the body is read.
  const onRequest = async (req: FastifyRequest) => {
    staffOf.set(req, await authenticateStaff(ctx, tokenFromHeader(req.headers.authorization), REVIEWER_ROLES));
  };
  const staff = (req: FastifyRequest) => staffOf.get(req)!;
  const action = { 200: ZStaffActionResponse };
  return async (app) => {
    app.get('/applications/:userId/allowed_statuses', { onRequest, schema: { params: ZApplicationParams, response: { 200: ZAllowedStatusesResponse } } }, async (req) =>
      listAllowedStatuses(ctx, req.params.userId),
    );

    app.post('/applications/:userId/status', { onRequest, schema: { params: ZApplicationParams, body: ZStaffStatusRequest, response: action } }, async (req) =>
      changeStatusAsReviewer(ctx, staff(req), req.params.userId, req.body),
    );

    app.post('/applications/:userId/feedback', { onRequest, schema: { params: ZApplicationParams, body: ZStaffFeedbackRequest, response: { 201: ZStaffActionResponse } } }, async (req, reply) =>
      reply.status(201).send(await sendFeedbackRequest(ctx, staff(req), req.params.userId, req.body)),
    );

    app.post('/applications/:userId/approve', { onRequest, schema: { params: ZApplicationParams, response: action } }, async (req) => approveApplication(ctx, staff(req), req.params.userId));

    app.post('/applications/:userId/decline', { onRequest, schema: { params: ZApplicationParams, body: ZStaffDeclineRequest, response: action } }, async (req) =>
      declineApplication(ctx, staff(req), req.params.userId, req.body),
    );

    app.post('/applications/:userId/deny', { onRequest, schema: { params: ZApplicationParams, body: ZStaffDenyRequest, response: action } }, async (req) =>
      denyApplication(ctx, staff(req), req.params.userId, req.body),
    );

    app.post('/applications/:userId/drop', { onRequest, schema: { params: ZApplicationParams, response: action } }, async (req) => dropApplication(ctx, staff(req), req.params.userId));

    app.post('/applications/:userId/employer_review', { onRequest, schema: { params: ZApplicationParams, body: ZStaffEmployerReviewRequest, response: action } }, async (req) =>
      reviewEmployer(ctx, staff(req), req.params.userId, req.body),
    );

    app.post('/applications/:userId/cancel', { onRequest, schema: { params: ZApplicationParams, body: ZStaffCancelRequest, response: action } }, async (req) =>
      cancelApplication(ctx, staff(req), req.params.userId, req.body),
    );
  };
}
