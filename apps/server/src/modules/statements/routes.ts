import { ZStatementLoanParams, ZLoanStatementParams, ZStatementParams, ZStatementRunResponse, ZStatementsResponse } from '@payrail/contract/statements';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { sendPrivateFile } from '../documents/file-names';
import { signedIn } from '../identity/http';
import { staffOf } from '../staff/staff-guard';
import { generateStatements } from './use-cases/generate-statements';
import { borrowerStatementPdf, borrowerStatements, staffStatementPdf, staffStatements } from './use-cases/read-statements';

/** The borrower's statements (under /api): their own loans only; another member's is 404. */
export function statementRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const session = { session: 'required' } as const;
  return async (app) => {
    app.get('/loans/:id/statements', { config: session, schema: { params: ZStatementParams, response: { 200: ZStatementsResponse } } }, async (req) =>
      borrowerStatements(ctx, signedIn(req).member.id, req.params.id),
    );
    app.get('/loans/statements/:id/pdf', { config: session, schema: { params: ZStatementParams } }, async (req, reply) => {
      const { fileName, bytes } = await borrowerStatementPdf(ctx, signedIn(req).member.id, req.params.id);
      return sendPrivateFile(reply, { contentType: 'application/pdf', disposition: 'attachment', fileName, bytes });
    });
  };
}

/** Statements in the back office (under /api/backoffice): every staff role reads them; a read of a PDF is audited. */
export function statementBackofficeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/loans/:loanId/statements',
      { config: { staff: 'read' }, schema: { params: ZStatementLoanParams, response: { 200: ZStatementsResponse } } },
      async (req) => staffStatements(ctx, req.params.loanId),
    );
    app.get('/loans/:loanId/statements/:statementId/pdf', { config: { staff: 'read' }, schema: { params: ZLoanStatementParams } }, async (req, reply) => {
      const { fileName, bytes } = await staffStatementPdf(ctx, staffOf(req), req.params.loanId, req.params.statementId);
      return sendPrivateFile(reply, { contentType: 'application/pdf', disposition: 'attachment', fileName, bytes });
    });
    // Servicing operations (like "run servicing now"): issue the statements due as of the last completed run. Audited.
    app.post('/statements/run', { config: { staff: 'fund' }, schema: { response: { 200: ZStatementRunResponse } } }, async (req) => {
      const staff = staffOf(req);
      const r = await generateStatements(ctx);
      await ctx.repos.statements.audit({
        staffUserId: staff.id,
        action: 'statements_run',
        targetUserId: null,
        before: {},
        after: { as_of: r.asOf, issued: r.issued, year_end_issued: r.yearEndIssued, failed: r.failed },
        at: ctx.now(),
      });
      return {
        as_of: r.asOf,
        period_start: r.period?.start ?? null,
        period_end: r.period?.end ?? null,
        issued: r.issued,
        year_end_issued: r.yearEndIssued,
        skipped: r.skipped,
        failed: r.failed,
      };
    });
  };
}
