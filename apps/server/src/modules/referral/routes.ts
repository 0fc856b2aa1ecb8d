import { IDEMPOTENCY_HEADER, ZBackofficeUserParams } from '@payrail/contract/backoffice';
import { ZPayableReferrersResponse, ZReferralPayout, ZReferralProgram, ZReleasedPayoutsResponse } from '@payrail/contract/referral';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { requireSignIn, signedIn } from '../identity/http';
import { staffOf } from '../staff/staff-guard';
import { IDEMPOTENCY_KEY_REQUIRED } from '../loan-book/routes';
import { getReferralProgram } from './use-cases/get-referral-program';
import { listPayableReferrers, listReleasedPayouts, releaseReferralPayout } from './use-cases/release-payout';

/** The borrower's referral page, under /api. */
export function referralRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const member = requireSignIn(ctx);
  return async (app) => {
    app.get('/referral', { onRequest: member, schema: { response: { 200: ZReferralProgram } } }, async (req) =>
      getReferralProgram(ctx, signedIn(req).member.id),
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
