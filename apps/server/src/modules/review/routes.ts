import {
  ZFeedbackResponse,
  ZFeedbackUpdateRequest,
  ZOkStatusResponse,
  ZReapplyResponse,
  ZUserFeedbackRequest,
  ZUserFeedbackResponse,
} from '@payrail/contract/application';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { leafFieldKey } from '../../http/error-handler';
import { signedIn } from '../identity/http';
import { answerFeedback } from './use-cases/answer-feedback';
import { getFeedback } from './use-cases/get-feedback';
import { getReapply } from './use-cases/get-reapply';
import { rateExperience } from './use-cases/rate-experience';
import { startNewApplication } from './use-cases/start-new-application';
import { submitApplicationReview } from './use-cases/submit-application-review';

/** The borrower's review calls (classic §2 application review, feedback, home; §7). */
export function reviewRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const session = { session: 'required' } as const;
  return async (app) => {
    app.get('/review', { config: session, schema: { response: { 200: ZOkStatusResponse } } }, async (req) =>
      submitApplicationReview(ctx, signedIn(req).member),
    );

    app.get('/feedback', { config: session, schema: { response: { 200: ZFeedbackResponse } } }, async (req) => getFeedback(ctx, signedIn(req).member));

    app.put('/feedback', { config: session, schema: { body: ZFeedbackUpdateRequest, response: { 200: ZOkStatusResponse } } }, async (req) =>
      answerFeedback(ctx, signedIn(req).member, req.body),
    );

    app.post(
      '/user_feedback',
      { config: { ...session, fieldKey: leafFieldKey }, schema: { body: ZUserFeedbackRequest, response: { 201: ZUserFeedbackResponse } } },
      async (req, reply) => reply.status(201).send(await rateExperience(ctx, signedIn(req).member, req.body.feedback)),
    );

    app.get('/reapply', { config: session, schema: { response: { 200: ZReapplyResponse } } }, async (req) => getReapply(ctx, signedIn(req).member));

    app.get('/do_reapply', { config: session, schema: { response: { 200: ZOkStatusResponse } } }, async (req) =>
      startNewApplication(ctx, signedIn(req).member),
    );

    app.get('/new_application', { config: session, schema: { response: { 200: ZOkStatusResponse } } }, async (req) =>
      startNewApplication(ctx, signedIn(req).member),
    );
  };
}
