#!/usr/bin/env node
// `npm run dev`: the API server with reload on :3000 and both SPAs through Vite (proxying /api).
import { spawn } from 'node:child_process';

const procs = [
  ['server', ['run', '-w', '@payrail/server', 'dev']],
  ['web', ['run', '-w', '@payrail/web', 'dev']],
  ['backoffice', ['run', '-w', '@payrail/backoffice', 'dev']],
  ['employer', ['run', '-w', '@payrail/employer', 'dev']],
].map(([name, args]) => {
  const p = spawn('npm', args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV || 'development', SERVE_SPA: 'false' },
  });
  const tag = (chunk) =>
    chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .map((l) => `[${name}] ${l}`)
      .join('\n') + '\n';
  p.stdout.on('data', (c) => process.stdout.write(tag(c)));
  p.stderr.on('data', (c) => process.stderr.write(tag(c)));
  return p;
});
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
console.log(
  'Borrower app http://localhost:5173/  ·  Back office http://localhost:5174/backoffice/  ·  Employer portal http://localhost:5175/employer/  ·  API http://localhost:3000/api/health',
);
