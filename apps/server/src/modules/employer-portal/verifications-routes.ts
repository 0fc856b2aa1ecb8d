import { ZApplicationParams } from '@payrail/contract/application';
import {
  ZBackofficeEmployerVerifications,
  ZBackofficeVerification,
  ZBackofficeVerificationList,
  ZEmployerVerification,
  ZEmployerVerificationAnswer,
  ZEmployerVerificationList,
  ZRequestEmploymentVerification,
  ZVerificationParams,
} from '@payrail/contract/employer-verifications';
import { ZBackofficeEmployerParams } from '@payrail/contract/employer-remittances';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { staffOf } from '../staff/staff-guard';
import { employerOf } from './employer-guard';
import {
  answerVerification,
  applicationVerifications,
  employerVerificationsForStaff,
  listEmployerVerifications,
  requestEmploymentVerification,
} from './verifications/verifications';

/** Employment verifications in the employer portal, under /api/employer_portal. */
export function employerVerificationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/verifications', { config: { employer: 'read' }, schema: { response: { 200: ZEmployerVerificationList } } }, async (req) =>
      listEmployerVerifications(ctx, employerOf(req)),
    );
    app.post(
      '/verifications/:id/answer',
      { config: { employer: 'write' }, schema: { params: ZVerificationParams, body: ZEmployerVerificationAnswer, response: { 200: ZEmployerVerification } } },
      async (req) => answerVerification(ctx, employerOf(req), req.params.id, req.body, req.ip),
    );
  };
}

/** Employment verifications in the back office, under /api/backoffice: underwriters ask; staff read an application's or an employer's requests. */
export function employerVerificationBackofficeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/applications/:userId/employment_verification',
      {
        config: { staff: 'review' },
        schema: { params: ZApplicationParams, body: ZRequestEmploymentVerification, response: { 200: ZBackofficeVerification, 201: ZBackofficeVerification } },
      },
      async (req, reply) => {
        const { created, verification } = await requestEmploymentVerification(ctx, staffOf(req), req.params.userId, req.body ?? {});
        return reply.status(created ? 201 : 200).send(verification);
      },
    );
    app.get(
      '/applications/:userId/employment_verification',
      { config: { staff: 'read' }, schema: { params: ZApplicationParams, response: { 200: ZBackofficeVerificationList } } },
      async (req) => applicationVerifications(ctx, req.params.userId),
    );
    app.get(
      '/employers/:id/verifications',
      { config: { staff: 'read' }, schema: { params: ZBackofficeEmployerParams, response: { 200: ZBackofficeEmployerVerifications } } },
      async (req) => employerVerificationsForStaff(ctx, req.params.id),
    );
  };
}
