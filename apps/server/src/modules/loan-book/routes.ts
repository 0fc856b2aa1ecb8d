import { IDEMPOTENCY_HEADER, ZBackofficeUserParams, ZFundResponse, ZLoanDetailResponse, ZLoanParams } from '@payrail/contract/backoffice';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { staffOf } from '../staff/staff-guard';
import { fundApplication } from './use-cases/fund-application';
import { getLoanDetail } from './use-cases/get-loan-detail';

export const IDEMPOTENCY_KEY_REQUIRED = 'The Idempotency-Key header is required (8 to 200 characters).';

/** Funding (servicers and admins) and the loan's detail (every staff role), under /api/backoffice. */
export function servicingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const config = { staff: 'fund' } as const;
  return async (app) => {
    app.post(
      '/applications/:userId/fund',
      { config: { ...config, idempotencyKey: 'required' }, schema: { params: ZBackofficeUserParams, response: { 200: ZFundResponse } } },
      async (req) => {
        const raw = req.headers[IDEMPOTENCY_HEADER];
        const key = typeof raw === 'string' ? raw.trim() : '';
        if (key.length < 8 || key.length > 200) throw new AppError('bad_request', IDEMPOTENCY_KEY_REQUIRED);
        return fundApplication(ctx, staffOf(req), req.params.userId, key);
      },
    );

    // Every staff role reads a loan (underwriters too: docs/back-office.md); acting on it stays with `fund`.
    app.get('/loans/:loanId', { config: { staff: 'read' }, schema: { params: ZLoanParams, response: { 200: ZLoanDetailResponse } } }, async (req) =>
      getLoanDetail(ctx, req.params.loanId),
    );
  };
}
