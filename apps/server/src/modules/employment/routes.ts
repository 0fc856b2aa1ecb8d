import {
  ZChangeIncomeSourceRequest,
  ZEmployerEntrypoint,
  ZEmployerSelectedRequest,
  ZNewEmployerRequest,
  ZNewEmployerResponse,
  ZOkStatusResponse,
} from '@payrail/contract/application';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { leafFieldKey } from '../../http/error-handler';
import { signedIn } from '../identity/http';
import { changeIncomeSource } from './use-cases/change-income-source';
import { createEmployer } from './use-cases/create-employer';
import { getEmployerEntrypoint } from './use-cases/get-employer-entrypoint';
import { selectEmployer } from './use-cases/select-employer';

/** Employer and income (classic §2 step 1, §7). Field errors use the field's own name (employer_id, employee_id, …). */
export function employmentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const session = { session: 'required' } as const;
  const config = { fieldKey: leafFieldKey };
  return async (app) => {
    app.get('/employer_entrypoint', { config: session, schema: { response: { 200: ZEmployerEntrypoint } } }, async (req) =>
      getEmployerEntrypoint(ctx, signedIn(req).member),
    );

    app.post(
      '/change_income_source',
      { config: { ...config, ...session }, schema: { body: ZChangeIncomeSourceRequest, response: { 200: ZOkStatusResponse } } },
      async (req) => changeIncomeSource(ctx, signedIn(req).member, req.body),
    );

    app.post(
      '/employers',
      { config: { ...config, ...session }, schema: { body: ZNewEmployerRequest, response: { 201: ZNewEmployerResponse } } },
      async (req, reply) => reply.status(201).send(await createEmployer(ctx, signedIn(req).member, req.body)),
    );

    app.patch(
      '/employer_selected',
      { config: { ...config, ...session }, schema: { body: ZEmployerSelectedRequest, response: { 200: ZOkStatusResponse } } },
      async (req) => selectEmployer(ctx, signedIn(req).member, req.body),
    );
  };
}
