import {
  ZCaptchaConfig,
  ZCaptchaRequest,
  ZCaptchaResponse,
  ZConfirmationQuery,
  ZConfirmationResponse,
  ZDashboardConfirmationParams,
  ZEmailSentResponse,
  ZForgotPasswordRequest,
  ZIdentityProviderConfig,
  ZLoginRequest,
  ZLoginResponse,
  ZPresignedLinkParams,
  ZPresignedLinkResponse,
  ZResendConfirmationRequest,
  ZResetPasswordRequest,
  ZSandboxIdentity,
  ZSignupRequest,
  ZSignupResponse,
  ZTrackingQuery,
} from '@payrail/contract/identity';
import { ZEmailCheckRequest, ZEmailCheckResponse, ZNewflowSignupRequest } from '@payrail/contract/newflow';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { leafFieldKey } from '../../http/error-handler';
import { avatarRoutes } from './avatar-routes';
import { bearer, clientInfo, signedIn } from './http';
import { RATE_LIMITS } from '../../lib/access-limits';
import { checkEmail } from './use-cases/check-email';
import { confirmEmail } from './use-cases/confirm-email';
import { confirmOwnEmail } from './use-cases/confirm-own-email';
import { listSandboxIdentities } from './use-cases/list-sandbox-identities';
import { openPresignedLink } from './use-cases/open-presigned-link';
import { requestPasswordReset } from './use-cases/request-password-reset';
import { resendConfirmation, resendOwnConfirmation } from './use-cases/resend-confirmation';
import { resetPassword } from './use-cases/reset-password';
import { signIn } from './use-cases/sign-in';
import { signOut } from './use-cases/sign-out';
import { signUp } from './use-cases/sign-up';
import { verifyCaptcha } from './use-cases/verify-captcha';

/**
 * Sign-in, sign-up, e-mail confirmation, password reset, pre-signed link, captcha, profile photo. The session
 * check (GET /token_is_valid, whose summary joins loans and applications) is the refinance module's, and
 * POST /refer_code the referral module's (issue #28, module floors).
 */
/** POST /signup: the classic sign-up, or the new flow's (`new_flow: true`, a `loan`, no password yet). */
const ZSignupBody = z.union([ZSignupRequest, ZNewflowSignupRequest]);

export function identityRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(avatarRoutes(ctx));

    app.post(
      '/login',
      {
        config: { rateLimit: RATE_LIMITS.login, fieldKey: leafFieldKey },
        schema: { querystring: ZTrackingQuery, body: ZLoginRequest, response: { 200: ZLoginResponse } },
      },
      async (req, reply) => {
        const { token, data } = await signIn(ctx, req.body, req.query, clientInfo(req));
        return reply.header('authorization', token).send({ data });
      },
    );

    app.delete('/logout', async (req, reply) => {
      await signOut(ctx, bearer(req));
      return reply.status(204).send();
    });

    app.post(
      '/signup',
      {
        config: { rateLimit: RATE_LIMITS.signup, fieldKey: leafFieldKey },
        schema: { querystring: ZTrackingQuery, body: ZSignupBody, response: { 201: ZSignupResponse } },
      },
      async (req, reply) => {
        const { member, token } = await signUp(ctx, req.body, req.query, clientInfo(req));
        // Only a confirmed (social) sign-up is signed in; the SPA reads the header's absence as "go confirm".
        if (token) reply.header('authorization', token);
        return reply.status(201).send({ id: member.id, email: member.email });
      },
    );

    app.post(
      '/email',
      {
        config: { rateLimit: RATE_LIMITS.emailPrecheck, fieldKey: leafFieldKey },
        schema: { body: ZEmailCheckRequest, response: { 200: ZEmailCheckResponse, 202: ZEmailCheckResponse } },
      },
      async (req, reply) => {
        const { status, body } = await checkEmail(ctx, req.body.email);
        return reply.status(status).send(body);
      },
    );

    app.get(
      '/confirmation',
      { config: { rateLimit: RATE_LIMITS.confirmation }, schema: { querystring: ZConfirmationQuery, response: { 200: ZConfirmationResponse } } },
      async (req, reply) => {
        const { token, ...body } = await confirmEmail(ctx, req.query.confirmation_token, clientInfo(req), req.query.email || undefined);
        return reply.header('authorization', token).send(body);
      },
    );

    app.post(
      '/confirmation/resend_confirmation',
      {
        config: { rateLimit: RATE_LIMITS.resend, fieldKey: leafFieldKey },
        schema: { body: ZResendConfirmationRequest, response: { 200: ZEmailSentResponse } },
      },
      async (req) => resendConfirmation(ctx, req.body.application_member.email),
    );

    app.get(
      '/dashboard/confirmation/resend_token',
      { config: { session: 'required', rateLimit: RATE_LIMITS.resend }, schema: { response: { 200: ZEmailSentResponse } } },
      async (req) => resendOwnConfirmation(ctx, signedIn(req).member),
    );

    app.get(
      '/dashboard/confirmation/:token',
      {
        config: { session: 'required', rateLimit: RATE_LIMITS.confirmation, fieldKey: () => 'confirmation_token' },
        schema: { params: ZDashboardConfirmationParams, response: { 200: ZConfirmationResponse } },
      },
      async (req) => confirmOwnEmail(ctx, signedIn(req).member, req.params.token),
    );

    app.post(
      '/password',
      {
        config: { rateLimit: RATE_LIMITS.passwordReset, fieldKey: leafFieldKey },
        schema: { body: ZForgotPasswordRequest, response: { 200: ZEmailSentResponse } },
      },
      async (req) => requestPasswordReset(ctx, req.body.application_member.email),
    );

    app.patch(
      '/password',
      {
        config: { rateLimit: RATE_LIMITS.passwordUpdate, fieldKey: leafFieldKey },
        schema: { body: ZResetPasswordRequest, response: { 200: ZEmailSentResponse } },
      },
      async (req) => resetPassword(ctx, req.body.application_member),
    );

    app.get(
      '/c/:code',
      { config: { rateLimit: RATE_LIMITS.presignedLink }, schema: { params: ZPresignedLinkParams, response: { 200: ZPresignedLinkResponse } } },
      async (req, reply) => {
        const { token, ...body } = await openPresignedLink(ctx, req.params.code, clientInfo(req));
        return reply.header('authorization', token).send(body);
      },
    );

    app.post('/captcha', { config: { rateLimit: RATE_LIMITS.captcha }, schema: { body: ZCaptchaRequest, response: { 200: ZCaptchaResponse } } }, async (req) =>
      verifyCaptcha(ctx, req.body.token, req.ip || null),
    );

    app.get('/captcha/config', { schema: { response: { 200: ZCaptchaConfig } } }, async () => ({
      provider: ctx.providers.captcha.provider,
      site_key: ctx.providers.captcha.siteKey,
    }));

    app.get('/identity/config', { schema: { response: { 200: ZIdentityProviderConfig } } }, async () => ({
      provider: ctx.providers.identity.provider,
      client_id: ctx.providers.identity.clientId,
    }));

    if (ctx.config.env !== 'production') {
      app.get('/dev/identities', { schema: { response: { 200: z.array(ZSandboxIdentity) } } }, async () => listSandboxIdentities(ctx));
    }
  };
}
