import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
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
 *
 * Once loaded, a kept answer is sent by the route's first `onRequest` hook (`keptAnswerHook`), before the
 * query is validated, the input guard looks at it, or the handler runs: the answer was kept for this very
 * URL, so its query string (all the route reads) was already validated and passed the guard once, and would
 * again. The app-wide hooks (security headers, the 503 gate, metrics, the access line) run as for any request.
 */
type Entry = { body: Buffer; etag: string; headers: Record<string, string> };
type Cache = {
  entries: Map<string, Promise<Entry>>;
  /** The loaded answers of `entries` (what `keptAnswerHook` sends), forgotten with them. */
  ready: Map<string, Entry>;
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
  if (!cache)
    cacheByApp.set(ctx, (cache = { entries: new Map(), ready: new Map(), listening: false, connecting: false, lastAttempt: 0, stop: null, closed: false }));
  return cache;
}

function forgetAll(cache: Cache): void {
  cache.entries.clear();
  cache.ready.clear();
}

/** Whether answers may be kept now; on PostgreSQL starts (or retries) listening when it is not. */
function keeping(ctx: AppContext, cache: Cache): boolean {
  const { listen } = ctx.database;
  if (!listen) return true; // embedded: this process is the only writer
  if (cache.listening) return true;
  if (!cache.connecting && !cache.closed && Date.now() - cache.lastAttempt >= RETRY_MS) {
    cache.connecting = true;
    cache.lastAttempt = Date.now();
    const forget = () => forgetAll(cache);
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
  forgetAll(cacheOf(ctx));
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
  forgetAll(cache);
  await cache.stop?.();
  cache.stop = null;
}

const etagOf = (body: Buffer) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

const matches = (header: string | undefined, etag: string): boolean =>
  header !== undefined && header.split(',').some((t) => t.trim() === '*' || t.trim().replace(/^W\//, '') === etag);

/** Fastify's own content type for a serialized JSON answer. */
const JSON_TYPE = 'application/json; charset=utf-8';

/** Sends a kept answer: 304 with no body when the client's If-None-Match names it, else the bytes. */
function sendKept(req: FastifyRequest, reply: FastifyReply, entry: Entry): FastifyReply {
  if (matches(req.headers['if-none-match'], entry.etag)) return reply.header('etag', entry.etag).header('cache-control', 'no-cache').code(304).send();
  return reply.headers(entry.headers).send(entry.body);
}

/**
 * The `onRequest` hook of a route that answers with `keptReference`: a URL whose answer is loaded and kept
 * is answered here (see above); any other goes on to validation and the handler.
 */
export function keptAnswerHook(ctx: AppContext): onRequestHookHandler {
  const cache = cacheOf(ctx);
  return (req, reply, done) => {
    const entry = cache.ready.get(req.url);
    if (entry === undefined) return done();
    sendKept(req, reply, entry);
  };
}

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
    const made = load().then((value): Entry => {
      const body = Buffer.from(serialize(value));
      const etag = etagOf(body);
      return { body, etag, headers: { etag, 'cache-control': 'no-cache', 'content-type': JSON_TYPE } };
    });
    if (keeping(ctx, cache)) {
      made.then(
        (loaded) => {
          // Still the kept one (not forgotten meanwhile): from now on the route's hook sends it.
          if (cache.entries.get(key) === made) cache.ready.set(key, loaded);
        },
        () => {
          if (cache.entries.get(key) === made) cache.entries.delete(key);
        },
      );
      if (cache.entries.size >= MAX_KEYS) forgetAll(cache);
      cache.entries.set(key, made);
    }
    entry = made;
  }
  return sendKept(req, reply, await entry) as never;
}
