#!/usr/bin/env node
// `npm test`: typecheck, lint, every vitest tier (API tier again on PostgreSQL when TEST_DATABASE_URL
// is set), then the browser tier. Runs every step, prints a summary and one closing count line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'test-results');
fs.mkdirSync(out, { recursive: true });
const env = { ...process.env, TZ: 'UTC', FORCE_COLOR: process.env.CI ? '0' : process.env.FORCE_COLOR ?? '1' };

const results = [];
let passed = 0;
let failed = 0;
let skipped = 0;
let flaky = 0;

function run(name, cmd, args, extraEnv = {}, countFrom) {
  console.log(`\n━━ ${name} ━━`);
  if (countFrom) fs.rmSync(countFrom, { force: true });
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } });
  const ok = r.status === 0;
  let counted = false;
  if (countFrom && fs.existsSync(countFrom)) {
    const j = JSON.parse(fs.readFileSync(countFrom, 'utf8'));
    if (typeof j.numPassedTests === 'number') {
      passed += j.numPassedTests;
      failed += j.numFailedTests;
      skipped += (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
      counted = true;
    } else if (j.stats) {
      // A flaky test failed once and passed on its retry: it passed, and the summary names it.
      passed += (j.stats.expected ?? 0) + (j.stats.flaky ?? 0);
      failed += j.stats.unexpected ?? 0;
      flaky += j.stats.flaky ?? 0;
      skipped += j.stats.skipped ?? 0;
      counted = true;
    }
  }
  if (!ok && !counted) failed += 1;
  results.push({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });
}

const bin = (name) => path.join(root, 'node_modules', '.bin', name);

run('typecheck', bin('tsc'), ['-b']);
run('lint', bin('eslint'), ['.', '--max-warnings=0']);
run('unit, API (PGlite) and component tests', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(out, 'vitest.json')}`], {}, path.join(out, 'vitest.json'));
if (process.env.TEST_DATABASE_URL) {
  run(
    'API tests on PostgreSQL',
    bin('vitest'),
    ['run', '--project', 'api', '--no-file-parallelism', '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(out, 'vitest-pg.json')}`],
    { TEST_DB: 'postgres' },
    path.join(out, 'vitest-pg.json'),
  );
} else {
  console.log('\n(API tests on PostgreSQL skipped: set TEST_DATABASE_URL=postgres://… to run them too)');
}
run('browser journeys (Playwright)', process.execPath, [path.join(root, 'scripts/e2e.mjs')], {}, path.join(out, 'e2e.json'));

console.log('\n━━ summary ━━');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.name} (${r.seconds}s)`);
if (flaky) console.log(`\n(${flaky} browser test(s) passed only on retry — see the Playwright output above)`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
