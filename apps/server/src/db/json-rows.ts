import { getTableColumns } from 'drizzle-orm';
import type { Table } from 'drizzle-orm';

/**
 * A row read as JSON (`to_jsonb(table)` inside a bigger statement, so several tables' rows come back in
 * one round trip) turned into the object `db.select().from(table)` answers: each column read by its
 * database name and mapped by the column itself (dates, timestamps, JSON), as drizzle's own relational
 * queries do. Only for tables without numeric/bigint-as-string columns (JSON numbers would lose their text).
 */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out as T['$inferSelect'];
}

/** `rowFromJson` over a JSON array (a `json_agg`); null reads as none. */
export const rowsFromJson = <T extends Table>(table: T, json: unknown): T['$inferSelect'][] =>
  Array.isArray(json) ? json.map((r) => rowFromJson(table, r as Record<string, unknown>)) : [];

/** The drivers hand `json` columns back parsed; a text value (some paths) is parsed here. */
export const parsedJson = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);
