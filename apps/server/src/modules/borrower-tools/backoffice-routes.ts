import { ZLoanParams } from '@payrail/contract/backoffice';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { sendPrivateFile } from '../documents/file-names';
import { staffOf } from '../staff/staff-guard';
import { staffPayoffLetter } from './use-cases/payoff-letter';

/** Borrower tools on the staff side, under /api/backoffice: the payoff letter a servicer issues. */
export function borrowerToolsBackofficeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const config = { staff: 'fund' } as const;
  return async (app) => {
    app.get('/loans/:loanId/payoff_letter/:date/pdf', { config, schema: { params: ZLoanParams.extend({ date: z.string().max(32) }) } }, async (req, reply) => {
      const { fileName, bytes } = await staffPayoffLetter(ctx, staffOf(req), req.params.loanId, req.params.date);
      return sendPrivateFile(reply, { contentType: 'application/pdf', disposition: 'attachment', fileName: fileName, bytes: bytes });
    });
  };
}
