// The embedded database (PGlite) in a worker thread: PostgreSQL compiled to WebAssembly runs on this
// thread, so its CPU time no longer blocks the server's event loop. Plain JavaScript on purpose: it runs
// as is under tsx, vitest and the built bundle. The main thread's side is `pgliteInWorker` in client.ts;
// messages: query / exec (optionally inside an open transaction), begin / end of a transaction, close.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { preparedStatements } from './pglite-prepared.mjs';

const port = parentPort;
if (!port) throw new Error('pglite-worker.mjs runs as a worker thread');

// drizzle-orm's PGlite driver asks for these types as the raw text (it parses them itself).
const identity = (value) => value;
const RAW = {
  parsers: Object.fromEntries([types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [oid, identity])),
};

const dataDir = workerData?.dataDir;
const db = dataDir ? new PGlite(dataDir) : new PGlite();
// Each data statement prepared once per text, as on the main thread (client.ts `pglitePrepared`).
const statements = preparedStatements(db);

/** Error fields the server reads (SQLSTATE, constraint…) survive the trip, not only the message. */
function serialise(err) {
  if (!(err instanceof Error)) return { message: String(err) };
  const out = { message: err.message, name: err.name, stack: err.stack };
  for (const key of ['code', 'constraint', 'detail', 'hint', 'table', 'column', 'schema', 'severity', 'position', 'where', 'routine']) {
    if (err[key] !== undefined) out[key] = err[key];
  }
  return out;
}

const open = new Map(); // transaction id → { tx, end(commit), done }
let nextTx = 1;
const ROLLBACK = Symbol('rollback');

const runner = (txId) => {
  if (txId === undefined) return db;
  const t = open.get(txId);
  if (!t) throw new Error(`transaction ${String(txId)} is not open`);
  return t.tx;
};

async function handle(msg) {
  switch (msg.op) {
    case 'ready':
      await db.waitReady;
      return null;
    case 'query': {
      const tx = msg.tx === undefined ? undefined : runner(msg.tx);
      const r = await statements.query(msg.sql, msg.params, { rowMode: msg.rowMode, ...(msg.raw ? RAW : {}) }, tx);
      return { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows };
    }
    case 'exec':
      try {
        return (await runner(msg.tx).exec(msg.sql)).map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }));
      } finally {
        statements.forgetAll(); // DDL may have changed what a prepared statement answers
      }
    case 'begin': {
      // The transaction stays open on this thread until the main thread sends `end`; meanwhile its
      // queries arrive with its id. PGlite runs one transaction at a time and queues other statements.
      const txId = nextTx++;
      const entry = { tx: undefined, end: undefined, done: undefined };
      const ended = new Promise((resolve) => (entry.end = resolve));
      let opened;
      const isOpen = new Promise((resolve) => (opened = resolve));
      entry.done = db.transaction(async (tx) => {
        entry.tx = tx;
        opened();
        if (!(await ended)) throw ROLLBACK;
      });
      open.set(txId, entry);
      try {
        // A BEGIN that fails rejects `done` before the transaction opens: answer that error.
        await Promise.race([isOpen, entry.done]);
      } catch (err) {
        open.delete(txId);
        throw err;
      }
      return { tx: txId };
    }
    case 'end': {
      const t = open.get(msg.tx);
      if (!t) throw new Error(`transaction ${String(msg.tx)} is not open`);
      t.end(msg.commit);
      try {
        await t.done;
      } catch (err) {
        if (err !== ROLLBACK) throw err;
      } finally {
        open.delete(msg.tx);
      }
      return null;
    }
    case 'close':
      await db.close();
      return null;
    default:
      throw new Error(`unknown operation ${String(msg.op)}`);
  }
}

port.on('message', (msg) => {
  handle(msg).then(
    (result) => port.postMessage({ id: msg.id, ok: true, result }),
    (err) => port.postMessage({ id: msg.id, ok: false, error: serialise(err) }),
  );
});
