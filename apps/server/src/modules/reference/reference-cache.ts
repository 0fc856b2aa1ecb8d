import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';

/**
 * Public reference data (states, loan purposes, the employer search, agreement documents) served from
 * memory: each answer is read once per URL and kept, with an ETag (a hash of its content) and
 * `Cache-Control: no-cache`, so a browser revalidates and gets a 304 when nothing changed. The data
 * changes only through the seed (before the app starts) and the app's own employer writes, which call
 * `invalidateReferenceData` once they commit (a reviewer-accepted employer joins the search; a typed-in one
 * is hidden but invalidates too).
 *
 * On PostgreSQL other instances write too: the invalidation is a NOTIFY on `CHANNEL` and every instance
 * LISTENs on its own connection (`Database.listen`). Answers are kept only while that connection is up;
 * before it is, or after it is lost, each request reads the database as before (and the connection is
 * tried again, at most every `RETRY_MS`). On the embedded database (one process) the call itself clears.
 * One cache per app; at most `MAX_KEYS` answers (search texts are typed by visitors), emptied when full.
 *
 * What is kept is the answer as sent: checked against the route's 200 schema and written once, by the route's
 * own serializer (http/serializer.ts: zod's parse, then the compiled writer), as bytes with their ETag. A
 * kept answer costs a request no zod parse, no JSON writing, no hashing: the bytes go out as they are.
 */
type Entry = { body: Buffer; etag: string };
type Cache = {
  entries: Map<string, Promise<Entry>>;
  /** PostgreSQL: whether kept answers are trustworthy (the LISTEN connection is up). */
  listening: boolean;
  connecting: boolean;
  lastAttempt: number;
  stop: (() => Promise<void>) | null;
  closed: boolean;
};
const MAX_KEYS = 2_000;
const RETRY_MS = 5_000;
const CHANNEL = 'payrail_reference_data';
const cacheByApp = new WeakMap<AppContext, Cache>();

function cacheOf(ctx: AppContext): Cache {
  let cache = cacheByApp.get(ctx);
  if (!cache) cacheByApp.set(ctx, (cache = { entries: new Map(), listening: false, connecting: false, lastAttempt: 0, stop: null, closed: false }));
  return cache;
}

/** Whether answers may be kept now; on PostgreSQL starts (or retries) listening when it is not. */
function keeping(ctx: AppContext, cache: Cache): boolean {
  const { listen } = ctx.database;
  if (!listen) return true; // embedded: this process is the only writer
  if (cache.listening) return true;
  if (!cache.connecting && !cache.closed && Date.now() - cache.lastAttempt >= RETRY_MS) {
    cache.connecting = true;
    cache.lastAttempt = Date.now();
    const forget = () => cache.entries.clear();
    listen(CHANNEL, forget, () => {
      cache.listening = false;
      cache.stop = null;
      forget();
    })
      .then(async (stop) => {
        if (cache.closed) return stop();
        cache.stop = stop;
        cache.listening = true;
      })
      .catch(() => undefined) // tried again on a later request
      .finally(() => {
        cache.connecting = false;
      });
  }
  return false;
}

/** Forgets every kept answer, here and (PostgreSQL) on every instance: call after a write to a reference table commits. */
export async function invalidateReferenceData(ctx: AppContext): Promise<void> {
  // A load still in flight answers its own callers only: it is no longer kept.
  cacheOf(ctx).entries.clear();
  if (ctx.database.listen) await ctx.repos.reference.announce(CHANNEL);
}

/**
 * Whether answers are being kept now (always on the embedded database; on PostgreSQL once the LISTEN
 * connection is up, which the first reference request starts). For tests that count statements.
 */
export function referenceDataKept(ctx: AppContext): boolean {
  return keeping(ctx, cacheOf(ctx));
}

/** Stops listening (the app is closing). */
export async function closeReferenceCache(ctx: AppContext): Promise<void> {
  const cache = cacheOf(ctx);
  cache.closed = true;
  cache.listening = false;
  cache.entries.clear();
  await cache.stop?.();
  cache.stop = null;
}

const etagOf = (body: Buffer) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

const matches = (header: string | undefined, etag: string): boolean =>
  header !== undefined && header.split(',').some((t) => t.trim() === '*' || t.trim().replace(/^W\//, '') === etag);

/** Fastify's own content type for a serialized JSON answer. */
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Answers this request's URL from the kept answer, loaded by `load` on first need (a failure is not kept)
 * and written once by the route's serializer for 200 (its response schema is checked then, not per
 * request). Sets ETag and Cache-Control; answers 304 with no body when the client's If-None-Match names it.
 * The reply is sent here: a route returns what this returns.
 */
export async function keptReference<T>(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, load: () => Promise<T>): Promise<T> {
  const cache = cacheOf(ctx);
  const key = req.url;
  let entry = cache.entries.get(key);
  if (!entry) {
    const routeWriter = reply.getSerializationFunction('200');
    const serialize = (value: unknown): string => (routeWriter ? routeWriter(value as Record<string, unknown>) : (reply.serialize(value) as string));
    const made = load().then((value) => {
      const body = Buffer.from(serialize(value));
      return { body, etag: etagOf(body) };
    });
    if (keeping(ctx, cache)) {
      made.catch(() => {
        if (cache.entries.get(key) === made) cache.entries.delete(key);
      });
      if (cache.entries.size >= MAX_KEYS) cache.entries.clear();
      cache.entries.set(key, made);
    }
    entry = made;
  }
  const { body, etag } = await entry;
  reply.header('etag', etag).header('cache-control', 'no-cache');
  if (matches(req.headers['if-none-match'], etag)) return reply.code(304).send() as never;
  return reply.header('content-type', JSON_TYPE).send(body) as never;
}
