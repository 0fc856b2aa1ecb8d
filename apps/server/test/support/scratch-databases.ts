import fs from 'node:fs';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/db/client';

/**
 * Databases of their own for tests that need more than the worker's shared one (a child process's, a
 * second copy to compare with): on the PostgreSQL server of TEST_DATABASE_URL, or PGlite directories.
 */

/** A database a test (or the child process it spawns, given `arg`: the URL or the directory) opens, and drops at the end. */
export type DatabaseTarget = { arg: string; open: () => Promise<Database>; drop: () => Promise<void> };

async function onServer(base: URL, sql: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: base.toString() });
  await client.connect();
  try {
    for (const statement of sql) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new, empty database `name` on the server of TEST_DATABASE_URL (dropped first if a run left it): its URL, and its drop. */
export async function scratchPostgresDatabase(name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const drop = () => onServer(base, [`drop database if exists ${name} with (force)`]);
  await drop();
  await onServer(base, [`create database ${name}`]);
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  return { url: url.toString(), drop };
}

/** `scratchPostgresDatabase` as a target. */
export async function pgTarget(name: string): Promise<DatabaseTarget> {
  const { url, drop } = await scratchPostgresDatabase(name);
  return { arg: url, open: () => openDatabase({ databaseUrl: url }), drop };
}

/** A PGlite database in `dir` (removed by `drop`). */
export function pgliteTarget(dir: string): DatabaseTarget {
  return { arg: dir, open: () => openDatabase({ dataDir: dir }), drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}
