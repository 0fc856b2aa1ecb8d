import type { IncomingMessage, ServerResponse } from 'node:http';
import type { onRequestHookHandler } from 'fastify';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/**
 * The headers a (static) helmet middleware sets, as `[name, value]` pairs with lowercase names, found by
 * running it once on a recording response at start-up. Our helmet options have nothing per request (no
 * CSP nonce), so every response gets exactly this set; the pairs go onto Fastify's reply instead of the raw
 * response. That matters for cost: a header already set on the raw response sends Node's writeHead down
 * its slow path (each of Fastify's headers through setHeader, then every header validated again), and
 * helmet's middleware chain itself ran a dozen closures and setHeader calls per request (~15-20 µs of CPU).
 */
export function staticSecurityHeaders(middleware: Middleware): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: unknown) {
      if (typeof value !== 'string') throw new Error(`security header ${name}: expected a string, got ${typeof value}`);
      headers.set(name.toLowerCase(), value);
      return recorder;
    },
    // helmet's hidePoweredBy: neither Node nor Fastify sets X-Powered-By, so there is nothing to remove.
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
    getHeader: (name: string) => headers.get(name.toLowerCase()),
    hasHeader: (name: string) => headers.has(name.toLowerCase()),
  };
  let done = false;
  middleware({ headers: {}, method: 'GET', url: '/' } as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error(String(err));
    done = true;
  });
  // A middleware that answers later (an async step, a per-request nonce) cannot be reduced to one set.
  if (!done) throw new Error('security headers: the middleware did not finish synchronously');
  return Object.freeze([...headers].map(([name, value]) => Object.freeze([name, value] as const)));
}

/**
 * The `onRequest` hook that puts the headers on every reply: one object built once, handed to Fastify's
 * `reply.headers` (its public API; no internal store is touched).
 */
export function securityHeadersHook(headers: ReadonlyArray<readonly [string, string]>): onRequestHookHandler {
  const all: Record<string, string> = Object.fromEntries(headers);
  if ('set-cookie' in all) throw new Error('security headers: set-cookie cannot be a fixed header');
  return (_req, reply, done) => {
    reply.headers(all);
    done();
  };
}
