/**
 * One e-mail sent by a process that dies mid-delivery, for the crash test (test/message-delivery.int.test.ts):
 * `node --import tsx message-child.ts <dataDir|postgres-url> <to>`. The sandbox transport records the message
 * in the outbox, then the process prints `recorded <key>` and waits to be SIGKILLed: the message row is
 * left `sending`, never marked sent.
 */
import { sandboxEmailTransport } from '../../src/adapters/email/sandbox';
import { sandboxSmsTransport } from '../../src/adapters/sms/sandbox';
import { openDatabase } from '../../src/db/client';
import { messageDelivery } from '../../src/modules/messages/delivery';
import { messagesRepository } from '../../src/modules/messages/repository';

const [target, to] = process.argv.slice(2) as [string, string];
const database = await openDatabase(target.startsWith('postgres') ? { databaseUrl: target } : { dataDir: target });
const repo = messagesRepository(database.db);
const email = sandboxEmailTransport(repo.recordOutbox, true);
const delivery = messageDelivery(
  repo,
  {
    email: {
      provider: 'sandbox',
      async deliver(m, key) {
        await email.deliver(m, key);
        process.stdout.write(`recorded ${key}\n`);
        setInterval(() => undefined, 1000); // keeps the process alive until the kill
        await new Promise(() => undefined); // killed here: after the provider took it, before the "sent" mark
      },
    },
    sms: sandboxSmsTransport(repo.recordOutbox, true),
  },
  () => undefined,
);
await delivery.emailSender.send({ to, subject: 'Crash test', text: 'Your code is 424242', meta: { kind: 'crash_test' } });
process.stdout.write('finished\n'); // never reached
