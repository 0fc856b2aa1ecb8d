import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/** At most this many statements stay prepared; the least recently used is closed past it. */
export declare const MAX_PREPARED: number;

export type PreparedStatements = {
  /** PGlite's query(), each data statement prepared once per text (`tx`: inside that open transaction). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[], options?: QueryOptions, tx?: Transaction): Promise<Results<T>>;
  /** Statements prepared and executed so far, and how many are prepared now (tests). */
  counts(): { prepares: number; executes: number; prepared: number };
  /** Closes every prepared statement before the next statement (after DDL sent another way, e.g. exec). */
  forgetAll(): void;
};

/** See pglite-prepared.mjs. */
export declare function preparedStatements(pg: PGlite): PreparedStatements;
