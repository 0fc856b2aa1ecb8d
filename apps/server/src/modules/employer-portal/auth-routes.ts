import {
  ZEmployerAcceptInvitation,
  ZEmployerEnrolled,
  ZEmployerInvitationInfo,
  ZEmployerLoginChallenge,
  ZEmployerLoginRequest,
  ZEmployerOtpRequest,
  ZEmployerTotpConfirm,
  ZEmployerTotpEnrolment,
  ZEmployerTotpEnrolRequest,
  ZEmployerUser,
} from '@payrail/contract/employer-portal';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { hashToken, tokenFromHeader } from '../../lib/tokens';
import { acceptInvitation, confirmEnrolment, invitationInfo, restartEnrolment } from './auth/enrolment';
import { authenticateEmployer, type ClientInfo } from './auth/sessions';
import { completeEmployerSignIn, signInEmployer } from './auth/sign-in';

/** Per-IP limits on the session calls, as on the staff sign-in (the per-account lockout is in the database). */
const LIMITED = { rateLimit: { max: 10, timeWindow: '1 minute' } };

const clientOf = (req: FastifyRequest): ClientInfo => ({ ip: req.ip, userAgent: req.headers['user-agent'] ?? null });

/**
 * The employer portal's session calls, under /api/employer_portal (docs/security.md "Employer portal"):
 * invitation, TOTP enrolment, two-step sign-in, me, logout. They manage the session themselves, so they
 * carry no `config.employer` (the employer guard lists them).
 */
export function employerAuthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/invitations/:token',
      { config: LIMITED, schema: { params: z.object({ token: z.string().min(1).max(200) }), response: { 200: ZEmployerInvitationInfo } } },
      async (req) => invitationInfo(ctx, req.params.token),
    );

    app.post('/invitations/accept', { config: LIMITED, schema: { body: ZEmployerAcceptInvitation, response: { 200: ZEmployerTotpEnrolment } } }, async (req) =>
      acceptInvitation(ctx, req.body, clientOf(req)),
    );

    app.post('/totp/enrol', { config: LIMITED, schema: { body: ZEmployerTotpEnrolRequest, response: { 200: ZEmployerTotpEnrolment } } }, async (req) =>
      restartEnrolment(ctx, req.body.challenge, clientOf(req)),
    );

    app.post('/totp/confirm', { config: LIMITED, schema: { body: ZEmployerTotpConfirm, response: { 200: ZEmployerEnrolled } } }, async (req, reply) => {
      const { token, answer } = await confirmEnrolment(ctx, tokenFromHeader(req.headers.authorization), req.body.code, clientOf(req));
      reply.header('authorization', token);
      return answer;
    });

    app.post('/login', { config: LIMITED, schema: { body: ZEmployerLoginRequest, response: { 200: ZEmployerLoginChallenge } } }, async (req) =>
      signInEmployer(ctx, req.body, clientOf(req)),
    );

    app.post('/login/otp', { config: LIMITED, schema: { body: ZEmployerOtpRequest, response: { 200: ZEmployerUser } } }, async (req, reply) => {
      const { token, user } = await completeEmployerSignIn(ctx, req.body, clientOf(req));
      reply.header('authorization', token);
      return user;
    });

    app.get('/me', { schema: { response: { 200: ZEmployerUser } } }, async (req) => authenticateEmployer(ctx, tokenFromHeader(req.headers.authorization)));

    app.delete('/logout', async (req, reply) => {
      const token = tokenFromHeader(req.headers.authorization);
      const user = await authenticateEmployer(ctx, token);
      const repo = ctx.repos.employerAccounts;
      const now = ctx.now();
      const found = await repo.findLiveSession(hashToken(token!), ['active'], now);
      if (found) await repo.revokeSession(found.session.id, now);
      await repo.audit({ user, action: 'signed_out', after: {}, ip: req.ip, at: now });
      return reply.status(204).send();
    });
  };
}
