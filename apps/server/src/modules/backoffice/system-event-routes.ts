import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { endSystemEvents, startSystemEvent } from '../platform/system-events';
import { staffOf } from '../staff/staff-guard';
import { recordStaffAction } from '../review/reviews';

const ZSystemEventRequest = z.object({
  description: z.string({ error: "can't be blank" }).trim().min(1, "can't be blank").max(500, 'is too long (maximum is 500 characters)'),
});

/** Admins start and end a system event; while one is active the borrower app shows /unavailable. */
export function systemEventRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // The staff guard runs onRequest: without an admin session the body is never read, so a 401/403 never turns into a 422.
  const config = { staff: 'systemEvent' } as const;
  return async (app) => {
    app.post('/system_event', { config, schema: { body: ZSystemEventRequest } }, async (req, reply) => {
      const staff = staffOf(req);
      const event = await startSystemEvent(ctx, req.body.description, staff.id);
      await recordStaffAction(ctx, {
        staffUserId: staff.id,
        action: 'start_system_event',
        targetUserId: null,
        before: {},
        after: { id: event.id, description: event.description },
        at: ctx.now(),
      });
      ctx.systemGate.invalidate();
      return reply.status(201).send({ id: event.id, event_description: event.description });
    });

    app.delete('/system_event', { config }, async (req, reply) => {
      const staff = staffOf(req);
      await endSystemEvents(ctx);
      await recordStaffAction(ctx, {
        staffUserId: staff.id,
        action: 'end_system_event',
        targetUserId: null,
        before: {},
        after: { ended: true },
        at: ctx.now(),
      });
      ctx.systemGate.invalidate();
      return reply.status(204).send();
    });
  };
}
