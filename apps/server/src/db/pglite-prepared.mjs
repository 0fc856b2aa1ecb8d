// Statements prepared once on the embedded database (PGlite). PGlite's own `query()` sends every statement
// as the unnamed one: Parse (parse, analyse, rewrite), Describe, Bind (plan), Describe, Execute, Sync,
// each its own call into the WebAssembly backend. The loan book's statements cost several times their execution to
// parse and plan, and PGlite is one session: every other request waits meanwhile. Here each statement text is
// parsed once under a name of its own (Parse + Describe, the answer's columns kept); each later call is one
// Bind + Execute + Sync to the backend, and PostgreSQL's plan cache keeps the plan (a generic one once it is
// as cheap as the custom ones, after five runs). Plain JavaScript on purpose: the worker thread
// (pglite-worker.mjs) imports it as is; client.ts on the main thread through pglite-prepared.d.mts.
import { parse, protocol } from '@electric-sql/pglite';

const { serialize } = protocol;

/** At most this many statements stay prepared; the least recently used is closed past it. */
export const MAX_PREPARED = 200;

/**
 * Statements prepared (named): data reads and writes. Anything else goes through PGlite's own query().
 * A prepared statement keeps the columns it answered when prepared and DDL may change them: every statement
 * but these (transaction control, savepoints, settings, reads and locks) closes every prepared statement after it.
 */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\s/i;
const CHANGES_NO_SCHEMA = /^\s*(\(|(begin|start|commit|end|rollback|savepoint|release|set|reset|show|values|explain|lock|listen|unlisten|notify)\b)/i;

/**
 * @param {import('@electric-sql/pglite').PGlite} pg
 */
export function preparedStatements(pg) {
  /** @type {Map<string, { name: string; paramTypes: number[]; columns: unknown }>} statement text → its prepared name; oldest first */
  const prepared = new Map();
  /** @type {string[]} names to close before the next statement */
  let toClose = [];
  let next = 0;
  const counts = { prepares: 0, executes: 0 };

  const forgetAll = () => {
    for (const s of prepared.values()) toClose.push(s.name);
    prepared.clear();
  };

  const noSync = { syncToFs: false };

  /**
   * Runs `text` as a named statement, preparing it first if it is new: one call into the backend with the
   * Close of any statement to drop, [Parse + Describe], Bind, Execute and Sync (PostgreSQL skips to the Sync after
   * an error; PGlite then throws it). The caller holds PGlite's query mutex.
   * @param {string} text
   * @param {unknown[]} params
   * @param {import('@electric-sql/pglite').QueryOptions | undefined} options
   * @param {boolean} inTransaction
   */
  async function run(text, params, options, inTransaction) {
    /** @type {Uint8Array[]} */
    const out = [];
    for (const name of toClose) out.push(serialize.close({ type: 'S', name }));
    toClose = [];
    let statement = prepared.get(text);
    if (statement) {
      // Most recently used last: the first one is the one to close when full.
      prepared.delete(text);
      prepared.set(text, statement);
    } else {
      // Prepared on its own first: its parameters' types are needed to write the values, and a statement
      // that prepared but failed to run (a constraint) stays prepared and must be known.
      const name = `payrail_pglite_${++next}`;
      out.push(serialize.parse({ name, text, types: options?.paramTypes }), serialize.describe({ type: 'S', name }), serialize.sync());
      const described = await send(out.splice(0), text, params, options);
      statement = {
        name,
        paramTypes: parse.parseDescribeStatementResults(described),
        columns: described.find((m) => m.name === 'rowDescription'),
      };
      prepared.set(text, statement);
      counts.prepares++;
      if (prepared.size > MAX_PREPARED) {
        const [oldest, old] = prepared.entries().next().value;
        prepared.delete(oldest);
        toClose.push(old.name);
      }
    }
    const { paramTypes } = statement;
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = paramTypes[i];
      const write = options?.serializers?.[oid] ?? pg.serializers[oid];
      return write ? write(param) : String(param);
    });
    out.push(serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync());
    counts.executes++;
    let answered;
    try {
      answered = await send(out, text, params, options);
    } catch (err) {
      // A statement whose answer changed shape (cached plan must not change result type) or that someone
      // deallocated is prepared again next time.
      const code = /** @type {{ code?: unknown }} */ (err).code;
      if (code === '0A000' || code === '26000') {
        prepared.delete(text);
        toClose.push(statement.name);
      }
      throw err;
    }
    if (!inTransaction) await pg.syncToFs();
    return results(statement.columns, answered, options);
  }

  /**
   * The statement's answer as PGlite's query() gives it (parse.parseResults): rows (arrays or objects, each
   * value through the caller's parser for its type, else PGlite's), fields, command, affectedRows, rowCount.
   * The columns come from the Describe made when it was prepared (no Describe per call), and each column's
   * parser is looked up once per call, not once per value in a copy of every parser PGlite has.
   * @param {import('@electric-sql/pglite').messages.RowDescriptionMessage | undefined} columns
   * @param {import('@electric-sql/pglite').messages.BackendMessage[]} answered
   * @param {import('@electric-sql/pglite').QueryOptions | undefined} options
   */
  function results(columns, answered, options) {
    const fields = columns ? columns.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })) : [];
    const own = options?.parsers;
    const parsers = fields.map(({ dataTypeID }) => own?.[dataTypeID] ?? pg.parsers[dataTypeID]);
    const asArrays = options?.rowMode === 'array';
    /** @type {unknown[]} */
    const rows = [];
    /** @type {{ rows: unknown[]; fields: typeof fields; affectedRows: number; command?: string; rowCount?: number }} */
    const result = { rows, fields, affectedRows: 0 };
    for (const m of answered) {
      if (m.name === 'dataRow') {
        const values = /** @type {import('@electric-sql/pglite').messages.DataRowMessage} */ (m).fields;
        /** @type {unknown[] | Record<string, unknown>} */
        const row = asArrays ? new Array(values.length) : {};
        for (let i = 0; i < values.length; i++) {
          const raw = values[i];
          const parser = parsers[i];
          const value = raw === null ? null : parser ? parser(raw, fields[i].dataTypeID) : raw;
          if (asArrays) /** @type {unknown[]} */ (row)[i] = value;
          else /** @type {Record<string, unknown>} */ (row)[fields[i].name] = value;
        }
        rows.push(row);
      } else if (m.name === 'commandComplete') {
        // "SELECT 2", "UPDATE 3", "INSERT 0 5": the last word is the row count.
        const parts = /** @type {import('@electric-sql/pglite').messages.CommandCompleteMessage} */ (m).text.split(' ');
        const command = parts[0];
        const count = parseInt(parts[parts.length - 1], 10);
        result.command = command;
        if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command)) result.affectedRows = count;
        if (!Number.isNaN(count)) result.rowCount = count;
      }
    }
    return result;
  }

  /**
   * One call into the backend with these messages; PostgreSQL's errors carry the statement, as PGlite's query()'s do.
   * @param {Uint8Array[]} parts
   * @param {string} text
   * @param {unknown[]} params
   * @param {import('@electric-sql/pglite').QueryOptions | undefined} options
   */
  async function send(parts, text, params, options) {
    let size = 0;
    for (const p of parts) size += p.length;
    const message = new Uint8Array(size);
    let at = 0;
    for (const p of parts) {
      message.set(p, at);
      at += p.length;
    }
    try {
      return await pg.execProtocolStream(message, noSync);
    } catch (err) {
      if (err instanceof Error && 'code' in err) Object.assign(err, { query: text, params, queryOptions: options });
      throw err;
    }
  }

  /**
   * @param {string} text
   * @param {unknown[] | undefined} params
   * @param {import('@electric-sql/pglite').QueryOptions | undefined} options
   * @param {import('@electric-sql/pglite').Transaction | undefined} tx
   */
  async function query(text, params = [], options = undefined, tx = undefined) {
    if (!PREPARABLE.test(text) || options?.blob) {
      try {
        return await (tx ?? pg).query(text, params, options);
      } finally {
        if (!CHANGES_NO_SCHEMA.test(text)) forgetAll();
      }
    }
    await pg._checkReady();
    // As PGlite's query(): inside a transaction only the query mutex (the transaction holds the other);
    // outside, the transaction mutex first, so a plain statement waits for an open transaction's end.
    if (tx) return pg._runExclusiveQuery(() => run(text, params, options, true));
    return pg._runExclusiveTransaction(() => pg._runExclusiveQuery(() => run(text, params, options, false)));
  }

  return {
    query,
    /** Statements prepared and executed so far (tests). */
    counts: () => ({ ...counts, prepared: prepared.size }),
    /** Closes every prepared statement before the next statement (after DDL sent another way, e.g. exec). */
    forgetAll,
  };
}
