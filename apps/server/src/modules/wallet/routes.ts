import {
  ZAddDebitCardRequest,
  ZAddDebitCardResponse,
  ZCardErrorsBody,
  ZCardTokenizerConfig,
  ZDebitCardsResponse,
  ZSandboxTokenizeRequest,
  ZSandboxTokenizeResponse,
  ZWalletRequest,
  ZWalletResponse,
} from '@payrail/contract/banking';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { leafFieldKey } from '../../http/error-handler';
import { agreementPdf } from '../../lib/agreement-render';
import { signedIn } from '../identity/http';
import type { WalletCardRow } from './repository';
import { addDebitCard } from './use-cases/add-debit-card';
import { findAgreementDocument } from '../reference/reference-data';

const toCard = (c: WalletCardRow) => ({ id: c.id, last4: c.last4, brand: c.brand, exp_month: c.expMonth, exp_year: c.expYear });

/** The tokenizer form is a card-testing target: throttle it. */
const TOKENIZE_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

/** Debit cards (classic §2 Debit card, §7 wallet) and the card tokenizer's configuration and sandbox. */
export function walletRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const session = { session: 'required' } as const;
  const leaf = { fieldKey: leafFieldKey };
  return async (app) => {
    app.post('/wallet', { config: { ...leaf, ...session }, schema: { body: ZWalletRequest, response: { 201: ZWalletResponse } } }, async (req, reply) => {
      const card = await addDebitCard(ctx, signedIn(req).member.id, { token: req.body.token, cardNumber: req.body.card_number });
      return reply.status(201).send({ id: card.id, last4: card.last4 });
    });

    app.post(
      '/add_debit_card',
      { config: { ...leaf, ...session }, schema: { body: ZAddDebitCardRequest, response: { 201: ZAddDebitCardResponse } } },
      async (req, reply) => {
        const card = await addDebitCard(ctx, signedIn(req).member.id, { token: req.body.card.token, cardNumber: req.body.card.card_number });
        return reply.status(201).send({ ok: true as const, card: toCard(card) });
      },
    );

    app.get('/get_debit_cards', { config: session, schema: { response: { 200: ZDebitCardsResponse } } }, async (req) => ({
      ok: true as const,
      cards: (await ctx.repos.wallet.list(signedIn(req).member.id)).map(toCard),
    }));

    app.get('/debit_card_agreement_example', { config: session }, async (_req, reply) => {
      const doc = await findAgreementDocument(ctx, 'debit_card_authorization', null);
      if (!doc) throw AppError.notFound('Document not found');
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="debit-card-authorization-${doc.version}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(await agreementPdf(doc)));
    });

    app.get('/card_tokenizer/config', { schema: { response: { 200: ZCardTokenizerConfig } } }, async () => ({
      provider: ctx.providers.cardTokenizer.provider,
      publishable_key: ctx.providers.cardTokenizer.publishableKey,
    }));

    // The sandbox plays the processor's browser tokenizer: no Payrail session, the processor's answer shapes.
    app.post(
      '/card_tokenizer/sandbox/tokenize',
      {
        config: { ...leaf, rateLimit: TOKENIZE_RATE_LIMIT },
        schema: { body: ZSandboxTokenizeRequest, response: { 200: ZSandboxTokenizeResponse, 402: ZCardErrorsBody } },
      },
      async (req, reply) => {
        const sandbox = ctx.providers.cardTokenizer.sandbox;
        if (!sandbox) throw AppError.notFound('The card tokenizer sandbox is not enabled.');
        const b = req.body;
        const r = await sandbox.tokenize({ name: b.name, number: b.number, expMonth: b.exp_month, expYear: b.exp_year, cvc: b.cvc });
        if (!r.ok) return reply.status(402).send({ errors: r.errors });
        return {
          id: r.token,
          card: { last4: r.card.last4, brand: r.card.brand, exp_month: r.card.expMonth, exp_year: r.card.expYear, funding: r.card.funding },
        };
      },
    );
  };
}
