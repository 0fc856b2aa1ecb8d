import { ZHealth, ZOutboxMessage, ZOutboxQuery, ZSystemState } from '@payrail/contract/platform';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';

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

    app.get('/current_system_state', { schema: { response: { 200: ZSystemState } } }, async () => {
      const event = await repo.activeSystemEvent();
      return { event_description: event?.description ?? null };
    });

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
