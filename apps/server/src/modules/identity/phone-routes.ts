import { ZPhoneRequest, ZPhoneResponse, ZVerifyPhoneRequest } from '@payrail/contract/identity';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { signedIn } from './http';
import { RATE_LIMITS } from '../../lib/access-limits';
import { sendPhoneCode } from './use-cases/send-phone-code';
import { verifyPhone } from './use-cases/verify-phone';

// The SPA reads phone errors from errors.phone[0], whichever part of the payload was wrong.
const phoneKey = () => 'phone';

/** The classic phone step and the dashboard's phone change: send a code, resend it, verify it. */
export function phoneRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const send = {
    config: { session: 'required' as const, rateLimit: RATE_LIMITS.phoneSend, fieldKey: phoneKey },
    schema: { body: ZPhoneRequest, response: { 200: ZPhoneResponse, 201: ZPhoneResponse } },
  };
  const verify = {
    config: { session: 'required' as const, rateLimit: RATE_LIMITS.phoneVerify, fieldKey: phoneKey },
    schema: { body: ZVerifyPhoneRequest, response: { 200: ZPhoneResponse } },
  };
  return async (app) => {
    app.post('/phones', send, async (req, reply) =>
      reply.status(201).send(await sendPhoneCode(ctx, signedIn(req).member, req.body.phone.number, 'application')),
    );

    app.post('/phones/resend_verification_code', send, async (req) => sendPhoneCode(ctx, signedIn(req).member, req.body.phone.number, 'application'));

    app.post('/phones/verify_phone', verify, async (req) => verifyPhone(ctx, signedIn(req).member, req.body.phone.number, req.body.phone.code, 'application'));

    app.post('/dashboard/phones', send, async (req, reply) =>
      reply.status(201).send(await sendPhoneCode(ctx, signedIn(req).member, req.body.phone.number, 'dashboard')),
    );

    app.post('/dashboard/verify_phone', verify, async (req) => verifyPhone(ctx, signedIn(req).member, req.body.phone.number, req.body.phone.code, 'dashboard'));
  };
}
