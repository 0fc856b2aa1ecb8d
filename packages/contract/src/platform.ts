import { z } from 'zod';

/** GET /api/current_system_state */
export const ZSystemState = z.object({ event_description: z.string().nullable() });
export type TSystemState = z.infer<typeof ZSystemState>;

/** GET /api/health */
export const ZHealth = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

/** GET /api/ready (200 ready, 503 not ready, with the reason) */
export const ZReady = z.object({ status: z.enum(['ready', 'not_ready']), database: z.enum(['pglite', 'postgres']), reason: z.string().nullable() });

/** How a message goes: an e-mail or a text. */
export const MESSAGE_CHANNELS = ['email', 'sms'] as const;

/** GET /api/dev/outbox?to= (non-production only) */
export const ZOutboxQuery = z.object({ to: z.string({ error: "can't be blank" }).trim().min(1, "can't be blank").max(320) });
export const ZOutboxMessage = z.object({
  id: z.number().int(),
  channel: z.enum(MESSAGE_CHANNELS),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  html: z.string().nullable(),
  created_at: z.string(),
});
export type TOutboxMessage = z.infer<typeof ZOutboxMessage>;
