#!/usr/bin/env node
// `npm start`: build both SPAs, then run the server. A local start is a development run (demo data,
// sandbox outbox) unless NODE_ENV says otherwise; the server itself defaults to production.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const build = spawnSync('npm', ['run', '-s', 'build:spa'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const server = spawnSync(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV || 'development' },
});
process.exit(server.status ?? 1);
