import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailMessage, EmailTransport } from '../src/adapters/email/port';
import { sandboxEmailTransport } from '../src/adapters/email/sandbox';
import { sandboxSmsTransport } from '../src/adapters/sms/sandbox';
import type { Database } from '../src/db/client';
import { createInProcessQueue } from '../src/jobs/in-process';
import type { JobQueue } from '../src/jobs/port';
import { jobsRepository } from '../src/jobs/repository';
import { MESSAGES_DELIVER, type MessageDeliveryOptions, messageDelivery } from '../src/modules/messages/delivery';
import { type MessagesRepository, messagesRepository } from '../src/modules/messages/repository';
import { type DatabaseTarget, pgliteTarget, pgTarget } from './support/scratch-databases';
import { testApp, testDatabase, uniqueEmail } from './test-app';

/**
 * Messages through the outgoing queue (issue #30): retries with back-off, dead-lettering, one delivery
 * across a crash, one delivery under ten parallel deliverers. Each test runs its own in-process job queue
 * (fast retries) over the worker's database.
 */
const usePostgres = process.env.TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL;
const ROOT = path.resolve(import.meta.dirname, '../../..');
const CHILD = path.resolve(import.meta.dirname, 'support/message-child.ts');

type Rows = { rows: Record<string, unknown>[] };
const query = async (database: Database, text: string) => ((await database.db.execute(text as never)) as unknown as Rows).rows;

/** A sandbox e-mail transport that throws on its first `failures` deliveries. */
function flakyTransport(repo: MessagesRepository, failures: number): EmailTransport & { calls: number; failures: number } {
  const sandbox = sandboxEmailTransport(repo.recordOutbox, true);
  const t = {
    provider: 'sandbox',
    calls: 0,
    failures,
    async deliver(m: EmailMessage, key: string) {
      t.calls += 1;
      if (t.calls <= t.failures) throw new Error('provider outage (test)');
      await sandbox.deliver(m, key);
    },
  };
  return t;
}

async function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function harness(database: Database, transport: EmailTransport, opts: Partial<MessageDeliveryOptions> = {}) {
  const repo = messagesRepository(database.db);
  const jobs: JobQueue = createInProcessQueue(jobsRepository(database.db), { pollMs: 50 });
  const delivery = messageDelivery(repo, { email: transport, sms: sandboxSmsTransport(repo.recordOutbox, true) }, () => jobs, {
    retryDelaySeconds: 0,
    retryLimit: 3,
    ...opts,
  });
  jobs.define(delivery.definition);
  return { repo, jobs, delivery };
}

async function messageTo(database: Database, to: string) {
  const [row] = await query(database, `select id, status, attempts, idempotency_key, body, last_error from outgoing_messages where recipient = '${to}'`);
  return row as { id: number; status: string; attempts: number; idempotency_key: string; body: string | null; last_error: string | null } | undefined;
}

describe(`message delivery (${usePostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await testDatabase();
  });

  it('the app defines the queues of issue #30 this work added (jobs/queues.ts)', async () => {
    const app = await testApp();
    try {
      const names = app.ctx.jobs.definitions().map((d) => d.name);
      expect(names).toEqual(expect.arrayContaining([MESSAGES_DELIVER, 'newflow.rate-check', 'ach.transmit']));
      expect(app.ctx.providers.messages?.definition.schedule).toBe('*/5 * * * *');
    } finally {
      await app.close();
    }
  });

  it('a message is delivered at once and recorded in the outbox with its key', async () => {
    const h = harness(database, flakyTransport(messagesRepository(database.db), 0));
    const to = uniqueEmail('eager');
    await h.delivery.emailSender.send({ to, subject: 'Hello', text: 'Your code is 111111', meta: { kind: 'test' } });
    const row = await messageTo(database, to);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, body: 'Your code is 111111' });
    expect(await h.repo.outboxCount(row!.idempotency_key)).toBe(1);
    const [outbox] = await query(database, `select body, template from outbox_messages where idempotency_key = '${row!.idempotency_key}'`);
    expect(outbox).toEqual({ body: 'Your code is 111111', template: 'test' });
    expect((await h.jobs.counts(MESSAGES_DELIVER)).queued).toBe(0); // no job for a message delivered at once
  });

  it('production erases the body once sent', async () => {
    const h = harness(database, flakyTransport(messagesRepository(database.db), 0), { eraseBodiesOnceSent: true });
    const to = uniqueEmail('erase');
    await h.delivery.emailSender.send({ to, subject: 'Hello', text: 'secret link', html: '<p>secret link</p>' });
    const [row] = await query(database, `select status, body, html from outgoing_messages where recipient = '${to}'`);
    expect(row).toEqual({ status: 'sent', body: null, html: null });
  });

  it('a transport failing twice then succeeding: send does not throw, the job retries, delivered once', async () => {
    const transport = flakyTransport(messagesRepository(database.db), 2);
    const h = harness(database, transport);
    await h.jobs.start();
    try {
      const to = uniqueEmail('flaky');
      await h.delivery.emailSender.send({ to, subject: 'Hello', text: 'Your code is 222222' }); // the outage does not reach the caller
      expect((await messageTo(database, to))?.status).not.toBe('sent');
      const row = await until(
        'the message to be sent',
        () => messageTo(database, to),
        (r) => r?.status === 'sent',
      );
      expect(row!.attempts).toBe(3);
      expect(transport.calls).toBe(3);
      expect(row!.last_error).toBeNull();
      expect(await h.repo.outboxCount(row!.idempotency_key)).toBe(1);
    } finally {
      await h.jobs.stop();
    }
  });

  it('a transport that always fails: the message is failed, its job dead-lettered, and an admin retry delivers it', async () => {
    const transport = flakyTransport(messagesRepository(database.db), 1_000);
    const h = harness(database, transport, { retryLimit: 2 });
    await h.jobs.start();
    try {
      const to = uniqueEmail('dead');
      await h.delivery.emailSender.send({ to, subject: 'Hello', text: 'Your code is 333333' });
      const row = await until(
        'the message to fail',
        () => messageTo(database, to),
        (r) => r?.status === 'failed',
      );
      expect(row!.attempts).toBe(4); // the eager attempt, the job's first run and its two retries
      expect(row!.last_error).toContain('provider outage');
      const failed = await until(
        'the dead job',
        () => h.jobs.failed(MESSAGES_DELIVER, 50),
        (jobs) => jobs.some((j) => j.subject === `message ${row!.id}`),
      );
      const job = failed.find((j) => j.subject === `message ${row!.id}`)!;
      expect(job.error).toContain('provider outage');
      expect(job.attempts).toBe(3);
      expect(await h.repo.outboxCount(row!.idempotency_key)).toBe(0);

      transport.failures = 0; // the provider is back
      expect(await h.jobs.retry(MESSAGES_DELIVER, job.id)).toBe(true);
      const sent = await until(
        'the retried message to be sent',
        () => messageTo(database, to),
        (r) => r?.status === 'sent',
      );
      expect(await h.repo.outboxCount(sent!.idempotency_key)).toBe(1);
    } finally {
      await h.jobs.stop();
    }
  });

  it('ten parallel deliveries of one message make one outbox row', async () => {
    const repo = messagesRepository(database.db);
    const transport = flakyTransport(repo, 0);
    const h = harness(database, transport);
    const to = uniqueEmail('parallel');
    const key = randomUUID();
    const { id } = await repo.insert({
      channel: 'email',
      recipient: to,
      subject: 'Hi',
      body: 'Your code is 444444',
      html: null,
      meta: null,
      template: null,
      idempotencyKey: key,
    });
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => h.delivery.attempt(id, false)));
    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(1);
    expect(transport.calls).toBe(1);
    expect(await repo.outboxCount(key)).toBe(1);
    // Ten parallel job runs of the sent message are no-ops.
    await Promise.all(Array.from({ length: 10 }, () => h.delivery.handle({ id }, { attempt: 1 })));
    expect(transport.calls).toBe(1);
    // Even a deliverer that delivers again (a lease that ran out under it) records nothing a second time.
    const sandbox = sandboxEmailTransport(repo.recordOutbox, true);
    await Promise.all(Array.from({ length: 10 }, () => sandbox.deliver({ to, subject: 'Hi', text: 'Your code is 444444' }, key)));
    expect(await repo.outboxCount(key)).toBe(1);
  });
});

function runChild(target: DatabaseTarget, to: string): Promise<{ killed: boolean; key: string | null }> {
  return new Promise((resolve, reject) => {
    // `node --import tsx` so that the SIGKILL lands on the process doing the work (see collections-kill).
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, target.arg, to], {
      cwd: ROOT,
      env: { ...process.env, TZ: 'UTC' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let killed = false;
    child.stdout.on('data', (b: Buffer) => {
      out += b.toString();
      if (!killed && /^recorded /m.test(out)) {
        killed = true;
        child.kill('SIGKILL');
      }
    });
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (!killed) reject(new Error(`child exited ${String(code)} ${String(signal)}: ${err}`));
      else resolve({ killed: signal === 'SIGKILL', key: /^recorded (\S+)/m.exec(out)?.[1] ?? null });
    });
  });
}

describe(`a message across a crash (${usePostgres ? 'PostgreSQL' : 'embedded PGlite on disk'})`, () => {
  let target: DatabaseTarget;
  beforeAll(async () => {
    if (usePostgres) target = await pgTarget('payrail_message_crash');
    else target = pgliteTarget(fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-message-crash-')));
    const database = await target.open();
    await database.migrate();
    await database.close();
  }, 120_000);
  afterAll(async () => {
    await target?.drop();
  });

  it('killed after the provider took it and before the sent mark, the next process delivers it and the outbox holds it once', async () => {
    const to = uniqueEmail('crash');
    const run = await runChild(target, to);
    expect(run.killed).toBe(true);
    expect(run.key).toBeTruthy();

    const database = await target.open();
    try {
      const before = await messageTo(database, to);
      expect(before).toMatchObject({ status: 'sending', attempts: 1, idempotency_key: run.key });
      expect(await messagesRepository(database.db).outboxCount(run.key!)).toBe(1);

      // A fresh process works the queue: its schedule's sweep finds the stranded message (the lease is taken
      // as run out: 0 s) and queues its job; the job delivers it again under the same key and marks it sent.
      const transport = flakyTransport(messagesRepository(database.db), 0);
      const h = harness(database, transport, { leaseSeconds: 0, strandedAfterSeconds: 0 });
      await h.jobs.start();
      try {
        await h.jobs.send(MESSAGES_DELIVER, {});
        const after = await until(
          'the message to be sent',
          () => messageTo(database, to),
          (r) => r?.status === 'sent',
        );
        expect(after!.attempts).toBe(2);
        expect(transport.calls).toBe(1);
      } finally {
        await h.jobs.stop();
      }
      const outbox = await query(database, `select body from outbox_messages where recipient = '${to}'`);
      expect(outbox).toEqual([{ body: 'Your code is 424242' }]);
    } finally {
      await database.close();
    }
  }, 120_000);
});
