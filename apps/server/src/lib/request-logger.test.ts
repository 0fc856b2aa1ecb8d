import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { accessLine, REDACT_PATHS } from '../app';
import { LazyRequestLogger, lazyChildLoggerFactory } from './request-logger';

/** A pino logger as app.ts makes it, writing into an array. */
function logger(lines: string[]) {
  return pino({ level: 'info', redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, { write: (l: string) => void lines.push(l) });
}
const withoutTime = (line: string) => ({ ...(JSON.parse(line) as Record<string, unknown>), time: 0 });

describe('LazyRequestLogger', () => {
  it('makes no child logger for a request that logs nothing', () => {
    const parent = logger([]);
    const child = vi.spyOn(parent, 'child');
    const lazy = new LazyRequestLogger(parent, { reqId: 'req-1' }, {});
    expect(lazy.level).toBe('info');
    expect(child).not.toHaveBeenCalled();
  });

  it('writes, on first use, the very line the child Fastify would have made writes', () => {
    const lines: string[] = [];
    const parent = logger(lines);
    const lazy = new LazyRequestLogger(parent, { reqId: 'req-7' }, {});
    lazy.warn({ user: { password: 'hunter2' }, n: 1 }, 'something "odd"');
    lazy.debug('not at info');
    parent.child({ reqId: 'req-7' }, {}).warn({ user: { password: 'hunter2' }, n: 1 }, 'something "odd"');
    expect(lines).toHaveLength(2);
    expect(withoutTime(lines[0]!)).toEqual(withoutTime(lines[1]!));
    expect(lines[0]).toContain('[redacted]');
    expect(lines[0]).toContain('"reqId":"req-7"');
    // A level change reaches the child (made then) and nothing else.
    lazy.level = 'debug';
    lazy.debug('now at debug');
    expect(lines).toHaveLength(3);
    expect(parent.level).toBe('info');
  });

  it("is Fastify's request logger: a route's line carries its request id", async () => {
    const lines: string[] = [];
    const app = Fastify({ loggerInstance: logger(lines), childLoggerFactory: lazyChildLoggerFactory, disableRequestLogging: true });
    app.get('/quiet', async () => ({ ok: true }));
    app.get('/loud', async (req) => {
      req.log.info({ step: 'x' }, 'from the route');
      return { ok: true };
    });
    await app.inject({ url: '/quiet' });
    expect(lines).toHaveLength(0);
    await app.inject({ url: '/loud' });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 30, reqId: expect.stringMatching(/^req-/), step: 'x', msg: 'from the route' });
    await app.close();
  });
});

describe('accessLine', () => {
  it("is the line pino writes for the same fields, whatever the strings' characters", () => {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (l: string) => void lines.push(l) });
    const head = `{"level":${pino.levels.values.info},"time":`;
    const cases = [
      { method: 'GET', url: '/api/states', host: 'localhost:80', ip: '127.0.0.1' },
      { method: 'POST', url: '/api/x?q="quoted"&b=back\\slash', host: 'ex\u00e9mple.test', ip: '::ffff:10.0.0.1' },
      { method: 'GET', url: '/api/\u0001ctl\ttab\u2028ls\ud800', host: '', ip: '' },
    ];
    for (const req of cases) {
      lines.length = 0;
      log.info(
        { reqId: 'req-1"', req: { method: req.method, url: req.url, host: req.host, remoteAddress: req.ip }, res: { statusCode: 201 }, responseTime: 1.25 },
        'request completed',
      );
      const ours = accessLine(head, 'req-1"', req, 201, 1.25);
      expect(ours.endsWith('\n')).toBe(true);
      expect(withoutTime(ours)).toEqual(withoutTime(lines[0]!));
      expect(ours.replace(/"time":\d+/, '')).toBe(lines[0]!.replace(/"time":\d+/, ''));
    }
  });
});
