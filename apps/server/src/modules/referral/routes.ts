import { IDEMPOTENCY_HEADER, ZBackofficeUserParams } from '@payrail/contract/backoffice';
import { ZPayableReferrersResponse, ZReferralPayout, ZReferralProgram, ZReleasedPayoutsResponse } from '@payrail/contract/referral';
import { ZReferCodeRequest, ZReferCodeResponse } from '@payrail/contract/identity';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { leafFieldKey } from '../../http/error-handler';
import { RATE_LIMITS } from '../../lib/access-limits';
import { signedIn } from '../identity/http';
import { staffOf } from '../staff/staff-guard';
import { IDEMPOTENCY_KEY_REQUIRED } from '../loan-book/routes';
import { checkReferCode } from './use-cases/check-refer-code';
import { getReferralProgram } from './use-cases/get-referral-program';
import { referFriend } from './use-cases/refer-friend';
import { listPayableReferrers, listReleasedPayouts, releaseReferralPayout } from './use-cases/release-payout';

/** The borrower's referral page and the friend's code (POST /refer_code), under /api. */
export function referralRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/referral', { config: { session: 'required' }, schema: { response: { 200: ZReferralProgram } } }, async (req) =>
      getReferralProgram(ctx, signedIn(req).member.id),
    );

    app.post(
      '/refer_code',
      {
        config: { session: 'optional', rateLimit: RATE_LIMITS.referCode, fieldKey: leafFieldKey },
        schema: { body: ZReferCodeRequest, response: { 200: ZReferCodeResponse } },
      },
      // Signed in, the code links the friend who referred the member; without a session it is only checked.
      async (req) => (req.signedIn ? referFriend(ctx, req.signedIn.member, req.body.refer_code) : checkReferCode(ctx, req.body.refer_code)),
    );
  };
}

/** Referral payouts in the back office (servicers and admins), under /api/backoffice. */
export function referralBackofficeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const config = { staff: 'fund' } as const;
  return async (app) => {
    app.get('/referral_payouts', { config, schema: { response: { 200: ZPayableReferrersResponse } } }, async () => listPayableReferrers(ctx));
    app.get('/referral_payouts/released', { config, schema: { response: { 200: ZReleasedPayoutsResponse } } }, async () => listReleasedPayouts(ctx));
    app.post(
      '/referral_payouts/:userId',
      { config: { ...config, idempotencyKey: 'required' }, schema: { params: ZBackofficeUserParams, response: { 200: ZReferralPayout } } },
      async (req) => {
        const raw = req.headers[IDEMPOTENCY_HEADER];
        const key = typeof raw === 'string' ? raw.trim() : '';
        if (key.length < 8 || key.length > 200) throw new AppError('bad_request', IDEMPOTENCY_KEY_REQUIRED);
        return releaseReferralPayout(ctx, staffOf(req), req.params.userId, key);
      },
    );
  };
}
