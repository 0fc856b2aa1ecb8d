import { randomUUID } from 'node:crypto';
import type { EmailMessage, EmailSender, EmailTransport } from '../../adapters/email/port';
import { templateOf } from '../../adapters/outbox-record';
import type { SmsMessage, SmsSender, SmsTransport } from '../../adapters/sms/port';
import type { JobQueue, QueueDefinition } from '../../jobs/port';
import type { MessagesRepository, OutgoingMessageRow } from './repository';

/**
 * E-mails and texts delivered through a queue, once from the recipient's view (issue #30;
 * docs/operations.md, "Messages").
 *
 * `send` writes the message to `outgoing_messages` with a fresh idempotency key, then makes the first
 * attempt at once in this process (the eager path: a sign-up code is in the mailbox when the request
 * answers). An attempt claims the row (one UPDATE: `queued`/`retrying`, or `sending` past its lease →
 * `sending`), hands it to the transport with its key, and marks it `sent`. A transport error marks it
 * `retrying` and queues a `messages.deliver` job `{id}`, which retries with back-off and, out of retries,
 * marks it `failed` and is dead-lettered (the Jobs page; an admin's retry delivers it again).
 *
 * Only a failure queues a job (not every message): a message the eager path delivered costs no job. The
 * crash windows (between the insert and the attempt, during the attempt, between a failure and the job's
 * send) are closed by the same queue's schedule: every few minutes a `{}` job sweeps messages left
 * `queued`/`retrying` past `strandedAfterSeconds`, or `sending` past the lease, into `{id}` jobs (one per
 * message: singleton key). A second attempt of a message the provider already took carries the same key:
 * the sandbox (and any provider honouring keys) records nothing the second time.
 */
export const MESSAGES_DELIVER = 'messages.deliver';

export type MessageTransports = { email: EmailTransport; sms: SmsTransport };

export type MessageDeliveryOptions = {
  /** A claim older than this is taken to be a crashed deliverer's; must exceed the job's expiry. */
  leaseSeconds: number;
  /** `queued`/`retrying` messages older than this with no job at work are swept into jobs. */
  strandedAfterSeconds: number;
  /** Production: the body and HTML are erased once the provider took the message. */
  eraseBodiesOnceSent: boolean;
  /** The first retry's delay; later ones double (back-off). */
  retryDelaySeconds: number;
  retryLimit: number;
};

export const DEFAULT_MESSAGE_DELIVERY: MessageDeliveryOptions = {
  leaseSeconds: 120,
  strandedAfterSeconds: 120,
  eraseBodiesOnceSent: false,
  retryDelaySeconds: 30,
  retryLimit: 5,
};

export type MessageJob = { id?: number };

export type MessageDelivery = ReturnType<typeof messageDelivery>;

const errorText = (err: unknown): string => (err instanceof Error ? `${err.name}: ${err.message}` : String(err)).slice(0, 500);

export function messageDelivery(
  repo: MessagesRepository,
  transports: MessageTransports,
  jobs: () => JobQueue | undefined,
  options: Partial<MessageDeliveryOptions> = {},
) {
  const opts = { ...DEFAULT_MESSAGE_DELIVERY, ...options };

  async function hand(row: OutgoingMessageRow): Promise<void> {
    const meta = row.meta ?? undefined;
    if (row.channel === 'email') {
      const m: EmailMessage = {
        to: row.recipient,
        subject: row.subject ?? '',
        text: row.body ?? '',
        ...(row.html ? { html: row.html } : {}),
        ...(meta ? { meta } : {}),
      };
      await transports.email.deliver(m, row.idempotencyKey);
    } else {
      await transports.sms.deliver({ to: row.recipient, body: row.body ?? '', ...(meta ? { meta } : {}) }, row.idempotencyKey);
    }
  }

  /**
   * One attempt: 'sent', or 'not-claimed' (sent already, failed for good, or another deliverer holds it).
   * Throws the transport's error after marking the message `retrying` (or `failed` when `final`).
   */
  async function attempt(id: number, final: boolean): Promise<'sent' | 'not-claimed'> {
    const row = await repo.claim(id, opts.leaseSeconds);
    if (!row) return 'not-claimed';
    try {
      await hand(row);
    } catch (err) {
      await repo.markFailed(id, errorText(err), final);
      throw err;
    }
    await repo.markSent(id, opts.eraseBodiesOnceSent);
    return 'sent';
  }

  /** Queues the message's retry job; if the queue is down, the sweep finds the message later. */
  async function queueRetry(id: number, startAfterSeconds: number): Promise<void> {
    try {
      await jobs()?.send<MessageJob>(MESSAGES_DELIVER, { id }, { singletonKey: `message:${id}`, startAfterSeconds });
    } catch {
      // The schedule's sweep picks up `retrying` messages with no job (strandedAfterSeconds).
    }
  }

  async function enqueue(row: Omit<Parameters<MessagesRepository['insert']>[0], 'idempotencyKey'>): Promise<void> {
    const written = await repo.insert({ ...row, idempotencyKey: randomUUID() });
    try {
      await attempt(written.id, false);
    } catch {
      await queueRetry(written.id, opts.retryDelaySeconds);
    }
  }

  /** Stranded messages into `{id}` jobs; answers how many jobs it queued. */
  async function sweep(limit = 200): Promise<number> {
    const queue = jobs();
    if (!queue) return 0;
    let queued = 0;
    for (const id of await repo.stranded(opts.strandedAfterSeconds, opts.leaseSeconds, limit)) {
      if ((await queue.send<MessageJob>(MESSAGES_DELIVER, { id }, { singletonKey: `message:${id}` })) !== null) queued += 1;
    }
    return queued;
  }

  /** The `messages.deliver` handler: `{id}` delivers one message, `{}` (the schedule) sweeps. */
  async function handle(data: MessageJob, job: { attempt: number }): Promise<void> {
    if (data.id === undefined) {
      await sweep();
      return;
    }
    const id = data.id;
    // attempt 1 is the first run; retryLimit retries follow, the last of them is final.
    const final = job.attempt > opts.retryLimit;
    let outcome = await attempt(id, final);
    if (outcome === 'sent') return;
    const row = await repo.byId(id);
    if (!row || row.status === 'sent') return;
    if (row.status === 'failed') {
      // A dead job an admin retried: the message gets another round.
      await repo.requeueFailed(id);
      outcome = await attempt(id, final);
      if (outcome === 'sent') return;
    }
    throw new Error(`message ${id} is being sent by another worker; retried after its lease`);
  }

  const definition: QueueDefinition<MessageJob> = {
    name: MESSAGES_DELIVER,
    description:
      'Delivers e-mails and texts whose first attempt failed (retries with back-off), and every 5 minutes sweeps up messages a crash left undelivered.',
    retryLimit: opts.retryLimit,
    retryDelaySeconds: opts.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: Math.max(1, Math.floor(opts.leaseSeconds / 2)),
    concurrency: 4,
    schedule: '*/5 * * * *',
    subject: (data) => (data.id === undefined ? 'sweep' : `message ${data.id}`),
    handler: handle,
  };

  const email = (provider: string): EmailSender => ({
    provider,
    send: (m) =>
      enqueue({
        channel: 'email',
        recipient: m.to,
        subject: m.subject,
        body: m.text,
        html: m.html ?? null,
        meta: m.meta ?? null,
        template: templateOf(m.meta),
      }),
  });
  const sms = (provider: string): SmsSender => ({
    provider,
    send: (m: SmsMessage) =>
      enqueue({ channel: 'sms', recipient: m.to, subject: null, body: m.body, html: null, meta: m.meta ?? null, template: templateOf(m.meta) }),
  });

  return {
    options: opts,
    /** What `ctx.providers.email` / `.sms` are. */
    emailSender: email(transports.email.provider),
    smsSender: sms(transports.sms.provider),
    attempt,
    sweep,
    handle,
    /** The `messages.deliver` queue; define it on the job queue before `start()`. */
    definition,
  };
}
