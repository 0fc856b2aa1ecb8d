import {
  ZEducationProgramRequest,
  ZEducationProgramResponse,
  ZLeadRequest,
  ZLeadResponse,
  ZReferencesResponse,
  ZShowFieldParams,
  ZShowFieldResponse,
  ZUpdateFieldRequest,
  ZUpdateFieldResponse,
  ZUpdateReferencesRequest,
} from '@payrail/contract/application';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { leafFieldKey } from '../../http/error-handler';
import { signedIn } from '../identity/http';
import { acceptEducationProgram } from './use-cases/accept-education-program';
import { createLead } from './use-cases/create-lead';
import { getEducationProgram } from './use-cases/get-education-program';
import { listReferences } from './use-cases/list-references';
import { showField } from './use-cases/show-field';
import { updateFields } from './use-cases/update-fields';
import { updateReferences } from './use-cases/update-references';

/** About yourself (classic §2, §7): field auto-save, references, the education program, and the lead form. */
export function applicationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const session = { session: 'required' } as const;
  return async (app) => {
    app.get(
      '/about_yourself/show_field/:field',
      { config: session, schema: { params: ZShowFieldParams, response: { 200: ZShowFieldResponse } } },
      async (req) => showField(ctx, signedIn(req).member, req.params.field),
    );

    app.post(
      '/about_yourself/update_field',
      { config: { ...session, fieldKey: leafFieldKey }, schema: { body: ZUpdateFieldRequest, response: { 200: ZUpdateFieldResponse } } },
      async (req) => updateFields(ctx, signedIn(req).member, req.body.loan_borrower),
    );

    app.get('/about_yourself/borrower_references', { config: session, schema: { response: { 200: ZReferencesResponse } } }, async (req) =>
      listReferences(ctx, signedIn(req).member),
    );

    app.post(
      '/about_yourself/update_references',
      { config: session, schema: { body: ZUpdateReferencesRequest, response: { 200: ZReferencesResponse } } },
      async (req) => updateReferences(ctx, signedIn(req).member, req.body),
    );

    app.get('/education_program', { config: session, schema: { response: { 200: ZEducationProgramResponse } } }, async (req) =>
      getEducationProgram(ctx, signedIn(req).member),
    );

    app.post(
      '/education_program',
      { config: session, schema: { body: ZEducationProgramRequest, response: { 200: z.object({ ok: z.literal(true) }) } } },
      async (req) => acceptEducationProgram(ctx, signedIn(req).member, req.body),
    );

    app.post(
      '/leads',
      {
        config: { session: 'optional', fieldKey: leafFieldKey, rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: { body: ZLeadRequest, response: { 201: ZLeadResponse } },
      },
      async (req, reply) => reply.status(201).send(await createLead(ctx, req.body, req.signedIn?.member.id ?? null)),
    );
  };
}
