/**
 * Records the SQL one request makes, so the bench's floor can replay exactly the same queries.
 *
 * Every statement goes through `pg.Client.prototype.query` (the pool's one-off queries and drizzle's
 * transactions alike). A statement issued while every earlier statement of its step is still in flight
 * joins that step (Promise.all in a use case); `begin` … `commit` is one step run on one client.
 */
import pg from 'pg';

export type CapturedQuery = { text: string; values: unknown[]; rowMode?: string; name?: string };
export type Step = { kind: 'parallel' | 'transaction'; queries: CapturedQuery[] };

type Recording = { steps: Step[]; open: { step: Step; pending: number; closed: boolean } | null; inTx: Step | null };

let recording: Recording | null = null;
type QueryFn = (...args: unknown[]) => unknown;
const proto = pg.Client.prototype as unknown as { query: QueryFn };
const original = proto.query;

function note(arg0: unknown, arg1: unknown): (() => void) | null {
  const rec = recording;
  if (!rec) return null;
  const config = typeof arg0 === 'string' ? { text: arg0 } : (arg0 as { text: string; values?: unknown[]; rowMode?: string; name?: string });
  const values = Array.isArray(arg1) ? arg1 : (config.values ?? []);
  const q: CapturedQuery = {
    text: config.text,
    values: values.map((v) => (v instanceof Date ? v.toISOString() : v)),
    ...(config.rowMode ? { rowMode: config.rowMode } : {}),
    ...(config.name ? { name: config.name } : {}),
  };
  const head = q.text.trim().toLowerCase();
  if (head.startsWith('begin')) {
    rec.inTx = { kind: 'transaction', queries: [q] };
    rec.steps.push(rec.inTx);
    rec.open = null;
    return null;
  }
  if (rec.inTx) {
    rec.inTx.queries.push(q);
    if (head === 'commit' || head === 'rollback') rec.inTx = null;
    return null;
  }
  if (rec.open && !rec.open.closed && rec.open.pending > 0) {
    rec.open.step.queries.push(q);
    rec.open.pending++;
  } else {
    const step: Step = { kind: 'parallel', queries: [q] };
    rec.steps.push(step);
    rec.open = { step, pending: 1, closed: false };
  }
  const open = rec.open;
  return () => {
    open.pending--;
    open.closed = true; // once one answer is back, a later statement depends on it: a new step
  };
}

proto.query = function patched(this: unknown, ...args: unknown[]) {
  const done = note(args[0], args[1]);
  if (!done) return original.apply(this, args);
  const last = args.length - 1;
  if (typeof args[last] === 'function') {
    const cb = args[last] as (...a: unknown[]) => void;
    args[last] = (...a: unknown[]) => {
      done();
      cb(...a);
    };
    return original.apply(this, args);
  }
  const out = original.apply(this, args) as Promise<unknown> | undefined;
  if (out && typeof out.then === 'function') {
    return out.then(
      (r) => {
        done();
        return r;
      },
      (e: unknown) => {
        done();
        throw e;
      },
    );
  }
  done();
  return out;
};

/** Runs `fn` and answers the steps of SQL it made. */
export async function captureSql(fn: () => Promise<void>): Promise<Step[]> {
  recording = { steps: [], open: null, inTx: null };
  try {
    await fn();
    return recording.steps;
  } finally {
    recording = null;
  }
}
