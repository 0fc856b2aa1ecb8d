import {
  ZPayrollLinkConfig,
  ZPayrollSandboxDistributionRequest,
  ZPayrollSandboxDistributionResponse,
  ZPayrollSandboxLoginRequest,
  ZPayrollSandboxLoginResponse,
  ZStepGetResponse,
  ZStepParams,
  ZStepPostResponse,
  ZNewflowEvidence,
} from '@payrail/contract/newflow';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PayrollLinkError } from '../../adapters/payroll-link/port';
import type { SandboxPayrollLink } from '../../adapters/payroll-link/sandbox';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { clientInfo, signedIn } from '../identity/http';
import { ZBackofficeUserParams } from '@payrail/contract/backoffice';
import { getNewflowEvidence } from './use-cases/get-evidence';
import { getStep } from './use-cases/get-step';
import { postStep } from './use-cases/post-step';

/** A step body is parsed by the use case (the schema depends on its `workflow_status_key`); here only its size and shape. */
const ZStepBody = z.object({ workflow_status_key: z.unknown() }).loose();

/** The new-flow application calls (docs/newflow.md). */
export function newflowRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const session = { session: 'required' } as const;
  return async (app) => {
    app.get('/applicationflow/application_step/:step', { config: session, schema: { params: ZStepParams, response: { 200: ZStepGetResponse } } }, async (req) =>
      getStep(ctx, signedIn(req).member, req.params.step),
    );

    app.post(
      '/applicationflow/application_step',
      { config: session, bodyLimit: 12 * 1024 * 1024, schema: { body: ZStepBody, response: { 200: ZStepPostResponse, 201: ZStepPostResponse } } },
      async (req, reply) => {
        const { status, body } = await postStep(ctx, signedIn(req).member, req.body, clientInfo(req));
        return reply.status(status).send(body);
      },
    );

    // Back office: the new-flow evidence of an application (the classic detail stays at …/{userId}).
    app.get(
      '/backoffice/applications/:userId/newflow',
      { config: { staff: 'read' }, schema: { params: ZBackofficeUserParams, response: { 200: ZNewflowEvidence } } },
      async (req) => getNewflowEvidence(ctx, req.params.userId),
    );

    app.get('/payroll_link/config', { schema: { response: { 200: ZPayrollLinkConfig } } }, async () => ({
      provider: ctx.providers.payrollLink.provider,
      plugin_url: ctx.providers.payrollLink.pluginUrl,
      sandbox: ctx.providers.payrollLink.provider === 'sandbox',
    }));

    // The sandbox widget's calls (what the provider's test-mode modal does), outside production only.
    const sandbox =
      ctx.providers.payrollLink.provider === 'sandbox' && ctx.config.env !== 'production' ? (ctx.providers.payrollLink as SandboxPayrollLink) : null;
    if (sandbox) {
      const refusal = (err: unknown): never => {
        if (err instanceof PayrollLinkError) throw new AppError('validation', err.message, { extra: { error_code: err.code, error_message: err.message } });
        throw err;
      };
      app.post(
        '/payroll_link/sandbox/login',
        { config: session, schema: { body: ZPayrollSandboxLoginRequest, response: { 200: ZPayrollSandboxLoginResponse } } },
        async (req) => {
          const r = await sandbox
            .login({ userToken: req.body.user_token, linkItem: req.body.link_item ?? null, username: req.body.username, password: req.body.password })
            .catch(refusal);
          return { account_id: r.accountId, employer: r.employer };
        },
      );
      app.post(
        '/payroll_link/sandbox/pay_distribution',
        { config: session, schema: { body: ZPayrollSandboxDistributionRequest, response: { 200: ZPayrollSandboxDistributionResponse } } },
        async (req) => {
          const r = await sandbox
            .confirmPayDistribution({
              userToken: req.body.user_token,
              accountId: req.body.account_id,
              accept: req.body.accept,
              payDistributionConfig: req.body.pay_distribution_config,
            })
            .catch(refusal);
          return {
            account_id: req.body.account_id,
            allocation_amount: r.amountCents ?? 0,
            status: r.status === 'set' ? ('set' as const) : ('declined' as const),
          };
        },
      );
    }
  };
}
