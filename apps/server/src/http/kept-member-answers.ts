import { utcDay } from '@payrail/domain/dates';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, preSerializationHookHandler } from 'fastify';
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
 * An answer is kept for (session token hash, URL) with the versions and the UTC day it was read under; it is
 * sent again only while the session read finds the same versions on the same day (a hit maps the session's columns
 * only: the member comes as one JSON text column, parsed on a miss). The session's own rules
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
type Entry = { key: string; body: Buffer };
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

/** The live session with its versions: on the embedded database reused while nothing was written. */
async function readSession(ctx: AppContext, kept: Kept, tokenHash: string, now: Date): Promise<Found | undefined> {
  const generation = ctx.database.writeGeneration();
  if (generation !== null) {
    const known = kept.sessions.get(tokenHash);
    if (known && known.generation === generation) return known.found.session.expiresAt.getTime() > now.getTime() ? known.found : undefined;
  }
  const found = await ctx.repos.identity.findLiveSessionVersions(tokenHash, now);
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

type Pending = { id: string; key: string };
type WithPending = FastifyRequest & { [KEEP]?: Pending };

function keptHook(ctx: AppContext): onRequestHookHandler {
  const kept = keptOf(ctx);
  return (req, reply, done) => {
    if (req.method !== 'GET') return done();
    const token = tokenFromHeader(req.headers.authorization);
    if (!token) return done(); // the route's own path answers (its 401)
    const now = ctx.now();
    const tokenHash = hashToken(token);
    readSession(ctx, kept, tokenHash, now)
      .then(async (found) => {
        if (!found) return false; // no live session: the route's own path answers (its 401)
        const vetted = await vetSession(ctx, found, now);
        const miss = () => {
          req.signedIn = { member: vetted.member(), session: vetted.session }; // the member's columns are read on a miss only
          return false;
        };
        if (vetted.memberVersion === null || vetted.dataVersion === null) return miss(); // no versions: nothing is kept
        const id = `${tokenHash} ${req.url}`;
        const key = `${vetted.memberVersion} ${vetted.dataVersion} ${utcDay(now)}`;
        const entry = kept.answers.get(id);
        if (entry && entry.key === key) {
          kept.answers.delete(id); // most recently used last
          kept.answers.set(id, entry);
          reply.code(200).header('content-type', JSON_TYPE).send(entry.body);
          return true;
        }
        (req as WithPending)[KEEP] = { id, key };
        return miss();
      })
      .then(
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
      remember(kept, pending.id, { key: pending.key, body: Buffer.from(text) });
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
    route.onRequest = [Object.assign(keptHook(ctx), { [HOOKED]: true }), ...own];
    const serialization = route.preSerialization === undefined ? [] : Array.isArray(route.preSerialization) ? route.preSerialization : [route.preSerialization];
    route.preSerialization = [...serialization, keepHook(ctx) as never];
  });
}
