import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient } from './http-client';

const client = () => createHttpClient({ bases: { api: '/api' }, defaultBase: 'api', getToken: () => null, setToken: () => undefined });

afterEach(() => vi.unstubAllGlobals());

/** Node's process (this package's tests run in Node; its types are not this package's). */
const nodeProcess = (globalThis as unknown as { process: { on(event: string, listener: () => void): void; off(event: string, listener: () => void): void } })
  .process;

describe('a schema still loading (a dynamic import)', () => {
  it('checks the answer once the schema is there', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ n: 1 }), { status: 200, headers: { 'content-type': 'application/json' } })),
    );
    const schema = new Promise<{ parse: (data: unknown) => number }>((resolve) =>
      setTimeout(() => resolve({ parse: (data) => (data as { n: number }).n + 1 }), 10),
    );
    await expect(client().get('/x', { schema })).resolves.toBe(2);
  });

  it('fails the call as a schema error does', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } })),
    );
    const schema = Promise.resolve({
      parse: (): never => {
        throw new Error('wrong shape');
      },
    });
    await expect(client().get('/x', { schema })).rejects.toThrow('wrong shape');
  });

  it('a schema that fails to load is no unhandled rejection when the call fails first', async () => {
    const unhandled = vi.fn();
    nodeProcess.on('unhandledRejection', unhandled);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"error":"no"}', { status: 500, headers: { 'content-type': 'application/json' } })),
    );
    await expect(client().get('/x', { schema: Promise.reject(new Error('chunk failed')), globalErrors: false })).rejects.toMatchObject({ status: 500 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    nodeProcess.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
