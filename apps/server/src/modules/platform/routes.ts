import fs from 'node:fs';
import path from 'node:path';
import { ZHealth, ZOutboxMessage, ZOutboxQuery, ZReady, ZSystemState } from '@payrail/contract/platform';
import { MIGRATIONS_DIR } from '../../db/client';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { type OpenApiDocument, buildOpenApi, renderApiReference } from '../../http/openapi';

/** The API's version in its reference (the server package's). */
const API_VERSION = '0.1.0';

/** Health, system state, and (outside production) the sandbox outbox. */
export function platformRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const repo = ctx.repos.platform;
  return async (app) => {
    app.get('/health', { schema: { response: { 200: ZHealth } } }, async () => {
      try {
        await repo.ping();
      } catch {
        throw new AppError('unavailable', 'Database unavailable');
      }
      return { status: 'ok' as const, database: ctx.database.kind };
    });

    // Readiness (for a load balancer): the database answers AND carries every migration this build ships.
    // Health says the process and its database are alive; a server started against an older schema is
    // healthy but not ready.
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: { when: number; tag: string }[] };
    const expected = journal.entries.at(-1)!;
    app.get('/ready', { schema: { response: { 200: ZReady, 503: ZReady } } }, async (_req, reply) => {
      let applied: number | null;
      try {
        applied = await repo.latestMigrationApplied();
      } catch {
        return reply.status(503).send({ status: 'not_ready' as const, database: ctx.database.kind, reason: 'The database does not answer.' });
      }
      if (applied === null || applied < expected.when) {
        return reply.status(503).send({ status: 'not_ready' as const, database: ctx.database.kind, reason: `The database lacks migration ${expected.tag}.` });
      }
      return { status: 'ready' as const, database: ctx.database.kind, reason: null };
    });

    app.get('/current_system_state', { schema: { response: { 200: ZSystemState } } }, async () => {
      const event = await repo.activeSystemEvent();
      return { event_description: event?.description ?? null };
    });

    // The API reference, built once from every registered route's own schemas (after start-up, when all are registered).
    let reference: { doc: OpenApiDocument; json: string; html: string } | undefined;
    const referenceOf = () => {
      if (!reference) {
        const doc = buildOpenApi(app.routeTable, { version: API_VERSION });
        reference = { doc, json: JSON.stringify(doc), html: renderApiReference(doc) };
      }
      return reference;
    };
    app.get('/openapi.json', async (_req, reply) => reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(referenceOf().json));
    app.get('/docs', async (_req, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(referenceOf().html));

    if (ctx.config.env !== 'production') {
      app.get('/dev/outbox', { schema: { querystring: ZOutboxQuery, response: { 200: z.array(ZOutboxMessage) } } }, async (req) => {
        // A phone arrives as typed; `+` in a query string may decode to a space, so rebuild the E.164 form.
        const to = req.query.to.includes('@') ? req.query.to.toLowerCase() : `+${req.query.to.replace(/\D/g, '')}`;
        return (await repo.listOutbox(to)).map((m) => ({
          id: m.id,
          channel: m.channel,
          to: m.recipient,
          subject: m.subject,
          body: m.body ?? '',
          html: m.html,
          created_at: m.createdAt.toISOString(),
        }));
      });
    }
  };
}
