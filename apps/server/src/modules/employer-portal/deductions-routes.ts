import {
  ZBackofficeEmployeeChange,
  ZBackofficeEmployeeChanges,
  ZBackofficeEmployeeChangesQuery,
  ZDeductionEmployees,
  ZDeductionFile,
  ZDeductionFileQuery,
  ZEmployeeChange,
  ZEmployeeChangeDone,
  ZEmployeeChangeRequest,
  ZEmployeeChanges,
} from '@payrail/contract/employer-deductions';
import { ZIdParams } from '@payrail/contract/servicing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { listChanges, reportChange } from './changes/report-change';
import { backofficeEmployeeChanges, closeEmployeeChangeTask } from './changes/servicer-tasks';
import { deductionEmployees, deductionFileAnswer, deductionFileCsv } from './deductions/deduction-file';
import { employerOf } from './employer-guard';
import { staffOf } from '../staff/staff-guard';

/**
 * The employer portal's deductions and employee changes (E2, docs/employer-portal.md), under
 * /api/employer_portal. Every answer is scoped by the signed-in employer user's employer.
 */
export function deductionsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const read = { employer: 'read' } as const;
  const write = { employer: 'write' } as const;
  return async (app) => {
    app.get('/deductions', { config: read, schema: { response: { 200: ZDeductionEmployees } } }, async (req) =>
      deductionEmployees(ctx, employerOf(req).employer_id),
    );
    app.get('/deduction_file', { config: read, schema: { querystring: ZDeductionFileQuery, response: { 200: ZDeductionFile } } }, async (req) =>
      deductionFileAnswer(ctx, employerOf(req).employer_id, req.query.pay_date),
    );
    app.get('/deduction_file.csv', { config: read, schema: { querystring: ZDeductionFileQuery } }, async (req, reply) => {
      const { fileName, csv } = await deductionFileCsv(ctx, employerOf(req).employer_id, req.query.pay_date);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    });
    app.get('/changes', { config: read, schema: { response: { 200: ZEmployeeChanges } } }, async (req) => listChanges(ctx, employerOf(req).employer_id));
    app.post(
      '/changes',
      { config: write, schema: { body: ZEmployeeChangeRequest, response: { 200: ZEmployeeChange, 201: ZEmployeeChange } } },
      async (req, reply) => {
        const { created, change } = await reportChange(ctx, employerOf(req), req.body, req.ip || null);
        return reply.status(created ? 201 : 200).send(change);
      },
    );
  };
}

/**
 * The back office's side of employee changes, under /api/backoffice: the list (every role; `status=open` by
 * default: the pay-frequency changes a servicer must align the schedule for) and closing a task (`restructure`).
 */
export function deductionsBackofficeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/employee_changes',
      { config: { staff: 'read' }, schema: { querystring: ZBackofficeEmployeeChangesQuery, response: { 200: ZBackofficeEmployeeChanges } } },
      async (req) => backofficeEmployeeChanges(ctx, req.query),
    );
    app.post(
      '/employee_changes/:id/done',
      { config: { staff: 'restructure' }, schema: { params: ZIdParams, body: ZEmployeeChangeDone, response: { 200: ZBackofficeEmployeeChange } } },
      async (req) => closeEmployeeChangeTask(ctx, staffOf(req), req.params.id, req.body.note),
    );
  };
}
