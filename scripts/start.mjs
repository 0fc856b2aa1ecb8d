#!/usr/bin/env node
// `npm start`: build both SPAs and the server bundle, then run the built server with plain node (no
// TypeScript at run time). A local start is a development run (demo data, sandbox outbox) unless
// NODE_ENV says otherwise; the server itself defaults to production (see docs/deployment.md). The
// embedded database runs in a worker thread unless PGLITE_WORKER says otherwise: under load it answers
// without the event-loop stalls (time-outs) of the main-thread mode (docs/performance.md).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
for (const script of ['build:spa', 'build:server']) {
  const step = spawnSync('npm', ['run', '-s', script], { cwd: root, stdio: 'inherit' });
  if (step.status !== 0) process.exit(step.status ?? 1);
}
const server = spawnSync(process.execPath, [path.join(root, 'apps/server/dist/main.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV || 'development', PGLITE_WORKER: process.env.PGLITE_WORKER || 'true' },
});
process.exit(server.status ?? 1);
