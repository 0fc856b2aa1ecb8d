import { utcDay } from '@payrail/domain/dates';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, preSerializationHookHandler } from 'fastify';
import type { AppContext } from '../context';
import { hashToken, tokenFromHeader } from '../lib/tokens';
import { vetSession } from '../modules/identity/use-cases/authenticate';

/**
 * Kept answers of a signed-in page (docs/architecture.md, "Kept answers of a signed-in page"; issue #29).
 *
 * A route with `config: { keptAnswer: true }` (a GET whose 200 answer is a function of the member's data, the
 * shared data and the business date only) is answered, when it can be, from the bytes it sent last time, after
 * ONE statement: the session read by its token hash, which also returns the member's data version
 * (`member_versions`) and the global one (`data_versions`). Triggers move those versions in the same
 * transaction as every write to a table the kept routes read (migration 0042; `test/kept-answers.int.test.ts`
 * checks every table such a route reads has them), so a version seen means every write before it is seen too.
 *
 * An answer is kept for (session token hash, URL; the route's path for a route that reads no query string) with the
 * versions and the UTC day it was read under; it is sent again only while the session read finds the same versions
 * on the same day. The read is handed the versions of the answer held for that URL: while the data has them it reads
 * the session and the versions alone; otherwise (a miss) it also returns the member as one JSON text column, parsed
 * then. The session's own rules
 * (idle time, the once-a-minute touch: `vetSession`) run on every request, hit or miss. A miss sets
 * `req.signedIn` from that same read (the borrower-session guard then reads nothing) and runs the route as
 * before; its 200 answer is written by the route's own serializer and kept. Anything else (a 401, a 404, an
 * error) is never kept. Two instances each keep their own answers; both read the versions from the database,
 * so neither can send an answer older than the data.
 *
 * The versions are read BEFORE the answer's own statements: an answer kept under versions V holds data at least
 * as new as V (a write that commits in between makes it newer, never older), and the next request that sees a
 * later version reads again.
 *
 * On the embedded database (`writeGeneration` not null: one process, every write counted) the session read itself
 * is reused while nothing was written: a hit then sends no statement at all (its absolute expiry is checked
 * again here, the idle time by `vetSession`).
 *
 * One map per app, at most `MAX_ENTRIES` answers and `MAX_BYTES` bytes, the least recently used forgotten first.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's 200 answer may be kept per session and data version (http/kept-member-answers.ts). */
    keptAnswer?: boolean;
  }
}

type Found = NonNullable<Awaited<ReturnType<AppContext['repos']['identity']['findLiveSessionVersions']>>>;
/** An answer as sent, with the versions and the UTC day it was read under. */
type Entry = { memberVersion: string; dataVersion: string; day: string; body: Buffer };
type Kept = {
  answers: Map<string, Entry>;
  bytes: number;
  /** Embedded database only: the session reads made while the write generation was `generation`. */
  sessions: Map<string, { generation: number; found: Found }>;
};

const MAX_ENTRIES = 20_000;
const MAX_BYTES = 64 * 1024 * 1024;
const MAX_SESSIONS = 10_000;
const JSON_TYPE = 'application/json; charset=utf-8';
const KEEP = Symbol('kept answer to store');
const HOOKED = Symbol('kept answer hook');

const keptByApp = new WeakMap<AppContext, Kept>();
function keptOf(ctx: AppContext): Kept {
  let kept = keptByApp.get(ctx);
  if (!kept) keptByApp.set(ctx, (kept = { answers: new Map(), bytes: 0, sessions: new Map() }));
  return kept;
}

/**
 * The live session with its versions: on the embedded database reused while nothing was written. `held`: the
 * answer this request could send, whose versions the read compares with the data's (the member is read only when
 * they differ). A reused read must serve any URL of the session, so on the embedded database the member is always read.
 */
async function readSession(ctx: AppContext, kept: Kept, tokenHash: string, now: Date, held: Entry | undefined): Promise<Found | undefined> {
  const generation = ctx.database.writeGeneration();
  if (generation !== null) {
    const known = kept.sessions.get(tokenHash);
    if (known && known.generation === generation) return known.found.session.expiresAt.getTime() > now.getTime() ? known.found : undefined;
  }
  const found = await ctx.repos.identity.findLiveSessionVersions(tokenHash, now, generation === null ? (held ?? null) : null);
  if (generation !== null && found) {
    if (kept.sessions.size >= MAX_SESSIONS) kept.sessions.clear();
    kept.sessions.set(tokenHash, { generation, found });
  }
  return found;
}

function remember(kept: Kept, id: string, entry: Entry): void {
  const old = kept.answers.get(id);
  if (old) {
    kept.answers.delete(id);
    kept.bytes -= old.body.length;
  }
  if (entry.body.length > MAX_BYTES / 16) return;
  kept.answers.set(id, entry);
  kept.bytes += entry.body.length;
  for (const [oldest, e] of kept.answers) {
    if (kept.answers.size <= MAX_ENTRIES && kept.bytes <= MAX_BYTES) break;
    kept.answers.delete(oldest);
    kept.bytes -= e.body.length;
  }
}

/** Forgets every kept answer of this app (tests; an operator never needs it: versions move by themselves). */
export function forgetKeptMemberAnswers(ctx: AppContext): void {
  const kept = keptOf(ctx);
  kept.answers.clear();
  kept.sessions.clear();
  kept.bytes = 0;
}

/** How many answers this app keeps now (tests). */
export const keptMemberAnswerCount = (ctx: AppContext): number => keptOf(ctx).answers.size;

type Pending = { id: string; memberVersion: string; dataVersion: string; day: string };
type WithPending = FastifyRequest & { [KEEP]?: Pending };

/**
 * Sends the kept answer of this request when the data still has the versions it was read under (true); otherwise
 * (false) sets `req.signedIn` from the same read, and marks the answer to keep when the versions are known. A request
 * without a live session is left to the route's own path (its 401).
 */
async function sendKept(ctx: AppContext, kept: Kept, req: FastifyRequest, reply: FastifyReply, token: string, path: string | null): Promise<boolean> {
  const now = ctx.now();
  const tokenHash = hashToken(token);
  const id = `${tokenHash} ${path ?? req.url}`;
  const day = utcDay(now);
  // The answer is taken before the read: the one sent is the one whose versions the read compared (a newer one
  // kept meanwhile by another request is for the next).
  const entry = kept.answers.get(id);
  const held = entry !== undefined && entry.day === day ? entry : undefined;
  const found = await readSession(ctx, kept, tokenHash, now, held);
  if (!found) return false;
  const vetted = await vetSession(ctx, found, now);
  const { memberVersion, dataVersion } = vetted;
  if (held && memberVersion === held.memberVersion && dataVersion === held.dataVersion) {
    if (kept.answers.get(id) === held) {
      kept.answers.delete(id); // most recently used last
      kept.answers.set(id, held);
    }
    reply.code(200).header('content-type', JSON_TYPE).send(held.body);
    return true;
  }
  req.signedIn = { member: vetted.member(), session: vetted.session }; // the member's columns are read on a miss only
  if (memberVersion !== null && dataVersion !== null) (req as WithPending)[KEEP] = { id, memberVersion, dataVersion, day }; // no versions: nothing is kept
  return false;
}

/**
 * `path`: the route's path when its handler reads no query string (no querystring schema): its answers are kept by
 * that path, so a query string a client adds (a cache buster) neither misses nor crowds the map with copies. Null:
 * kept by the whole URL (another query string is another answer, validated as before).
 */
function keptHook(ctx: AppContext, path: string | null): onRequestHookHandler {
  const kept = keptOf(ctx);
  return (req, reply, done) => {
    if (req.method !== 'GET') return done();
    const token = tokenFromHeader(req.headers.authorization);
    if (!token) return done(); // the route's own path answers (its 401)
    sendKept(ctx, kept, req, reply, token, path).then(
      (sent) => {
        if (!sent) done();
      },
      (err: Error) => done(err),
    );
  };
}

function keepHook(ctx: AppContext): preSerializationHookHandler<unknown> {
  const kept = keptOf(ctx);
  return (req, reply, payload, done) => {
    const pending = (req as WithPending)[KEEP];
    if (pending && reply.statusCode === 200) {
      const write = reply.getSerializationFunction('200');
      const text = write ? write(payload as Record<string, unknown>) : (reply.serialize(payload) as string);
      remember(kept, pending.id, { memberVersion: pending.memberVersion, dataVersion: pending.dataVersion, day: pending.day, body: Buffer.from(text) });
    }
    done(null, payload);
  };
}

/**
 * Puts the kept-answer hooks on every route with `config.keptAnswer` as it is registered: its first `onRequest`
 * hook (before the borrower-session guard, which then finds `req.signedIn` set) and a `preSerialization` hook
 * that keeps a 200 answer. Register after the borrower-session guard and before the routes.
 */
export function registerKeptMemberAnswers(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onRoute', (route) => {
    if (route.config?.keptAnswer !== true) return;
    const own = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    if (own.some((hook) => HOOKED in hook)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.some((m) => m !== 'GET' && m !== 'HEAD')) throw new Error(`${route.url}: a kept answer is for a GET`);
    const path = route.schema?.querystring === undefined ? route.url : null;
    route.onRequest = [Object.assign(keptHook(ctx, path), { [HOOKED]: true }), ...own];
    const serialization = route.preSerialization === undefined ? [] : Array.isArray(route.preSerialization) ? route.preSerialization : [route.preSerialization];
    route.preSerialization = [...serialization, keepHook(ctx) as never];
  });
}
