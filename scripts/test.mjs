#!/usr/bin/env node
// `npm test`: typecheck, lint, every vitest tier (API tier again on PostgreSQL when TEST_DATABASE_URL
// is set), then the browser tier. Runs every step, prints a summary and one closing count line.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'test-results');
fs.mkdirSync(out, { recursive: true });
const env = { ...process.env, TZ: 'UTC', FORCE_COLOR: process.env.CI ? '0' : (process.env.FORCE_COLOR ?? '1') };

const results = [];
let passed = 0;
let failed = 0;
let skipped = 0;
let flaky = 0;
/** Every failed test by name, and every browser test that passed only on its retry, for the summary: a CI log is often read from its end only. */
const failures = [];
const flakyNames = [];

/** The failed tests of a vitest JSON report (a file that failed to load counts as one). */
function vitestFailures(report) {
  const names = [];
  for (const file of report.testResults ?? []) {
    const relative = path.relative(root, file.name ?? '');
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) names.push(`${relative} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    if (failedTests.length === 0 && file.status === 'failed') names.push(`${relative}: ${firstLine(file.message)}`);
  }
  return names;
}

/** The failed tests of a Playwright JSON report; those that passed only on a retry go to `flakyNames`. */
function playwrightFailures(report) {
  const names = [];
  const walk = (suite, trail) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const where = `${spec.file}:${spec.line} › ${[...trail, spec.title].join(' › ')}`;
        if (test.status === 'flaky') flakyNames.push(`${where}: ${firstLine(test.results?.[0]?.error?.message)}`);
        if (test.status !== 'unexpected') continue;
        names.push(`${where}: ${firstLine(test.results?.at(-1)?.error?.message)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, child.title && !child.title.endsWith('.ts') ? [...trail, child.title] : trail);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return names;
}

function firstLine(text) {
  const line =
    String(text ?? '')
      // eslint-disable-next-line no-control-regex -- the colour codes a reporter left in a message
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .find((l) => l.trim() !== '') ?? '';
  return line.length > 300 ? `${line.slice(0, 300)}…` : line.trim();
}

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
      failures.push(...vitestFailures(j).map((f) => `${name}: ${f}`));
      counted = true;
    } else if (j.stats) {
      // A flaky test failed once and passed on its retry: it passed, and the summary names it.
      passed += (j.stats.expected ?? 0) + (j.stats.flaky ?? 0);
      failed += j.stats.unexpected ?? 0;
      flaky += j.stats.flaky ?? 0;
      skipped += j.stats.skipped ?? 0;
      failures.push(...playwrightFailures(j).map((f) => `${name}: ${f}`));
      counted = true;
    }
  }
  if (!ok && !counted) failed += 1;
  results.push({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });
}

/**
 * Steps that only read the tree and use one core each, run side by side (the machine has two or more);
 * each one's output is printed as one block when it ends, so the log reads as if they ran in turn.
 */
async function runSideBySide(steps) {
  const outcomes = await Promise.all(
    steps.map(
      ({ name, cmd, args }) =>
        new Promise((resolve) => {
          const started = Date.now();
          const chunks = [];
          const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
          child.stdout.on('data', (c) => chunks.push(c));
          child.stderr.on('data', (c) => chunks.push(c));
          child.on('error', (err) => chunks.push(Buffer.from(`${err.message}\n`)));
          child.on('close', (code) => resolve({ name, ok: code === 0, output: Buffer.concat(chunks), seconds: ((Date.now() - started) / 1000).toFixed(1) }));
        }),
    ),
  );
  for (const o of outcomes) {
    console.log(`\n━━ ${o.name} ━━`);
    process.stdout.write(o.output);
    if (!o.ok) failed += 1;
    results.push({ name: o.name, ok: o.ok, seconds: o.seconds });
  }
}

const bin = (name) => path.join(root, 'node_modules', '.bin', name);

await runSideBySide([
  { name: 'typecheck', cmd: bin('tsc'), args: ['-b'] },
  { name: 'lint', cmd: bin('eslint'), args: ['.', '--max-warnings=0'] },
  { name: 'format', cmd: bin('prettier'), args: ['--check', '.', '--log-level=warn'] },
]);
run(
  'unit, API (PGlite) and component tests',
  bin('vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(out, 'vitest.json')}`],
  {},
  path.join(out, 'vitest.json'),
);
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
if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `  ✗ ${f}`).join('\n')}`);
if (flaky) console.log(`\n(${flaky} browser test(s) passed only on retry — see the Playwright output above)\n${flakyNames.map((f) => `  ~ ${f}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
