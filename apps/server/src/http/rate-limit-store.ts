import { Redis } from 'ioredis';
import type { Config } from '../config';
import { hashToken } from '../lib/tokens';
import type { PlatformRepository, RateLimitCount } from '../modules/platform/repository';

/**
 * Where the per-IP route limits (@fastify/rate-limit, RATE_LIMITS in lib/access-limits.ts) count.
 * A fixed window per key: the first hit opens a window of `windowMs`, later hits in it add one, the first
 * hit after it opens a new one. Behind several instances the count must be shared, or an address gets N
 * times the budget: Redis (REDIS_URL) or PostgreSQL; one process on the embedded database counts in memory.
 */
export interface RateLimitCounter {
  readonly kind: 'memory' | 'database' | 'redis';
  /** Counts one hit; answers the count in the current window and its remaining milliseconds. */
  hit(key: string, windowMs: number): Promise<RateLimitCount>;
  /** The count as it stands, counting nothing (0 when there is no live window). */
  read(key: string): Promise<RateLimitCount>;
  close(): Promise<void>;
}

/** One process: a map, swept of expired windows once a minute, or sooner when it holds 50,000 keys. */
export function memoryCounter(now: () => number = Date.now): RateLimitCounter {
  const windows = new Map<string, { hits: number; expiresAt: number }>();
  let sweptAt = now();
  return {
    kind: 'memory',
    hit: (key, windowMs) => {
      const t = now();
      if (t - sweptAt > 60_000 || windows.size > 50_000) {
        for (const [k, w] of windows) if (w.expiresAt <= t) windows.delete(k);
        sweptAt = t;
      }
      let w = windows.get(key);
      if (!w || w.expiresAt <= t) {
        w = { hits: 0, expiresAt: t + windowMs };
        windows.set(key, w);
      }
      w.hits += 1;
      return Promise.resolve({ hits: w.hits, ttlMs: w.expiresAt - t });
    },
    read: (key) => {
      const t = now();
      const w = windows.get(key);
      return Promise.resolve(w && w.expiresAt > t ? { hits: w.hits, ttlMs: w.expiresAt - t } : { hits: 0, ttlMs: 0 });
    },
    close: () => Promise.resolve(),
  };
}

/** PostgreSQL (table rate_limit_counters): one upsert per hit; expired rows swept once a minute per instance. */
export function databaseCounter(repo: Pick<PlatformRepository, 'hitRateLimit' | 'readRateLimit' | 'sweepRateLimits'>): RateLimitCounter {
  let sweptAt = Date.now();
  return {
    kind: 'database',
    hit: async (key, windowMs) => {
      if (Date.now() - sweptAt > 60_000) {
        sweptAt = Date.now();
        // Housekeeping only: a failed sweep is retried next minute and never fails the request.
        repo.sweepRateLimits().catch(() => undefined);
      }
      return repo.hitRateLimit(key, windowMs);
    },
    read: (key) => repo.readRateLimit(key),
    close: () => Promise.resolve(),
  };
}

// INCR, and a new key gets its window (PEXPIRE) in the same atomic script; answers {count, PTTL}.
const HIT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {n, ttl}`;

/** Redis: one script call per hit (INCR + PEXPIRE, atomic); keys expire on their own. */
export function redisCounter(url: string, prefix = 'payrail:rl:'): RateLimitCounter {
  // Fail fast instead of queueing requests while Redis is away: the limit answers an error, not a hang.
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false });
  redis.on('error', () => undefined); // reported per command; the client reconnects by itself
  redis.defineCommand('payrailHit', { numberOfKeys: 1, lua: HIT });
  const hitCmd = (redis as unknown as { payrailHit(key: string, windowMs: number): Promise<[number, number]> }).payrailHit.bind(redis);
  return {
    kind: 'redis',
    hit: async (key, windowMs) => {
      const [hits, ttlMs] = await hitCmd(prefix + key, windowMs);
      return { hits, ttlMs };
    },
    read: async (key) => {
      const [value, ttl] = await Promise.all([redis.get(prefix + key), redis.pttl(prefix + key)]);
      return value === null || ttl < 0 ? { hits: 0, ttlMs: 0 } : { hits: Number(value), ttlMs: ttl };
    },
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

export function createRateLimitCounter(config: Config, repo: PlatformRepository): RateLimitCounter {
  if (config.rateLimit.store === 'redis' && config.rateLimit.redisUrl) return redisCounter(config.rateLimit.redisUrl);
  if (config.rateLimit.store === 'database') return databaseCounter(repo);
  return memoryCounter();
}

type StoreResult = { current: number; ttl: number };
type StoreCallback = (err: Error | null, res?: StoreResult) => void;

/**
 * The store class @fastify/rate-limit instantiates (its `store` option): each route gets a child whose
 * keys carry the route, and keys are hashed (they hold client addresses) before they reach Redis or the
 * database.
 */
export function rateLimitStore(counter: RateLimitCounter) {
  class SharedStore {
    readonly prefix: string;
    constructor(_globalParams?: unknown, prefix = '') {
      this.prefix = prefix;
    }
    incr(key: string, cb: StoreCallback, timeWindow: number): void {
      counter.hit(hashToken(this.prefix + key), timeWindow).then(
        (r) => cb(null, { current: r.hits, ttl: r.ttlMs }),
        (err: unknown) => cb(err instanceof Error ? err : new Error(String(err))),
      );
    }
    read(key: string, cb: StoreCallback): void {
      counter.read(hashToken(this.prefix + key)).then(
        (r) => cb(null, { current: r.hits, ttl: r.ttlMs }),
        (err: unknown) => cb(err instanceof Error ? err : new Error(String(err))),
      );
    }
    // At run time the plugin passes the route's merged limit options with the route under `routeInfo`.
    child(routeOptions: object): SharedStore {
      const info = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      const method = Array.isArray(info.method) ? info.method.join(',') : (info.method ?? '');
      return new SharedStore(undefined, `${this.prefix}${method} ${info.url ?? ''}|`);
    }
  }
  return SharedStore;
}
