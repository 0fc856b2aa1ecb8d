import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
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
 *
 * An answer of `COMPRESS_FROM` bytes or more is also kept compressed (brotli and gzip, made once when it is
 * loaded: brotli at `BROTLI_QUALITY`, gzip at level 9), and each request gets the variant its
 * Accept-Encoding prefers (`negotiate`: @fastify/compress's choice, brotli first), with `Vary: Accept-Encoding`
 * on every variant; @fastify/compress leaves an answer that already has a Content-Encoding alone, so a kept
 * answer is never compressed per request. Each variant has its own ETag (the plain one with `-br` or `-gz`
 * before the closing quote: a strong tag names one representation); an If-None-Match naming any of an
 * answer's tags gets a 304 carrying the tag of the variant this request would get.
 */
type Variant = { body: Buffer; etag: string; headers: Record<string, string> };
type Entry = Variant & { etags: readonly string[]; br: Variant | null; gzip: Variant | null };
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

/** Whether an If-None-Match header names one of `tags` (or `*`); a weak tag (W/) names its strong one. */
const matches = (header: string, tags: readonly string[]): boolean =>
  header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tags.includes(tag.replace(/^W\//, ''));
  });

/** Fastify's own content type for a serialized JSON answer. */
const JSON_TYPE = 'application/json; charset=utf-8';

/** The smallest answer kept compressed too (@fastify/compress's threshold in app.ts: smaller ones go out as they are). */
export const COMPRESS_FROM = 1024;
/**
 * Brotli's quality for a kept answer: 5 makes the 6 kB agreement document 2,045 bytes in ~1 ms (about what one
 * request's on-the-fly compression cost before), where 11 makes it 1,769 bytes in ~23 ms. A kept answer is made
 * again after every invalidation and once per employer search text a visitor types, so its making stays cheap.
 */
const BROTLI_QUALITY = 5;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * The content coding an Accept-Encoding header asks for among brotli and gzip, as @fastify/compress
 * (@fastify/accept-negotiator) chooses: the highest q wins, brotli on a tie; `*` and `x-gzip` name gzip,
 * as the plugin reads them; q=0 refuses; none of them (or no header): null, the plain bytes.
 * Browsers send a handful of distinct headers: each answer is remembered (at most `NEGOTIATED_MAX`).
 */
export function negotiate(header: string | undefined): 'br' | 'gzip' | null {
  if (header === undefined) return null;
  let known = negotiated.get(header);
  if (known === undefined) {
    known = negotiateNow(header);
    if (negotiated.size >= NEGOTIATED_MAX) negotiated.clear();
    negotiated.set(header, known);
  }
  return known;
}
const negotiated = new Map<string, 'br' | 'gzip' | null>();
const NEGOTIATED_MAX = 256;
function negotiateNow(header: string): 'br' | 'gzip' | null {
  const text = header.toLowerCase().trim();
  let best: 'br' | 'gzip' | null = null;
  let bestQ = 0;
  for (const part of text.split(',')) {
    const [token = '', ...params] = part.split(';').map((p) => p.trim());
    const coding = token === 'br' ? 'br' : token === 'gzip' || token === 'x-gzip' || token === '*' ? 'gzip' : null;
    if (coding === null) continue;
    const qParam = params.find((p) => /^q\s*=/.test(p));
    const q = qParam === undefined ? 1 : Number.parseFloat(qParam.replace(/^q\s*=\s*/, '')) || 0;
    if (q <= 0) continue;
    if (q > bestQ || (q === bestQ && coding === 'br')) {
      best = coding;
      bestQ = q;
    }
  }
  return best;
}

/** The answer as kept: its bytes, their tag and headers, and (from `COMPRESS_FROM` bytes) its brotli and gzip variants. */
async function keptEntry(body: Buffer): Promise<Entry> {
  const etag = etagOf(body);
  const plain = { etag, 'cache-control': 'no-cache', 'content-type': JSON_TYPE };
  if (body.length < COMPRESS_FROM) return { body, etag, headers: plain, etags: [etag], br: null, gzip: null };
  const [brBody, gzBody] = await Promise.all([
    brotli(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
    gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  const variant = (bytes: Buffer, coding: 'br' | 'gzip', suffix: string): Variant => {
    const tag = `${etag.slice(0, -1)}-${suffix}"`;
    return { body: bytes, etag: tag, headers: { ...plain, etag: tag, 'content-encoding': coding, vary: 'accept-encoding' } };
  };
  const br = variant(brBody, 'br', 'br');
  const gz = variant(gzBody, 'gzip', 'gz');
  return { body, etag, headers: { ...plain, vary: 'accept-encoding' }, etags: [etag, br.etag, gz.etag], br, gzip: gz };
}

/**
 * Sends a kept answer in the coding the request prefers: 304 with no body when the client's If-None-Match
 * names any of the answer's tags, else the bytes.
 */
function sendKept(req: FastifyRequest, reply: FastifyReply, entry: Entry): FastifyReply {
  const coding = entry.br === null ? null : negotiate(req.headers['accept-encoding']);
  const variant: Variant = coding === 'br' ? entry.br! : coding === 'gzip' ? entry.gzip! : entry;
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch !== undefined && matches(ifNoneMatch, entry.etags)) {
    reply.header('etag', variant.etag).header('cache-control', 'no-cache');
    if (entry.br !== null) reply.header('vary', 'accept-encoding');
    return reply.code(304).send();
  }
  return reply.headers(variant.headers).send(variant.body);
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
    const made = load().then((value) => keptEntry(Buffer.from(serialize(value))));
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
