import { sql } from 'drizzle-orm';
import type { Database } from './client';

/** A table's row count and an order-independent checksum of its rows (backup manifests, cli/backup.ts). */
export type TableFigures = { rows: number; checksum: string };

export const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows);

export type Query = (text: string) => Promise<Record<string, unknown>[]>;
export const drizzleQuery =
  (database: Database): Query =>
  async (text) =>
    rowsOf<Record<string, unknown>>(await database.db.execute(sql.raw(text)));

/** Row count and an order-independent checksum (sum of each row's hash) of every table of the schema. */
export async function tableFigures(query: Query): Promise<Record<string, TableFigures>> {
  const tables = (await query("select tablename as name from pg_tables where schemaname = 'public' order by tablename")).map((t) => String(t.name));
  const out: Record<string, TableFigures> = {};
  for (const name of tables) {
    const [row] = await query(`select count(*) as n, coalesce(sum(hashtext(t::text)::bigint), 0)::text as s from "${name.replace(/"/g, '""')}" t`);
    out[name] = { rows: Number(row!.n), checksum: String(row!.s) };
  }
  return out;
}
