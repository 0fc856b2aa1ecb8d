import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type QueryOptions as PgliteQueryOptions, type Transaction as PgliteTransaction } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { preparedStatements } from './pglite-prepared.mjs';
import * as schema from './schema/index';
import { sqlSpan, tracingActive } from '../lib/tracing';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is under it. Only repositories use it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Embedded mode only: a counter that moves before every statement that may change data is sent (any
   * statement but a plain SELECT) and at the end of every transaction that sent one. A value read before a read was
   * sent and still current afterwards means nothing changed what that read saw: PGlite is one session
   * in this one process (db/lock.ts), runs statements in order, and holds plain statements back while a
   * transaction is open. Null on PostgreSQL, where other instances write: nothing may be cached on it.
   */
  writeGeneration(): number | null;
  /**
   * PostgreSQL only (undefined on PGlite, one process): a connection of its own that LISTENs on `channel`
   * (lower-case letters and underscores) and calls `onMessage` for each NOTIFY, `onLost` if the connection
   * ends or fails (nothing is heard after that). Answers the function that stops listening.
   */
  listen?(channel: string, onMessage: () => void, onLost: () => void): Promise<() => Promise<void>>;
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../drizzle');

type WorkerResult = { rows: unknown[]; fields: unknown[]; affectedRows?: number };
type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: unknown };
/** What drizzle-orm's PGlite driver and migrator call on a client. */
type PgliteLike = {
  query(sql: string, params?: unknown[], opts?: QueryOptions): Promise<WorkerResult>;
  exec(sql: string): Promise<WorkerResult[]>;
  transaction<T>(fn: (tx: PgliteLike) => Promise<T>): Promise<T>;
};

/**
 * PGlite in a worker thread (db/pglite-worker.mjs): the same client surface drizzle uses (query, exec,
 * transaction), each call a message. A transaction stays open on the worker while `fn` runs here; its
 * statements carry its id. Errors come back with their SQLSTATE and constraint, as PGlite's own do.
 */
export async function pgliteInWorker(dataDir: string | undefined): Promise<PgliteLike & { close(): Promise<void> }> {
  const worker = new Worker(path.join(import.meta.dirname, 'pglite-worker.mjs'), { workerData: { dataDir } });
  let nextId = 1;
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: unknown): void }>();
  let dead: Error | undefined;
  worker.on('message', (m: { id: number; ok: boolean; result?: unknown; error?: Record<string, unknown> & { message: string } }) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.ok) p.resolve(m.result);
    else p.reject(Object.assign(new Error(m.error!.message), m.error));
  });
  const fail = (err: Error) => {
    dead = err;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the PGlite worker exited (${String(code)})`)));
  const send = <T>(msg: Record<string, unknown>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (dead) return reject(dead);
      const id = nextId++;
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ ...msg, id });
    });

  const client = (tx: number | undefined): PgliteLike => ({
    // drizzle passes its own parsers (raw text for dates and intervals); the worker applies the same ones.
    query: (sql, params = [], opts = {}) =>
      send<WorkerResult>({ op: 'query', sql, params, rowMode: opts.rowMode ?? 'object', raw: opts.parsers !== undefined, tx }),
    exec: (sql) => send<WorkerResult[]>({ op: 'exec', sql, tx }),
    transaction: async <T>(fn: (t: PgliteLike) => Promise<T>): Promise<T> => {
      if (tx !== undefined) return fn(client(tx)); // drizzle nests with savepoints through query()
      const { tx: id } = await send<{ tx: number }>({ op: 'begin' });
      let result: T;
      try {
        result = await fn(client(id));
      } catch (err) {
        await send({ op: 'end', tx: id, commit: false }).catch(() => undefined);
        throw err;
      }
      await send({ op: 'end', tx: id, commit: true });
      return result;
    },
  });
  await send({ op: 'ready' });
  return {
    ...client(undefined),
    close: async () => {
      if (!dead) await send({ op: 'close' });
      await worker.terminate();
    },
  };
}

/**
 * PGlite on this thread, each data statement prepared once per text (db/pglite-prepared.mjs) instead of parsed
 * and planned on every call; anything else (and `exec`, the migrator's DDL) as PGlite sends it, after which the
 * prepared statements are closed. Transactions are PGlite's own; drizzle nests savepoints through query().
 */
export function pglitePrepared(pg: PGlite): PgliteLike {
  const statements = preparedStatements(pg);
  const on = (tx: PgliteTransaction | undefined): PgliteLike => ({
    query: (sql, params, opts) => statements.query(sql, params, opts as PgliteQueryOptions | undefined, tx) as Promise<WorkerResult>,
    exec: async (sql) => {
      try {
        return (await (tx ?? pg).exec(sql)) as WorkerResult[];
      } finally {
        statements.forgetAll();
      }
    },
    transaction: (fn) => (tx ? fn(on(tx)) : pg.transaction((t) => fn(on(t)))),
  });
  return on(undefined);
}

/**
 * A plain SELECT (what drizzle's reads send) changes no data; anything else may. A row lock (`for
 * update`, a job claim's first step) changes nothing another statement reads.
 */
const READ_ONLY = /^\s*select\s/i;
const MAY_WRITE_IN_SELECT = /\b(nextval|setval|pg_advisory\w*|lo_\w+)\s*\(|\binto\b/i;
export const isPlainRead = (sql: string): boolean => READ_ONLY.test(sql) && !MAY_WRITE_IN_SELECT.test(sql);

/**
 * The client drizzle sees in embedded mode: `client`, with `bump` called before each statement that may
 * write is sent and after each transaction that sent one ends (committed or rolled back), see
 * `Database.writeGeneration`. A transaction of plain reads (a job poll that found nothing) moves nothing:
 * plain statements outside it waited for its end and it changed no data.
 */
function trackWrites(client: PgliteLike, bump: () => void): PgliteLike {
  return {
    query: (sql, params, opts) => {
      if (!isPlainRead(sql)) bump();
      return client.query(sql, params, opts);
    },
    exec: (sql) => {
      bump();
      return client.exec(sql);
    },
    transaction: async (fn) => {
      let wrote = false;
      const mark = () => {
        wrote = true;
        bump();
      };
      try {
        return await client.transaction((tx) => fn(trackWrites(tx, mark)));
      } finally {
        if (wrote) bump();
      }
    },
  };
}

/**
 * The statements drizzle sends on the embedded database, each under a client span when the request or job
 * it serves is traced (lib/tracing.ts `sqlSpan`; text with its placeholders, never the values).
 */
function traceStatements(client: PgliteLike): PgliteLike {
  return {
    query: (sql, params, opts) => sqlSpan('pglite', sql, () => client.query(sql, params, opts)),
    exec: (sql) => client.exec(sql),
    transaction: (fn) => client.transaction((tx) => fn(traceStatements(tx))),
  };
}

type PgQuery = (config: string | { text: string }, values?: unknown, callback?: unknown) => unknown;
const statementText = (config: string | { text: string }) => (typeof config === 'string' ? config : config.text);

/**
 * The one place statements leave for PostgreSQL: drizzle calls `pool.query(config, params)` outside a
 * transaction and `client.query(config, params)` on the client `pool.connect()` answered inside one (both
 * promise forms). Both go under `sqlSpan`. The callback forms are pg's own (pool.query runs on one) and pass.
 */
function traceStatementsOn(pool: pg.Pool): void {
  const poolQuery = pool.query.bind(pool) as unknown as PgQuery;
  const tracedQuery =
    (query: PgQuery): PgQuery =>
    (config, values, callback) =>
      typeof values === 'function' || callback !== undefined
        ? query(config, values, callback)
        : sqlSpan('postgresql', statementText(config), () => query(config, values) as Promise<unknown>);
  (pool as unknown as { query: PgQuery }).query = tracedQuery(poolQuery);
  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<pg.PoolClient> | undefined;
  (pool as unknown as { connect: typeof connect }).connect = (callback?: unknown) => {
    if (callback !== undefined || !tracingActive()) return connect(callback);
    return connect()!.then((client) => {
      const query = tracedQuery(client.query.bind(client) as unknown as PgQuery);
      return new Proxy(client, {
        get: (target, prop) => {
          if (prop === 'query') return query;
          const value: unknown = Reflect.get(target, prop, target);
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        },
      });
    });
  };
}

/**
 * PostgreSQL when a URL is given, otherwise embedded PGlite: on disk under `dataDir`, or in memory
 * when `dataDir` is `memory://` (tests). Both run the same drizzle-kit migrations. `pgliteWorker` runs
 * PGlite in a worker thread (PGLITE_WORKER=true), off the event loop.
 */
export async function openDatabase(opts: { databaseUrl?: string | undefined; dataDir?: string; pgliteWorker?: boolean }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // A connection the server ends while it sits idle in the pool (a restart, a failover, an administrator's
    // terminate, a database dropped at a test's end) is reported on the pool: without a listener the 'error'
    // event would end the process. The pool drops that client and opens another on the next query.
    pool.on('error', (err) => console.error('database: an idle connection was closed by the server:', err.message));
    traceStatementsOn(pool);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      writeGeneration: () => null,
      listen: async (channel, onMessage, onLost) => {
        if (!/^[a-z_]+$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
        const client = new pg.Client({ connectionString: opts.databaseUrl });
        let stopped = false;
        const lost = () => {
          if (!stopped) onLost();
          stopped = true;
        };
        client.on('notification', (m) => {
          if (m.channel === channel) onMessage();
        });
        client.on('error', lost);
        client.on('end', lost);
        try {
          await client.connect();
          await client.query(`listen ${channel}`);
        } catch (err) {
          stopped = true;
          await client.end().catch(() => undefined);
          throw err;
        }
        return async () => {
          stopped = true;
          await client.end().catch(() => undefined);
        };
      },
      migrate: () => migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR }),
      close: () => pool.end(),
    };
  }
  const dir = opts.dataDir ?? 'memory://';
  let pgdata: string | undefined;
  if (dir !== 'memory://') {
    pgdata = path.join(dir, 'pgdata');
    fs.mkdirSync(pgdata, { recursive: true });
  }
  let generation = 0;
  const bump = () => {
    generation++;
  };
  if (opts.pgliteWorker) {
    const client = await pgliteInWorker(pgdata);
    const db = drizzlePglite(trackWrites(traceStatements(client), bump) as never, { schema }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      writeGeneration: () => generation,
      migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
      close: () => client.close(),
    };
  }
  const client = pgdata ? new PGlite(pgdata) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite(trackWrites(traceStatements(pglitePrepared(client)), bump) as never, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    writeGeneration: () => generation,
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
  };
}
