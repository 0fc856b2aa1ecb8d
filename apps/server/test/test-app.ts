import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { seedDemo, seedReference } from '../src/db/seed';

/**
 * One migrated, seeded database per test worker (vitest runs the api project with isolate: false, so
 * this module's state is shared by every file in a worker). PGlite in memory by default; PostgreSQL
 * when TEST_DB=postgres and TEST_DATABASE_URL is set (scripts/test.mjs runs that pass serially).
 */
let shared: Promise<Database> | undefined;

async function resetPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      'drop schema if exists public cascade; drop schema if exists drizzle cascade; drop schema if exists pgboss cascade; create schema public;',
    );
  } finally {
    await client.end();
  }
}

export function testDatabase(): Promise<Database> {
  shared ??= (async () => {
    const url = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
    if (process.env.TEST_DB === 'postgres' && !url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    if (url) await resetPostgres(url);
    const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
    await database.migrate();
    await seedReference(database.db);
    await seedDemo(database.db);
    return database;
  })();
  return shared;
}

// Uploaded files of every test in this worker go to one temporary directory, never into ./data.
let scratchDir: string | undefined;

export function testConfig(overrides: Partial<Config> = {}): Config {
  scratchDir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-test-'));
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SERVE_SPA: 'false', DATA_DIR: scratchDir }), ...overrides };
}

export type TestApp = FastifyInstance;

/** A fresh app on the shared database; `now` can be pinned for clock-dependent rules. */
export async function testApp(opts: { config?: Partial<Config>; now?: () => Date } = {}): Promise<TestApp> {
  const database = await testDatabase();
  const app = await buildApp({ config: testConfig(opts.config), database, ...(opts.now ? { now: opts.now } : {}) });
  await app.ready();
  return app;
}

/** A unique e-mail for a test, so files sharing a database never collide. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}
