import type { NewOutboxMessage } from '../modules/platform/repository';

/** Where a transport records what it delivered: `outbox_messages`, once per idempotency key. */
export type OutboxRecorder = (row: NewOutboxMessage) => Promise<unknown>;

/** The template a message was made from: the sender's `meta.kind` or `meta.template`. */
export function templateOf(meta: Record<string, unknown> | undefined): string | null {
  const t = meta?.['kind'] ?? meta?.['template'];
  return typeof t === 'string' ? t : null;
}

/**
 * What a REAL provider's send leaves in the outbox: recipient, subject, template, time and delivery
 * status, and never the body or the HTML (they carry codes and live links). Only the meta's `kind`,
 * `template` and the provider's message id are kept; anything else a caller put there stays out.
 * A `sent` record carries the message's idempotency key (one record per message); a `failed` attempt's
 * record does not (a message can fail several times before it is sent).
 */
export function deliveryRecord(m: {
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  provider: string;
  meta: Record<string, unknown> | undefined;
  status: 'sent' | 'failed';
  providerId?: string | undefined;
  error?: string | undefined;
  idempotencyKey?: string | undefined;
}): NewOutboxMessage {
  const template = templateOf(m.meta);
  const meta: Record<string, unknown> = {};
  if (template) meta['template'] = template;
  if (m.providerId) meta['provider_id'] = m.providerId;
  if (m.error) meta['error'] = m.error;
  return {
    channel: m.channel,
    recipient: m.recipient,
    subject: m.subject,
    body: null,
    html: null,
    provider: m.provider,
    template,
    status: m.status,
    meta,
    idempotencyKey: m.status === 'sent' ? (m.idempotencyKey ?? null) : null,
  };
}
