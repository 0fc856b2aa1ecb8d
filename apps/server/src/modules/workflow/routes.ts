import {
  ZChangeStatusRequest,
  ZNavigationStackResponse,
  ZNextStatusRequest,
  ZStatusResponse,
  ZWorkflowStatusEntity,
  ZWorkflowStatusParams,
} from '@payrail/contract/identity';
import { isWorkflowStatus } from '@payrail/domain/workflow/statuses';
import { workflowStatusEntities, workflowStatusEntity } from '@payrail/domain/workflow/status-entity';
import { z } from 'zod';
import { AppError } from '../../errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { signedIn } from '../identity/http';
import { advanceStatus } from './use-cases/advance-status';
import { changeStatus } from './use-cases/change-status';
import { getNavigationStack } from './use-cases/get-navigation-stack';

/** The borrower's moves through the workflow; refusals answer 422 `{ error, current_status }`. */
export function workflowRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const session = { session: 'required' } as const;
  const change = { config: session, schema: { body: ZChangeStatusRequest, response: { 200: ZStatusResponse } } };
  return async (app) => {
    app.get('/workflow/navigation_stack', { config: session, schema: { response: { 200: ZNavigationStackResponse } } }, async (req) =>
      getNavigationStack(ctx, signedIn(req).member),
    );

    app.post('/workflow/next_status', { config: session, schema: { body: ZNextStatusRequest, response: { 200: ZStatusResponse } } }, async (req) =>
      advanceStatus(ctx, signedIn(req).member, req.body.current_status),
    );

    // The workflow-status entity (classic §3): key, name, parent_status, transitions, childs.
    app.get('/workflow/statuses', { config: session, schema: { response: { 200: z.array(ZWorkflowStatusEntity) } } }, async () => workflowStatusEntities());
    app.get(
      '/workflow/statuses/:key',
      { config: session, schema: { params: ZWorkflowStatusParams, response: { 200: ZWorkflowStatusEntity } } },
      async (req) => {
        if (!isWorkflowStatus(req.params.key)) throw AppError.notFound('Status not found.');
        return workflowStatusEntity(req.params.key);
      },
    );

    app.post('/workflow/change_status', change, async (req) => changeStatus(ctx, signedIn(req).member, req.body.new_status));
    // The classic flow's screens call the same move without the /workflow prefix.
    app.post('/change_status', change, async (req) => changeStatus(ctx, signedIn(req).member, req.body.new_status));
  };
}
