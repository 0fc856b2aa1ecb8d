import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { SANDBOX_UNREACHABLE_DOMAIN, sandboxEmailTransport } from './sandbox';

describe('sandbox e-mail transport', () => {
  const recorded: unknown[] = [];
  const transport = sandboxEmailTransport(async (r) => void recorded.push(r), true);

  it('records a delivery, once per key', async () => {
    await transport.deliver({ to: 'Ana@Example.test', subject: 'Hi', text: 'Hello' }, 'key-1');
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ recipient: 'ana@example.test', subject: 'Hi', status: 'sent', idempotencyKey: 'key-1' });
  });

  it(`fails every attempt to its undeliverable test domain (${SANDBOX_UNREACHABLE_DOMAIN}) and records nothing`, async () => {
    const before = recorded.length;
    await expect(transport.deliver({ to: `hr@${SANDBOX_UNREACHABLE_DOMAIN}`, subject: 'Hi', text: 'Hello' }, 'key-2')).rejects.toThrow(
      `${SANDBOX_UNREACHABLE_DOMAIN} did not answer`,
    );
    expect(recorded).toHaveLength(before);
  });
});

describe('messages.deliver retry policy from the environment', () => {
  it('defaults to 5 retries from 30 s; MESSAGE_RETRY_LIMIT / MESSAGE_RETRY_DELAY_SECONDS set it', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).email.retry).toEqual({ limit: 5, delaySeconds: 30 });
    expect(loadConfig({ NODE_ENV: 'test', MESSAGE_RETRY_LIMIT: '1', MESSAGE_RETRY_DELAY_SECONDS: '1' }).email.retry).toEqual({ limit: 1, delaySeconds: 1 });
    expect(() => loadConfig({ NODE_ENV: 'test', MESSAGE_RETRY_DELAY_SECONDS: '0' })).toThrow();
  });
});
