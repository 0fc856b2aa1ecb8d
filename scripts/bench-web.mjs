#!/usr/bin/env node
// `npm run bench:web`: builds the SPAs and the server, starts the built server on a fresh embedded
// database (development seed: the demo borrower), and runs Lighthouse (mobile: its default emulation and
// simulated throttling) in Debian's Chromium on /signin, /signup, /application/newflow/signup and
// /dashboard (signed in as the demo borrower through the sign-in screen, its application dropped first so
// that the dashboard opens). Prints the performance and accessibility scores, the initial JS per route
// (every same-origin script the page loaded, at its gzip size) with React's own share of it (the `react`
// chunk: react, react-dom and the scheduler), and the take-over: how long after the navigation the page
// answers its first button (the app has drawn it: a button in <main> carries React's handlers), loaded
// BENCH_WEB_TAKEOVER_RUNS times (default 5, median) in Chromium under the same throttling Lighthouse
// simulates (150 ms round trip, 1.6 Mbps down, 750 kbps up, CPU 4× slower), with an empty cache.
// Budget: performance ≥ 0.95, accessibility 1.0, take-over ≤ 1.5 s on every route; initial JS ≤ 160 kB
// gzip on the three public pages and ≤ 200 kB on /dashboard.
// A measurement: it exits 0 whatever the verdicts (BENCH_WEB_STRICT=1 makes a FAIL exit 1).
//
// Lighthouse's scores vary from run to run on a shared machine; each route is measured BENCH_WEB_RUNS times
// (default 5) and the run with the median performance score is the row (Lighthouse's own advice: report the
// median of five runs); every run's score is printed beside it. The browser under test keeps the CPU first:
// the server and this process (Lighthouse's trace processing) run at a lower priority (nice 10 and 5), as
// they would be on other machines for a real visitor; the throttling Lighthouse simulates is unchanged.
//
// CHROME_PATH (default /usr/bin/chromium); BENCH_WEB_NO_BUILD=1 reuses the current build;
// BENCH_WEB_REPORTS=<dir> writes each route's Lighthouse report (JSON) there, and prints its longest
// main-thread scripts and its LCP element. BENCH_WEB_LIGHTHOUSE=0 measures the take-over only (no
// Lighthouse run, so no score, initial JS or transfer column): for A/B runs of a change to the page's start.
// BENCH_WEB_ROUTES=<path>,<path> measures only those routes (e.g. /dashboard).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const root = path.resolve(import.meta.dirname, '..');
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const DIST = path.join(root, 'apps/web/dist');
const DEMO = { email: 'borrower@payrail.test', password: 'Payrail-demo-1' };
const ALL_ROUTES = [
  { path: '/signin', jsBudgetKb: 160 },
  { path: '/signup', jsBudgetKb: 160 },
  { path: '/application/newflow/signup', jsBudgetKb: 160 },
  { path: '/dashboard', signedIn: true, jsBudgetKb: 200 },
];
/** BENCH_WEB_ROUTES=/dashboard,/signin measures only those routes (in the table's order). */
const ROUTE_FILTER =
  process.env.BENCH_WEB_ROUTES?.split(',')
    .map((r) => r.trim())
    .filter(Boolean) ?? [];
const unknownRoutes = ROUTE_FILTER.filter((r) => !ALL_ROUTES.some((route) => route.path === r));
if (unknownRoutes.length) {
  console.error(`BENCH_WEB_ROUTES: unknown route(s) ${unknownRoutes.join(', ')}; known: ${ALL_ROUTES.map((r) => r.path).join(', ')}`);
  process.exit(2);
}
const ROUTES = ROUTE_FILTER.length ? ALL_ROUTES.filter((route) => ROUTE_FILTER.includes(route.path)) : ALL_ROUTES;
const TAKEOVER_BUDGET_MS = 1500;
const TAKEOVER_RUNS = Math.max(1, Number(process.env.BENCH_WEB_TAKEOVER_RUNS ?? 5));
/** Lighthouse's mobile throttling (its `simulate` defaults), applied for real by Chromium for the take-over. */
const THROTTLING = { latency: 150, downloadThroughput: (1638.4 * 1024) / 8, uploadThroughput: (750 * 1024) / 8, cpuSlowdown: 4 };
// The flags this machine's closed network needs (docs/testing.md).
const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 5));
const LIGHTHOUSE = process.env.BENCH_WEB_LIGHTHOUSE !== '0';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

if (!fs.existsSync(chrome)) {
  console.log(`bench:web skipped: no Chromium at ${chrome} (set CHROME_PATH)`);
  process.exit(0);
}
if (!process.env.BENCH_WEB_NO_BUILD) {
  for (const script of ['build:spa', 'build:server']) {
    const step = spawnSync('npm', ['run', '-s', script], { cwd: root, stdio: 'inherit' });
    if (step.status !== 0) process.exit(step.status ?? 1);
  }
}

const port = await new Promise((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => {
    const p = s.address().port;
    s.close(() => resolve(p));
  });
});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-bench-web-'));
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.mjs')], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SERVICING_RUN_INTERVAL_MINUTES: '0',
  },
});
/** Lowers a process's priority; a machine that refuses leaves it as it is (the figures are then noisier). */
function lowerPriority(pid, nice) {
  try {
    os.setPriority(pid, nice);
  } catch {
    /* not permitted here */
  }
}
lowerPriority(server.pid, 10);
const base = `http://127.0.0.1:${port}`;
const stopServer = () =>
  new Promise((resolve) => {
    if (server.exitCode !== null) return resolve();
    server.once('exit', resolve);
    server.kill('SIGTERM');
  });
for (let i = 0; ; i++) {
  if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {
    /* not yet */
  }
  if (i > 600) throw new Error('the server never answered');
  await new Promise((r) => setTimeout(r, 200));
}

const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-bench-chrome-'));
const browser = await puppeteer.launch({ executablePath: chrome, headless: true, userDataDir, args: CHROME_FLAGS });
// After the browser started (it keeps the priority it was started with): Lighthouse's own work yields to it.
lowerPriority(0, 5);

/** Gzip bytes of one built file (the .gz the build wrote, else compressed here). */
function gzipBytes(urlPath) {
  const file = path.join(DIST, decodeURIComponent(urlPath));
  if (!file.startsWith(DIST) || !fs.existsSync(file)) return 0;
  if (fs.existsSync(`${file}.gz`)) return fs.statSync(`${file}.gz`).size;
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

/**
 * The demo borrower is on About Yourself, which the dashboard sends back to its step. An admin drops the
 * application first (`dropped` is one of the statuses that keep the dashboard, spec §6), so the signed-in
 * row measures the dashboard itself. The data directory is the bench's own, thrown away at the end.
 */
async function openDashboardForDemoBorrower() {
  const post = async (url, body, headers = {}) => {
    const res = await fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
    return { body: await res.json(), token: res.headers.get('authorization') };
  };
  const borrower = await post('/api/login', { application_member: DEMO });
  const admin = await post('/api/backoffice/login', { email: 'admin@payrail.test', password: DEMO.password });
  await post(`/api/backoffice/applications/${borrower.body.data.id}/drop`, {}, { authorization: admin.token });
}

async function signIn(page) {
  await page.goto(`${base}/signin`, { waitUntil: 'networkidle0' });
  // A later run of the same route finds the session of the first (the storage is kept): the sign-in page moves on.
  if (!new URL(page.url()).pathname.startsWith('/signin')) return;
  await page.type('input[type="email"]', DEMO.email);
  await page.type('input[type="password"]', DEMO.password);
  await Promise.all([
    page.waitForFunction(() => !globalThis.location.pathname.startsWith('/signin'), { timeout: 30_000 }),
    page.click('button[type="submit"]'),
  ]);
}

/** One Lighthouse run; a run that lost its trace on a loaded machine (NO_NAVSTART, NO_FCP) is retried. */
async function measure(route) {
  for (let attempt = 1; ; attempt++) {
    const page = await browser.newPage();
    if (route.signedIn) await signIn(page);
    const result = await lighthouse(
      `${base}${route.path}`,
      { output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: Boolean(route.signedIn) },
      undefined,
      page,
    );
    await page.close();
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`lighthouse gave no result for ${route.path}`);
    if (!lhr.runtimeError || attempt === 3) return lhr;
    console.log(`${route.path}: ${lhr.runtimeError.code}, measuring again`);
  }
}

/**
 * One throttled load of `route`: the milliseconds from the navigation until a button in the page's <main>
 * answers (it carries React's props: the app has drawn the page, a prerendered one taken over).
 */
async function takeOver(route) {
  const page = await browser.newPage();
  try {
    await page.setCacheEnabled(false);
    const cdp = await page.createCDPSession();
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: THROTTLING.latency,
      downloadThroughput: THROTTLING.downloadThroughput,
      uploadThroughput: THROTTLING.uploadThroughput,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpuSlowdown });
    // The watcher is in the page from its first script on: set up after `goto` returned, Puppeteer's injected helper and
    // its round trips could land after the take-over, and the load was then counted at that later moment.
    await page.evaluateOnNewDocument(() => {
      const live = () =>
        !globalThis.document.querySelector('#root[data-prerendered]') &&
        [...globalThis.document.querySelectorAll('main button')].some((button) => Object.keys(button).some((key) => key.startsWith('__reactProps$')));
      new globalThis.MutationObserver((_records, observer) => {
        if (globalThis.__takeOverAt !== undefined || !live()) return;
        globalThis.__takeOverAt = performance.now();
        observer.disconnect();
      }).observe(globalThis.document, { childList: true, subtree: true, attributes: true });
    });
    await page.goto(`${base}${route.path}`, { waitUntil: 'domcontentloaded', timeout: 60_000 });
    const answered = await page.waitForFunction(() => globalThis.__takeOverAt ?? false, { polling: 100, timeout: 60_000 });
    return Math.round(await answered.jsonValue());
  } finally {
    await page.close();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

const rows = [];
try {
  // One unmeasured visit first: a new browser's first page pays for its font and disk caches, which a
  // visitor's browser has long filled; without it the first route measured carries that cost.
  const warmUp = await browser.newPage();
  await warmUp.goto(`${base}${ALL_ROUTES[0].path}`, { waitUntil: 'networkidle0' });
  await warmUp.close();
  for (const route of ROUTES) {
    if (route.signedIn) await openDashboardForDemoBorrower();
    if (!LIGHTHOUSE) {
      if (route.signedIn) {
        // The session Lighthouse's runs would have left in the browser's storage, for the take-over's loads.
        const page = await browser.newPage();
        await signIn(page);
        await page.close();
      }
      const takeOvers = [];
      for (let run = 0; run < TAKEOVER_RUNS; run++) takeOvers.push(await takeOver(route));
      const takeOverMs = median(takeOvers);
      rows.push({
        route: route.path,
        'take-over': `${(takeOverMs / 1000).toFixed(2)} s (${takeOvers.map((ms) => (ms / 1000).toFixed(2)).join(' ')})`,
        verdict: takeOverMs <= TAKEOVER_BUDGET_MS ? 'PASS' : 'FAIL',
      });
      continue;
    }
    const runs = [];
    for (let run = 0; run < RUNS; run++) runs.push(await measure(route));
    runs.sort((a, b) => (a.categories.performance.score ?? 0) - (b.categories.performance.score ?? 0));
    const lhr = runs[Math.floor((runs.length - 1) / 2)];
    if (process.env.BENCH_WEB_REPORTS) {
      fs.mkdirSync(process.env.BENCH_WEB_REPORTS, { recursive: true });
      fs.writeFileSync(path.join(process.env.BENCH_WEB_REPORTS, `${route.path.replace(/\W+/g, '_').replace(/^_/, '')}.json`), JSON.stringify(lhr));
      const bootup = (lhr.audits['bootup-time']?.details?.items ?? []).slice(0, 5).map((i) => `${i.url.replace(base, '')} ${Math.round(i.total)} ms`);
      const lcp = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? '?';
      console.log(`${route.path}: script time ${bootup.join(', ')}; LCP element ${lcp}`);
    }
    const requests = lhr.audits['network-requests']?.details?.items ?? [];
    const scripts = requests.filter((r) => r.resourceType === 'Script' && r.url.startsWith(base));
    const jsKb = scripts.reduce((n, r) => n + gzipBytes(new URL(r.url).pathname), 0) / 1024;
    const reactKb =
      scripts.filter((r) => /\/assets\/react-[\w-]+\.js$/.test(new URL(r.url).pathname)).reduce((n, r) => n + gzipBytes(new URL(r.url).pathname), 0) / 1024;
    const takeOvers = [];
    for (let run = 0; run < TAKEOVER_RUNS; run++) takeOvers.push(await takeOver(route));
    const takeOverMs = median(takeOvers);
    const transferKb = requests.reduce((n, r) => n + (r.transferSize ?? 0), 0) / 1024;
    const perf = lhr.categories.performance.score ?? 0;
    const a11y = lhr.categories.accessibility.score ?? 0;
    const ok = perf >= 0.95 && a11y === 1 && jsKb <= route.jsBudgetKb && takeOverMs <= TAKEOVER_BUDGET_MS;
    rows.push({
      route: route.path,
      'landed on': new URL(lhr.finalDisplayedUrl).pathname,
      performance: perf.toFixed(2),
      runs: runs.map((r) => (r.categories.performance.score ?? 0).toFixed(2)).join(' '),
      accessibility: a11y.toFixed(2),
      FCP: lhr.audits['first-contentful-paint'].displayValue,
      LCP: lhr.audits['largest-contentful-paint'].displayValue,
      TBT: lhr.audits['total-blocking-time'].displayValue,
      'initial JS (gzip)': `${jsKb.toFixed(0)} kB in ${scripts.length} files`,
      "React's share": `${reactKb.toFixed(0)} kB (${Math.round((100 * reactKb) / jsKb)} %)`,
      'take-over': `${(takeOverMs / 1000).toFixed(2)} s (${takeOvers.map((ms) => (ms / 1000).toFixed(2)).join(' ')})`,
      'moved (all)': `${transferKb.toFixed(0)} kB`,
      verdict: ok ? 'PASS' : 'FAIL',
    });
    const failing = Object.values(lhr.audits).filter(
      (a) => a.score !== null && a.score < 1 && lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id && r.weight > 0),
    );
    if (failing.length) console.log(`${route.path}: accessibility findings: ${failing.map((a) => a.id).join(', ')}`);
  }
} finally {
  await browser.close();
  await stopServer();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(userDataDir, { recursive: true, force: true });
}
console.table(rows);
if (!LIGHTHOUSE)
  console.log(
    `Take-over only (BENCH_WEB_LIGHTHOUSE=0): median of ${TAKEOVER_RUNS} throttled load(s) per route; budget ≤ ${TAKEOVER_BUDGET_MS / 1000} s. The verdict is the take-over's alone.`,
  );
else
  console.log(
    `Median of ${RUNS} Lighthouse run(s) and ${TAKEOVER_RUNS} throttled load(s) per route. Budget: performance ≥ 0.95, accessibility 1.00 (Lighthouse mobile, simulated throttling); ` +
      `initial JS ≤ 160 kB gzip on the public pages, ≤ 200 kB on /dashboard; take-over ≤ ${TAKEOVER_BUDGET_MS / 1000} s (Chromium's throttling: ${THROTTLING.latency} ms round trip, 1.6 Mbps, CPU ${THROTTLING.cpuSlowdown}×).`,
  );
if (process.env.BENCH_WEB_STRICT === '1' && rows.some((r) => r.verdict === 'FAIL')) process.exit(1);
