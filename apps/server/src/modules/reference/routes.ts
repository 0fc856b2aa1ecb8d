import {
  EMPLOYER_SEARCH_MIN,
  ZAgreementDocument,
  ZAgreementDocumentQuery,
  ZAgreementDocumentsQuery,
  ZAgreementDocumentWithBody,
  ZEmployer,
  ZEmployerSearchQuery,
  ZIdParams,
  ZLoanEligibilityQuery,
  ZLoanPurpose,
  ZState,
} from '@payrail/contract/reference';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { agreementBodyHtml, agreementPageHtml, agreementPdf } from '../../lib/agreement-render';
import { closeReferenceCache, keptAnswerHook, keptReference } from './reference-cache';
import type { AgreementDocumentRow, EmployerRow } from './repository';

export const toEmployer = (e: EmployerRow): z.infer<typeof ZEmployer> => ({
  id: e.id,
  name: e.name,
  logo_link: `/api/employers/${e.id}/logo.svg`,
  employer_type: e.employerType,
  partnership: e.partnership,
  payment_type: e.paymentType,
  pay_frequency: e.payFrequency,
  payroll_portal: e.payrollPortalName && e.payrollPortalUrl ? { name: e.payrollPortalName, url: e.payrollPortalUrl } : null,
  pay_stub_help: e.payStubHelp,
  video_url: e.videoUrl,
  argyle_id: e.argyleId,
  multiple_paycheck: e.multiplePaycheck,
  payroll_service: e.payrollService,
  is_other: e.isOther,
});

const toDocument = (d: AgreementDocumentRow) => ({
  id: d.id,
  name: d.name,
  title: d.title,
  version: d.version,
  state_abbreviation: d.stateAbbreviation,
  file_url: `/api/agreement_documents/${d.id}/view`,
  pdf_url: `/api/agreement_documents/${d.id}/pdf`,
});

/** Public reference data: states, loan purposes, employers, agreement documents. */
export function referenceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const repo = ctx.repos.reference;

  const stateAbbreviation = async (state: string | undefined): Promise<string | null> => {
    if (!state) return null;
    const row = await repo.findState(state);
    if (!row) throw AppError.fields({ state: ['is not a valid state'] });
    return row.abbreviation;
  };

  return async (app) => {
    app.addHook('onClose', () => closeReferenceCache(ctx));
    // Served from memory with an ETag (reference-cache.ts): no statement once loaded, and sent by `kept`
    // (the route's first onRequest hook) without validation or handler.
    const kept = keptAnswerHook(ctx);
    app.get('/states', { onRequest: kept, schema: { response: { 200: z.array(ZState) } } }, async (req, reply) =>
      keptReference(ctx, req, reply, async () =>
        (await repo.listStates()).map((s) => ({ id: s.id, name: s.name, abbreviation: s.abbreviation, is_available: s.isAvailable })),
      ),
    );

    app.get('/loan_purposes', { onRequest: kept, schema: { response: { 200: z.array(ZLoanPurpose) } } }, async (req, reply) =>
      keptReference(ctx, req, reply, () => repo.listLoanPurposes()),
    );

    app.get('/employers', { onRequest: kept, schema: { querystring: ZEmployerSearchQuery, response: { 200: z.array(ZEmployer) } } }, async (req, reply) => {
      const text = req.query.search;
      if (text.length < EMPLOYER_SEARCH_MIN) return [];
      return keptReference(ctx, req, reply, async () => (await repo.searchEmployers(text)).map(toEmployer));
    });

    /**
     * A listed employer is public; one a borrower typed in ("employer not listed") is that borrower's
     * data, so only its author sees it — to anyone else it does not exist.
     */
    const visibleEmployer = async (req: FastifyRequest<{ Params: { id: number } }>): Promise<EmployerRow> => {
      const e = await repo.getEmployer(req.params.id);
      if (e && !e.isOther) return e;
      if (e && req.signedIn && (await repo.employerAuthor(e.id)) === req.signedIn.member.id) return e;
      throw AppError.notFound('Employer not found');
    };

    app.get('/employers/:id', { config: { session: 'optional' }, schema: { params: ZIdParams, response: { 200: ZEmployer } } }, async (req) =>
      toEmployer(await visibleEmployer(req)),
    );

    app.get('/employers/:id/logo.svg', { config: { session: 'optional' }, schema: { params: ZIdParams } }, async (req, reply) => {
      const e = await visibleEmployer(req);
      return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(e.logoSvg);
    });

    app.get(
      '/agreement_document',
      { onRequest: kept, schema: { querystring: ZAgreementDocumentQuery, response: { 200: ZAgreementDocumentWithBody } } },
      async (req, reply) =>
        keptReference(ctx, req, reply, async () => {
          const doc = await repo.findAgreementDocument(req.query.agreement, await stateAbbreviation(req.query.state));
          if (!doc) throw AppError.notFound('Document not found');
          return { ...toDocument(doc), body_html: agreementBodyHtml(doc) };
        }),
    );

    app.get(
      '/agreement_documents',
      { onRequest: kept, schema: { querystring: ZAgreementDocumentsQuery, response: { 200: z.array(ZAgreementDocument) } } },
      async (req, reply) =>
        keptReference(ctx, req, reply, async () =>
          (await repo.listAgreementDocuments(req.query.document_type_name, await stateAbbreviation(req.query.state))).map(toDocument),
        ),
    );

    app.get(
      '/consent_for_loan_eligibility',
      { onRequest: kept, schema: { querystring: ZLoanEligibilityQuery, response: { 200: ZAgreementDocument } } },
      async (req, reply) =>
        keptReference(ctx, req, reply, async () => {
          const abbreviation = await stateAbbreviation(req.query.state);
          const doc = await repo.findAgreementDocument('consent_for_loan_eligibility', abbreviation);
          if (!doc || doc.stateAbbreviation !== abbreviation) throw AppError.notFound('We are not working with this State yet!');
          return toDocument(doc);
        }),
    );

    app.get('/agreement_documents/:id/view', { schema: { params: ZIdParams } }, async (req, reply) => {
      const doc = await repo.getAgreementDocument(req.params.id);
      if (!doc) throw AppError.notFound('Document not found');
      return reply.type('text/html; charset=utf-8').send(agreementPageHtml(doc, toDocument(doc).pdf_url));
    });

    app.get('/agreement_documents/:id/pdf', { schema: { params: ZIdParams } }, async (req, reply) => {
      const doc = await repo.getAgreementDocument(req.params.id);
      if (!doc) throw AppError.notFound('Document not found');
      const bytes = await agreementPdf(doc);
      return reply.type('application/pdf').header('content-disposition', `inline; filename="${doc.name}-${doc.version}.pdf"`).send(Buffer.from(bytes));
    });
  };
}
