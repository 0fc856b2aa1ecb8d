import {
  ZAllotmentEmailResponse,
  ZAutoDebitRequest,
  ZAutoDebitResponse,
  ZBankFieldParams,
  ZBankFieldValue,
  ZBankInformation,
  ZBankInformationResponse,
  ZBankLinkedResponse,
  ZBankLinkErrorBody,
  ZBankLinkWidget,
  ZBankNameResponse,
  ZBankUpdateFieldRequest,
  ZRoutingParams,
  ZSandboxAuthorizeRequest,
  ZSandboxAuthorizeResponse,
  ZSavePlaidEventRequest,
  ZSavePlaidInformationRequest,
  ZSaveRibbitInformationRequest,
  ZRepayMethodOffersResponse,
  ZSelectRepayMethodRequest,
  ZVerifyManualSaveRequest,
} from '@payrail/contract/banking';
import { ZStatusResponse } from '@payrail/contract/identity';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BankLinkError } from '../../adapters/bank-link/port';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { leafFieldKey } from '../../http/error-handler';
import { clientInfo, signedIn } from '../identity/http';
import { routingDirectoryOf } from './bank-accounts';
import { emailAllotmentInstructions, getAllotmentInstructions } from './use-cases/send-allotment-instructions';
import { authorizeAutoDebit } from './use-cases/authorize-auto-debit';
import { authorizeSandboxBankLink } from './use-cases/authorize-sandbox-bank-link';
import { confirmBankAccount } from './use-cases/confirm-bank-account';
import { continueAllotment } from './use-cases/continue-allotment';
import { getBankInformation, showBankField } from './use-cases/get-bank-information';
import { getBankLinkWidget } from './use-cases/get-bank-link-widget';
import { lookupBankName } from './use-cases/lookup-bank-name';
import { saveBankLinkEvent } from './use-cases/save-bank-link-event';
import { saveLinkedAccount } from './use-cases/save-linked-account';
import { saveManualAccount } from './use-cases/save-manual-account';
import { repayMethodOffers, selectRepayMethod } from './use-cases/select-repay-method';
import { updateBankFields } from './use-cases/update-bank-fields';
import { verifyManualAccount } from './use-cases/verify-manual-account';

/** The sandbox widget's login is a password form: throttle it like one. */
const SANDBOX_LOGIN_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

/**
 * Bank information, bank linking, repay method, auto-debit and allotment (docs/banking-and-esignature.md).
 * Refusals: field errors 422 `{ errors }`; the red line 422 `{ error }`; a step outside its status 422
 * `{ error, current_status }`; the new flow's manual save 422 with the text as the body.
 */
export function bankingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const session = { session: 'required' } as const;
  const leaf = { fieldKey: leafFieldKey };
  return async (app) => {
    // Read the routing directory now: a bad ROUTING_DIRECTORY_FILE stops the boot instead of failing every lookup.
    await routingDirectoryOf(ctx);

    app.get('/bank_informations', { config: session, schema: { response: { 200: ZBankInformation } } }, async (req) =>
      getBankInformation(ctx, signedIn(req).member.id),
    );

    app.get('/bank_informations/show_field/:key', { config: session, schema: { params: ZBankFieldParams, response: { 200: ZBankFieldValue } } }, async (req) =>
      showBankField(ctx, signedIn(req).member.id, req.params.key),
    );

    app.post(
      '/bank_informations/update_field',
      { config: { ...leaf, ...session }, schema: { body: ZBankUpdateFieldRequest, response: { 200: ZBankInformationResponse } } },
      async (req) => ({
        ok: true as const,
        bank_information: await updateBankFields(ctx, signedIn(req).member, req.body.bank_information),
      }),
    );

    app.get(
      '/bank_informations/bank_name/:routing',
      { config: session, schema: { params: ZRoutingParams, response: { 200: ZBankNameResponse } } },
      async (req) => lookupBankName(ctx, req.params.routing),
    );

    app.get('/bank_informations/verify_manual', { config: session, schema: { response: { 200: ZBankInformationResponse } } }, async (req) => ({
      ok: true as const,
      bank_information: await verifyManualAccount(ctx, signedIn(req).member),
    }));

    // The new flow shows the error body as text.
    app.post(
      '/bank_informations/verify_manual_save_api_response',
      { config: { ...leaf, ...session }, schema: { body: ZVerifyManualSaveRequest, response: { 200: ZBankInformationResponse } } },
      async (req, reply) => {
        const b = req.body.bank_information;
        try {
          return {
            ok: true as const,
            bank_information: await saveManualAccount(ctx, signedIn(req).member, {
              accountType: b.account_type,
              routing: b.routing_transfer_number,
              accountNumber: b.bank_account_number,
            }),
          };
        } catch (err) {
          if (err instanceof AppError && err.code === 'validation' && !err.fields && !err.extra)
            return (reply as FastifyReply).status(422).type('text/plain; charset=utf-8').send(err.message);
          throw err;
        }
      },
    );

    app.post('/bank_informations/confirm', { config: session, schema: { response: { 200: ZStatusResponse } } }, async (req) =>
      confirmBankAccount(ctx, signedIn(req).member),
    );

    app.get('/bank_informations/widget', { config: session, schema: { response: { 200: ZBankLinkWidget } } }, async (req) =>
      getBankLinkWidget(ctx, signedIn(req).member.id),
    );

    app.post(
      '/bank_informations/save_plaid_information',
      { config: { ...leaf, ...session }, schema: { body: ZSavePlaidInformationRequest, response: { 200: ZBankLinkedResponse } } },
      async (req) => saveLinkedAccount(ctx, signedIn(req).member, { aggregator: 'plaid', publicToken: req.body.public_token, accountId: req.body.account_id }),
    );

    app.post(
      '/bank_informations/save_ribbit_information',
      { config: { ...leaf, ...session }, schema: { body: ZSaveRibbitInformationRequest, response: { 200: ZBankLinkedResponse } } },
      async (req) =>
        saveLinkedAccount(ctx, signedIn(req).member, {
          aggregator: 'ribbit',
          inquiryId: req.body.inquiryId,
          inquiryType: req.body.inquiryType,
          accountId: req.body.accountId,
        }),
    );

    app.post(
      '/bank_informations/save_plaid_event',
      { config: { ...leaf, ...session }, schema: { body: ZSavePlaidEventRequest, response: { 201: z.object({ ok: z.literal(true) }) } } },
      async (req, reply) => reply.status(201).send(await saveBankLinkEvent(ctx, signedIn(req).member.id, req.body)),
    );

    // The sandbox widget's login plays the aggregator: no Payrail session, answers in the aggregator's terms.
    app.post(
      '/bank_link/sandbox/authorize',
      {
        config: { ...leaf, rateLimit: SANDBOX_LOGIN_RATE_LIMIT },
        schema: { body: ZSandboxAuthorizeRequest, response: { 200: ZSandboxAuthorizeResponse, 422: ZBankLinkErrorBody } },
      },
      async (req, reply) => {
        try {
          const b = req.body;
          return await authorizeSandboxBankLink(ctx, { linkToken: b.link_token, institutionId: b.institution_id, username: b.username, password: b.password });
        } catch (err) {
          if (!(err instanceof BankLinkError)) throw err;
          return reply.status(422).send({ error_code: err.code, error_message: err.message, display_message: err.displayMessage });
        }
      },
    );

    app.get('/repay_method_offers', { config: session, schema: { response: { 200: ZRepayMethodOffersResponse } } }, async (req) =>
      repayMethodOffers(ctx, signedIn(req).member),
    );

    app.post(
      '/select_repay_method',
      { config: { ...leaf, ...session }, schema: { body: ZSelectRepayMethodRequest, response: { 200: ZStatusResponse } } },
      async (req) => selectRepayMethod(ctx, signedIn(req).member, req.body.repay_method),
    );

    app.post('/auto_debit', { config: { ...leaf, ...session }, schema: { body: ZAutoDebitRequest, response: { 200: ZAutoDebitResponse } } }, async (req) =>
      authorizeAutoDebit(ctx, signedIn(req).member, req.body, clientInfo(req)),
    );

    app.get('/allotment_instructions', { config: session }, async (req, reply) => {
      const { html } = await getAllotmentInstructions(ctx, signedIn(req).member);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'private, no-store').send(html);
    });

    app.post('/allotment_instructions/email', { config: session, schema: { response: { 200: ZAllotmentEmailResponse } } }, async (req) =>
      emailAllotmentInstructions(ctx, signedIn(req).member),
    );

    app.post('/allotment/continue', { config: session, schema: { response: { 200: ZStatusResponse } } }, async (req) =>
      continueAllotment(ctx, signedIn(req).member),
    );
  };
}
