/**
 * The bench's floor: bare Fastify + pg (no validation, no hooks, no logging, no plugins) answering each
 * benched route by replaying the SQL Payrail made for it (api-capture.ts) — same statements, same
 * parameters, same parallel steps and transactions, same pool size — then sending the same JSON body.
 * Started by api.bench.ts with FLOOR_PLAN (a JSON file), DATABASE_URL and PORT.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';
import type { CapturedQuery, Step } from './api-capture';

export type FloorRoute = { method: 'GET' | 'POST'; url: string; status: number; body: unknown; steps: Step[]; physical: CapturedQuery[] };

const plan = JSON.parse(fs.readFileSync(process.env.FLOOR_PLAN!, 'utf8')) as FloorRoute[];
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const run = (c: pg.Pool | pg.PoolClient, q: CapturedQuery) =>
  c.query({ text: q.text, values: q.values, ...(q.name ? { name: q.name } : {}), ...(q.rowMode === 'array' ? { rowMode: 'array' as const } : {}) });

async function replay(steps: Step[]): Promise<void> {
  for (const step of steps) {
    if (step.kind === 'parallel') {
      await Promise.all(step.queries.map((q) => run(pool, q)));
      continue;
    }
    const client = await pool.connect();
    try {
      for (const q of step.queries) await run(client, q);
    } finally {
      client.release();
    }
  }
}

// FLOOR_MODE=physical: the fewest statements that could answer each route (`physical`, built by api.bench.ts:
// one prepared statement reading the session by its token hash, the write itself for a write, none for
// public reference data) instead of Payrail's own.
const physical = process.env.FLOOR_MODE === 'physical';

const app = Fastify({ logger: false });
app.get('/__floor_ready', async () => ({ ok: true }));
// A route is registered by its path (Fastify matches the path alone: a URL with a query string as the route's
// path would never match, and every request would be a 404) and answers by its whole URL, query string included.
const byPath = new Map<string, Map<string, FloorRoute>>();
for (const route of plan) {
  const key = `${route.method} ${route.url.split('?')[0]}`;
  if (!byPath.has(key)) byPath.set(key, new Map());
  byPath.get(key)!.set(route.url, route);
}
for (const [key, routes] of byPath) {
  const [method, url] = key.split(' ') as [FloorRoute['method'], string];
  app.route({
    method,
    url,
    handler: async (req, reply) => {
      const route = routes.get(req.url);
      if (!route) return reply.status(404).send({ error: `no recorded answer for ${req.url}` });
      // Payrail hashes the bearer token before its session query; so does the floor.
      if (req.headers.authorization) createHash('sha256').update(req.headers.authorization).digest('hex');
      if (physical) for (const q of route.physical) await run(pool, q);
      else await replay(route.steps);
      return reply.status(route.status).send(route.body);
    },
  });
}
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
);
