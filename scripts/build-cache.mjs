// What `npm start` may skip: a build step (a root package.json script, e.g. build:spa or build:server)
// whose inputs hash to what the last successful run of that step recorded, and whose outputs are there.
//
// A step's inputs: the source of every workspace it builds (the `-w <name>` workspaces its script runs,
// following `npm run <script>` to other root scripts, so a new app added to build:spa is covered with no
// list here; build:server's bundle is named below), the workspaces those depend on (@payrail/*,
// transitively), files the scripts name (`node scripts/x.mjs`, `../../scripts/x.mjs`), and the root
// package.json, package-lock.json and tsconfig files. Build outputs and caches (dist, node_modules…) are
// not inputs. The record lives in node_modules/.cache/payrail-build.json (gone with node_modules).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const CACHE_FILE = 'node_modules/.cache/payrail-build.json';
const SKIP_DIRS = new Set([
  'node_modules',
  'dist',
  '.prerender',
  '.cache',
  'coverage',
  'test-results',
  'playwright-report',
  '.git',
  '.vite',
  '.tsbuild',
  '.e2e-data',
  'data',
]);
const ROOT_FILES = ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.base.json'];
/** Steps whose script is a program rather than workspace builds: the workspaces that program bundles. */
const STEP_WORKSPACES = { 'build:server': ['@payrail/server'] };

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/** name → directory (relative) of every workspace in the root package.json. */
export function workspaces(root) {
  const pkg = readJson(path.join(root, 'package.json'));
  const out = new Map();
  for (const dir of pkg.workspaces ?? []) {
    const file = path.join(root, dir, 'package.json');
    if (fs.existsSync(file)) out.set(readJson(file).name, dir);
  }
  return out;
}

/** The workspaces and files a root script builds, following `npm run` to other root scripts. */
export function stepTargets(root, step) {
  const scripts = readJson(path.join(root, 'package.json')).scripts ?? {};
  const names = new Set(STEP_WORKSPACES[step] ?? []);
  const files = new Set();
  const seen = new Set();
  const visit = (script) => {
    if (seen.has(script) || scripts[script] === undefined) return;
    seen.add(script);
    const text = scripts[script];
    for (const m of text.matchAll(/(?:-w|--workspace)[ =](\S+)/g)) names.add(m[1]);
    for (const m of text.matchAll(/\bnpm run(?: -s)? (?!-)(\S+)/g)) visit(m[1]);
    for (const m of text.matchAll(/\b(scripts\/[\w./-]+\.m?[jt]s)\b/g)) files.add(m[1]);
  };
  visit(step);
  return { names: [...names], files: [...files] };
}

/** The workspace directories a step's inputs cover: its targets and their @payrail dependencies, transitively. */
export function inputDirs(root, names) {
  const all = workspaces(root);
  const dirs = new Set();
  const files = new Set();
  const queue = [...names];
  while (queue.length > 0) {
    const name = queue.shift();
    const dir = all.get(name);
    if (!dir || dirs.has(dir)) continue;
    dirs.add(dir);
    const pkg = readJson(path.join(root, dir, 'package.json'));
    for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.devDependencies, ...pkg.peerDependencies })) if (all.has(dep)) queue.push(dep);
    // Files outside the workspace its own scripts name (../../scripts/precompress.mjs).
    for (const m of (pkg.scripts?.build ?? '').matchAll(/(\.\.\/[\w./-]+\.m?[jt]s)\b/g)) files.add(path.relative(root, path.resolve(root, dir, m[1])));
  }
  return { dirs: [...dirs].sort(), files: [...files] };
}

function listFiles(root, dir, out) {
  let entries;
  try {
    entries = fs.readdirSync(path.join(root, dir), { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (!SKIP_DIRS.has(e.name)) listFiles(root, rel, out);
    } else if (e.isFile() && !e.name.endsWith('.tsbuildinfo')) out.push(rel);
  }
}

/** The content hash of a step's inputs, with the workspace directories it covered. */
export function stepHash(root, step) {
  const targets = stepTargets(root, step);
  const { dirs, files: depFiles } = inputDirs(root, targets.names);
  const files = [];
  for (const dir of dirs) listFiles(root, dir, files);
  for (const f of [...ROOT_FILES, ...targets.files, ...depFiles]) if (fs.existsSync(path.join(root, f))) files.push(f);
  const hash = createHash('sha256');
  for (const f of [...new Set(files.map((f) => f.split(path.sep).join('/')))].sort()) {
    hash
      .update(f)
      .update('\0')
      .update(fs.readFileSync(path.join(root, f)))
      .update('\0');
  }
  return { hash: hash.digest('hex'), dirs, targets: targets.names };
}

/** Whether what a step builds is there: each built workspace's dist directory. */
export function outputsPresent(root, step) {
  const all = workspaces(root);
  const names = stepTargets(root, step).names;
  return names.length > 0 && names.every((n) => all.has(n) && fs.existsSync(path.join(root, all.get(n), 'dist')));
}

export function readRecord(root) {
  try {
    return readJson(path.join(root, CACHE_FILE));
  } catch {
    return {};
  }
}

export function writeRecord(root, record) {
  const file = path.join(root, CACHE_FILE);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
}

/** Whether `step` can be skipped: same input hash as its last successful run and its outputs present. */
export const upToDate = (root, step, hash) => readRecord(root)[step] === hash && outputsPresent(root, step);
