import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseCounter, memoryCounter, redisCounter } from '../src/http/rate-limit-store';
import type { RateLimitCounter } from '../src/http/rate-limit-store';
import { platformRepository } from '../src/modules/platform/repository';
import { testApp, testDatabase, uniqueEmail } from './test-app';

/**
 * The per-IP route limits count in a store every instance shares (issue #11, docs/deployment.md):
 * PostgreSQL (this worker's database: PGlite, or PostgreSQL with TEST_DB=postgres) and Redis (REDIS_URL,
 * default redis://127.0.0.1:6379; skipped only when no Redis answers there — CI runs one).
 */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.write('PING\r\n');
    });
    socket.once('data', (d) => {
      socket.destroy();
      resolve(d.toString().startsWith('+PONG'));
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}
const redisUp = await redisAnswers(REDIS_URL);
if (!redisUp) console.warn(`rate-limit-store: no Redis answers at ${REDIS_URL}; the Redis backend is skipped`);

const unique = (label: string) => `test:${label}:${Date.now().toString(36)}:${Math.random().toString(36).slice(2)}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const opened: RateLimitCounter[] = [];
afterAll(async () => {
  await Promise.all(opened.map((c) => c.close()));
});

type Backend = { name: string; skip: boolean; make: () => Promise<RateLimitCounter> };
const backends: Backend[] = [
  { name: 'memory', skip: false, make: () => Promise.resolve(memoryCounter()) },
  { name: 'database', skip: false, make: async () => databaseCounter(platformRepository((await testDatabase()).db)) },
  {
    name: 'redis',
    skip: !redisUp,
    make: () => {
      const c = redisCounter(REDIS_URL, 'payrail-test:rl:');
      opened.push(c);
      return Promise.resolve(c);
    },
  },
];

describe.each(backends)('rate-limit counter: $name', ({ name, skip, make }) => {
  it.skipIf(skip)('counts hits in one window, reads without counting, and starts again after the window', async () => {
    const c = await make();
    const key = unique(name);
    expect(await c.read(key)).toEqual({ hits: 0, ttlMs: 0 });
    const first = await c.hit(key, 60_000);
    expect(first.hits).toBe(1);
    expect(first.ttlMs).toBeGreaterThan(0);
    expect(first.ttlMs).toBeLessThanOrEqual(60_000);
    expect((await c.hit(key, 60_000)).hits).toBe(2);
    expect((await c.read(key)).hits).toBe(2);
    expect((await c.read(key)).hits).toBe(2);
    // Another key is another count.
    expect((await c.hit(`${key}:other`, 60_000)).hits).toBe(1);
    // A short window runs out (however slow the machine: only the wait must outlast it).
    const short = `${key}:short`;
    expect((await c.hit(short, 300)).hits).toBe(1);
    await sleep(700);
    expect((await c.read(short)).hits).toBe(0);
    expect((await c.hit(short, 300)).hits).toBe(1);
  });

  it.skipIf(skip)('loses no hit under 40 concurrent hits', async () => {
    const c = await make();
    const key = unique(name);
    const counts = (await Promise.all(Array.from({ length: 40 }, () => c.hit(key, 60_000)))).map((r) => r.hits).sort((a, b) => a - b);
    expect(counts).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it.skipIf(skip || name === 'memory')('two instances (two counters on one store) share the count', async () => {
    const a = await make();
    const b = await make();
    const key = unique(name);
    await a.hit(key, 60_000);
    await b.hit(key, 60_000);
    await a.hit(key, 60_000);
    expect((await b.hit(key, 60_000)).hits).toBe(4);
    expect((await a.read(key)).hits).toBe(4);
  });
});

describe('the per-IP route limit across two app instances', () => {
  const stores = [
    { store: 'database' as const, skip: false },
    { store: 'redis' as const, skip: !redisUp },
  ];
  it.each(stores)('$store: one address gets the route budget (login: 10 a minute) once, not once per instance', async ({ store, skip }) => {
    if (skip) return;
    const config = { rateLimit: { store, redisUrl: store === 'redis' ? REDIS_URL : undefined } };
    const a = await testApp({ config });
    const b = await testApp({ config });
    try {
      // A fresh address per run: counts of earlier runs (same database or Redis) never interfere.
      const randomIp = () =>
        `10.${String(Math.floor(Math.random() * 250))}.${String(Math.floor(Math.random() * 250))}.${String(1 + Math.floor(Math.random() * 250))}`;
      const ip = randomIp();
      const login = (app: typeof a, from: string) =>
        app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { application_member: { email: uniqueEmail('rl'), password: 'wrong-password-1' } },
          remoteAddress: from,
        });
      const codes: number[] = [];
      for (let i = 0; i < 7; i++) {
        for (const app of [a, b]) {
          codes.push((await login(app, ip)).statusCode);
        }
      }
      expect(codes.slice(0, 10).every((c) => c !== 429)).toBe(true);
      expect(codes.slice(10)).toEqual([429, 429, 429, 429]);
      // Another address is not limited.
      expect((await login(b, randomIp())).statusCode).not.toBe(429);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('Redis unreachable', () => {
  it('the limited routes still answer (the per-IP limit is skipped), never a 500', async () => {
    const app = await testApp({ config: { rateLimit: { store: 'redis', redisUrl: 'redis://127.0.0.1:1' } } });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { application_member: { email: uniqueEmail('rl-down'), password: 'wrong-password-1' } },
        remoteAddress: '10.250.250.1',
      });
      expect(res.statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});
