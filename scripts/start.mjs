#!/usr/bin/env node
// `npm start`: build both SPAs and the server bundle, then run the built server with plain node (no
// TypeScript at run time). A local start is a development run (demo data, sandbox outbox) unless
// NODE_ENV says otherwise; the server itself defaults to production (see docs/deployment.md). The
// embedded database runs in a worker thread unless PGLITE_WORKER says otherwise: under load it answers
// without the event-loop stalls (time-outs) of the main-thread mode (docs/performance.md).
//
// A build step whose inputs have not changed since its last successful run (content hash of its sources
// and package-lock.json, scripts/build-cache.mjs) and whose outputs are there is skipped; each step's time
// is printed. PAYRAIL_FORCE_BUILD=1 rebuilds everything.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { readRecord, stepHash, upToDate, writeRecord } from './build-cache.mjs';

const root = path.resolve(import.meta.dirname, '..');
const force = process.env.PAYRAIL_FORCE_BUILD === '1';
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
for (const script of ['build:spa', 'build:server']) {
  const started = performance.now();
  const { hash } = stepHash(root, script);
  if (!force && upToDate(root, script, hash)) {
    console.log(`npm start: ${script} skipped, its inputs are unchanged (checked in ${seconds(performance.now() - started)})`);
    continue;
  }
  const step = spawnSync('npm', ['run', '-s', script], { cwd: root, stdio: 'inherit' });
  if (step.status !== 0) process.exit(step.status ?? 1);
  writeRecord(root, { ...readRecord(root), [script]: hash });
  console.log(`npm start: ${script} took ${seconds(performance.now() - started)}`);
}
const server = spawnSync(process.execPath, [path.join(root, 'apps/server/dist/main.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV || 'development', PGLITE_WORKER: process.env.PGLITE_WORKER || 'true' },
});
process.exit(server.status ?? 1);
