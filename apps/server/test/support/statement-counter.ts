/**
 * Counts the SQL statements the app sends, for the query budgets (test/query-budgets.int.test.ts) and the
 * bench's "queries/req" column. A statement is any SQL that reads or writes data; transaction control
 * (BEGIN, COMMIT, ROLLBACK, SAVEPOINT, RELEASE) is not counted, so both databases count the same work
 * (PGlite opens and ends its transactions without sending them through the client).
 *
 * PostgreSQL: every statement goes through `pg.Client.prototype.query` (pool one-offs and transactions
 * alike). PGlite: the client drizzle holds (the write-tracking wrapper of db/client.ts) is wrapped in
 * place, its transactions' clients too. Counting is process-wide while a `countStatements` runs: measure
 * one request at a time on an app nothing else is using.
 */
import pg from 'pg';
import type { Database } from '../../src/db/client';

const CONTROL = /^\s*(begin|commit|rollback|savepoint|release|start\s+transaction|end)\b/i;

let counting: string[] | null = null;
const note = (text: unknown) => {
  if (!counting) return;
  const sql = typeof text === 'string' ? text : ((text as { text?: string } | null)?.text ?? '');
  if (!CONTROL.test(sql)) counting.push(sql);
};

type QueryFn = (...args: unknown[]) => unknown;
let pgPatched = false;
function patchPg(): void {
  if (pgPatched) return;
  pgPatched = true;
  const proto = pg.Client.prototype as unknown as { query: QueryFn };
  const original = proto.query;
  proto.query = function counted(this: unknown, ...args: unknown[]) {
    note(args[0]);
    return original.apply(this, args);
  };
}

type ClientLike = { query: QueryFn; exec?: QueryFn; transaction?: (fn: (tx: ClientLike) => Promise<unknown>) => Promise<unknown> };
const wrapped = new WeakSet<object>();
function wrapClient(client: ClientLike): ClientLike {
  if (wrapped.has(client)) return client;
  wrapped.add(client);
  const query = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    note(args[0]);
    return query(...args);
  };
  if (client.exec) {
    const exec = client.exec.bind(client);
    client.exec = (...args: unknown[]) => {
      note(args[0]);
      return exec(...args);
    };
  }
  if (client.transaction) {
    const transaction = client.transaction.bind(client);
    client.transaction = (fn) => transaction((tx) => fn(wrapClient(tx)));
  }
  return client;
}

/** Makes `database` countable (idempotent). */
export function instrument(database: Database): void {
  if (database.kind === 'postgres') return patchPg();
  const session = (database.db as unknown as { session: { client: ClientLike } }).session;
  wrapClient(session.client);
}

/** Runs `fn` and answers the statements it sent (their SQL text, in order). */
export async function countStatements(database: Database, fn: () => Promise<unknown>): Promise<string[]> {
  instrument(database);
  if (counting) throw new Error('countStatements does not nest');
  counting = [];
  const seen = counting;
  try {
    await fn();
    return seen;
  } finally {
    counting = null;
  }
}
