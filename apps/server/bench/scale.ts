/**
 * `npm run test:scale` (issue #11, docs/deployment.md "Several instances"): Payrail twice on one
 * PostgreSQL, behind Debian's nginx (deploy/nginx/payrail.conf), with Redis for the per-IP limits and a
 * local S3-compatible store (bench/s3-local.ts) for files. It runs API journeys, then SCALE_USERS (200)
 * concurrent borrower journeys for SCALE_SECONDS (120), kills one instance (SIGKILL) half-way, and checks:
 * no error other than a retried connection reset / 502 of a request the killed instance held, no lost
 * or doubled write (every journey's writes read back from the database), files written by one instance
 * read by the other, and a per-IP limit that holds across instances. Exit 1 on any failure. It also prints
 * the load's p50/p95/p99 per journey step and its five slowest SQL statements (pg_stat_statements, when
 * the server preloads it; else one line saying why not, never a failure).
 *
 * The instances run on the owner/app role split of docs/deployment.md ("Database roles"): the run makes an
 * owner role (owns the database and its schema, runs the migrations and the grants: MIGRATION_DATABASE_URL)
 * and an app role (owns nothing: DATABASE_URL), so the load runs as the least-privileged role, and checks it.
 *
 * Needs PostgreSQL (SCALE_DATABASE_URL, else TEST_DATABASE_URL's server, else
 * postgres://postgres@127.0.0.1:5432/postgres: only the server is used, as a role that may create roles
 * and databases; the run makes and drops its own payrail_scale database and its two roles), Redis (REDIS_URL, default redis://127.0.0.1:6379) and nginx (NGINX, default
 * `nginx` on the PATH; installed with apt-get when missing and running as root). Traffic stays on 127.0.0.1.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import pg from 'pg';
import { formatTable, oneLineSql, summarizeSteps } from '../src/lib/latency-stats';
import { startLocalS3 } from './s3-local';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SECONDS = Number(process.env.SCALE_SECONDS ?? 120);
const USERS = Number(process.env.SCALE_USERS ?? 200);
/** A borrower's pause between two screens (0.5–1.5 × this, ms): concurrent borrowers, not a request flood. */
const THINK_MS = Number(process.env.SCALE_THINK_MS ?? 1000);
/** A request unanswered after this long is an error. */
const TIMEOUT_MS = Number(process.env.SCALE_TIMEOUT_MS ?? 30_000);
/** Borrowers arrive over this many seconds (evenly), as traffic ramps up, not all in the same instant. */
const RAMP_SECONDS = Number(process.env.SCALE_RAMP_SECONDS ?? 20);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const serverUrl = new URL(process.env.SCALE_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const DB_NAME = 'payrail_scale';
const ENCRYPTION_KEY = randomBytes(32).toString('base64');
const RUN = Date.now().toString(36);
const PASSWORD = 'Sup3r-secret';

const log = (...a: unknown[]) => console.log(`[scale ${new Date().toISOString().slice(11, 19)}]`, ...a);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  log(`${ok ? 'PASS' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

// ── Setup ───────────────────────────────────────────────────────────────────────────────────────
function findNginx(): string {
  const candidates = [process.env.NGINX, '/usr/sbin/nginx', 'nginx'].filter(Boolean) as string[];
  for (const c of candidates) if (spawnSync(c, ['-v']).status === 0) return c;
  if (process.getuid?.() === 0 && spawnSync('apt-get', ['--version']).status === 0) {
    log("nginx is missing: installing Debian's nginx-light (apt-get)…");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', 'nginx-light'], { stdio: 'inherit', env });
    // The package starts its own service on port 80; this run starts nginx itself.
    spawnSync('service', ['nginx', 'stop'], { stdio: 'ignore' });
    if (spawnSync('/usr/sbin/nginx', ['-v']).status === 0) return '/usr/sbin/nginx';
  }
  throw new Error('nginx not found: apt-get install nginx-light (or set NGINX=/path/to/nginx)');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>, database = serverUrl.pathname.slice(1) || 'postgres'): Promise<T> {
  const u = new URL(serverUrl);
  u.pathname = `/${database}`;
  const c = new pg.Client({ connectionString: u.toString() });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}
const dbUrl = () => {
  const u = new URL(serverUrl);
  u.pathname = `/${DB_NAME}`;
  return u.toString();
};

/** The two roles of docs/deployment.md ("Database roles"), made for the run and dropped after it. */
const ROLES = {
  owner: { name: `${DB_NAME}_owner`, password: randomBytes(18).toString('base64url') },
  app: { name: `${DB_NAME}_app`, password: randomBytes(18).toString('base64url') },
} as const;
/** The scratch database's URL as one of the run's roles. */
const roleUrl = (role: { name: string; password: string }) => {
  const u = new URL(dbUrl());
  u.username = role.name;
  u.password = role.password;
  return u.toString();
};
const dropRoles = (c: pg.Client) => c.query(`drop role if exists ${ROLES.app.name}, ${ROLES.owner.name}`);

// ── The slowest SQL statements (pg_stat_statements), over the load only ─────────────────────────
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Makes the extension in the scratch database and resets its counters. Answers null when the statistics
 * will be there at the end, else the one line saying why not (the run goes on without them).
 */
async function resetSqlStats(): Promise<string | null> {
  return admin(async (c) => {
    try {
      await c.query('create extension if not exists pg_stat_statements');
    } catch (err) {
      return `slowest SQL statements: not available — create extension pg_stat_statements failed (${errorText(err)}); install PostgreSQL's contrib package on the server`;
    }
    try {
      await c.query('select pg_stat_statements_reset()');
      return null;
    } catch (err) {
      const preload = await c
        .query<{ shared_preload_libraries: string }>('show shared_preload_libraries')
        .then((r) => r.rows[0]?.shared_preload_libraries ?? '')
        .catch(() => '?');
      return `slowest SQL statements: not available — ${errorText(err)} (the server's shared_preload_libraries is '${preload}': start PostgreSQL with shared_preload_libraries = 'pg_stat_statements' to see them)`;
    }
  }, DB_NAME).catch((err: unknown) => `slowest SQL statements: not available — ${errorText(err)}`);
}

/** The five statements of the scratch database with the highest mean time since the reset, as a table. */
async function slowestSqlStatements(): Promise<string[]> {
  return admin(async (c) => {
    const { rows } = await c.query<{ query: string; calls: string; mean: number; total: number }>(
      `select s.query, s.calls, s.mean_exec_time as mean, s.total_exec_time as total
         from pg_stat_statements s join pg_database d on d.oid = s.dbid
        where d.datname = $1 and s.query not ilike '%pg_stat_statements%'
        order by s.mean_exec_time desc
        limit 5`,
      [DB_NAME],
    );
    return [
      'slowest SQL statements during the load (pg_stat_statements, by mean time):',
      ...formatTable(
        ['mean ms', 'total ms', 'calls', 'statement'],
        rows.map((r) => [r.mean.toFixed(2), r.total.toFixed(1), r.calls, oneLineSql(r.query, 160)]),
        [0, 1, 2],
      ),
    ];
  }, DB_NAME).catch((err: unknown) => [`slowest SQL statements: not available — reading pg_stat_statements failed (${errorText(err)})`]);
}

type Instance = { name: string; port: number; child: ChildProcess; logFile: string; exited: Promise<number | null> };

async function startInstance(name: string, env: Record<string, string>, dir: string): Promise<Instance> {
  const port = await freePort();
  const logFile = path.join(dir, `${name}.log`);
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/main.mjs')], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(dir, name) },
    stdio: ['ignore', out, out],
    // Its own process group: only this script's explicit kills reach it.
    detached: true,
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited during start (see ${logFile})`);
    try {
      const res = await fetch(`http://127.0.0.1:${String(port)}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`${name} did not answer /api/health within 60 s (see ${logFile})`);
    await sleep(250);
  }
  log(`${name} listening on 127.0.0.1:${String(port)} (pid ${String(child.pid)})`);
  return { name, port, child, logFile, exited };
}

function nginxConfig(dir: string, listenPort: number, upstreamPorts: number[]): string {
  let site = fs.readFileSync(path.join(ROOT, 'deploy/nginx/payrail.conf'), 'utf8');
  // The deploy file, with this run's instances and port; the load generator plays the load balancer in
  // front (it sends X-Forwarded-For from 127.0.0.1), so each virtual borrower has its own address.
  const servers = upstreamPorts.map((p) => `    server 127.0.0.1:${String(p)} max_fails=1 fail_timeout=5s;`).join('\n');
  site = site.replace(/(upstream payrail \{[\s\S]*?)(?:\s*server 127\.0\.0\.1:\d+[^\n]*)+/, `$1\n${servers}`);
  site = site.replace(/listen 80;/, `listen 127.0.0.1:${String(listenPort)};`);
  site = site.replace(/# set_real_ip_from [^\n]*\n(\s*)# real_ip_header X-Forwarded-For;/, 'set_real_ip_from 127.0.0.1;\n$1real_ip_header X-Forwarded-For;');
  if (!site.includes(`127.0.0.1:${String(upstreamPorts[0])}`) || !site.includes('set_real_ip_from 127.0.0.1;'))
    throw new Error('deploy/nginx/payrail.conf no longer has the shape this script edits');
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `daemon off;
worker_processes 2;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/nginx-body;
  proxy_temp_path ${dir}/nginx-proxy;
  fastcgi_temp_path ${dir}/nginx-fastcgi;
  uwsgi_temp_path ${dir}/nginx-uwsgi;
  scgi_temp_path ${dir}/nginx-scgi;
${site}
}
`,
  );
  return conf;
}

// ── The client ──────────────────────────────────────────────────────────────────────────────────
/** `steps`: each answered request's latency under its journey step (method and route), for the per-step table. */
type Stats = { requests: number; retried: number; errors: string[]; latencies: number[]; steps: Map<string, number[]> };
const stats: Stats = { requests: 0, retried: 0, errors: [], latencies: [], steps: new Map() };
let base = '';

/** A connection reset or a 502/504 from nginx (the instance that held the request died): retryable. */
class Retryable extends Error {}

/** `step` names the request in the per-step table; by default its method and path without the query. */
async function send(
  ip: string,
  method: string,
  url: string,
  opts: { token?: string; json?: unknown; body?: Buffer; contentType?: string; step?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { 'x-forwarded-for': ip };
  if (opts.token) headers.authorization = opts.token;
  let body: string | Uint8Array | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.body) {
    headers['content-type'] = opts.contentType!;
    body = new Uint8Array(opts.body);
  }
  const t0 = performance.now();
  stats.requests++;
  let res: Response;
  try {
    res = await fetch(base + url, { method, headers, body, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    const code = (err as { cause?: { code?: string } }).cause?.code ?? '';
    if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'ECONNREFUSED') throw new Retryable(`${method} ${url}: ${code}`);
    throw err;
  }
  const ms = performance.now() - t0;
  stats.latencies.push(ms);
  const step = opts.step ?? `${method} ${url.split('?')[0]!}`;
  const samples = stats.steps.get(step);
  if (samples) samples.push(ms);
  else stats.steps.set(step, [ms]);
  if (res.status === 502 || res.status === 504) {
    await res.arrayBuffer();
    throw new Retryable(`${method} ${url}: ${String(res.status)}`);
  }
  return res;
}

/** Sends, retrying (up to 3 times) only what `Retryable` marks; `retriedHook` says a retry happened. */
async function call(ip: string, method: string, url: string, opts: Parameters<typeof send>[3] = {}, onRetry?: () => void): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send(ip, method, url, opts);
    } catch (err) {
      if (!(err instanceof Retryable) || attempt >= 3) throw err;
      stats.retried++;
      onRetry?.();
      await sleep(200 * (attempt + 1));
    }
  }
}

async function expectStatus(res: Response, status: number, what: string): Promise<unknown> {
  const text = await res.text();
  if (res.status !== status) throw new Error(`${what}: ${String(res.status)} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : null;
}

const randomIp = () =>
  `10.${String(1 + Math.floor(Math.random() * 254))}.${String(1 + Math.floor(Math.random() * 254))}.${String(1 + Math.floor(Math.random() * 254))}`;

const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const b of buf) c = CRC[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};
/** A valid greyscale PNG, 16×1, random pixels: every borrower's photo is a different file. */
function randomPng(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(16, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr[8] = 8;
  ihdr[9] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat([Buffer.from([0]), randomBytes(16)]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
function multipart(field: string, filename: string, contentType: string, data: Buffer): { body: Buffer; contentType: string } {
  const boundary = `----payrail${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

const think = () => (THINK_MS > 0 ? sleep(THINK_MS * (0.5 + Math.random())) : Promise.resolve());

// ── One borrower journey ────────────────────────────────────────────────────────────────────────
type Journey = { email: string; firstName: string; lastName: string; avatar: string; png: Buffer };
let stateId = 0;
let recoveredSignups = 0;
let recoveredConfirmations = 0;

async function borrowerJourney(n: number): Promise<Journey> {
  const ip = randomIp();
  const email = `scale.${RUN}.${String(n)}@example.com`;
  await think();
  // Sign-up: a retried sign-up whose first attempt committed answers "has already been taken"; the
  // account is then the one the first attempt made (checked against the database at the end).
  let retried = false;
  const signup = await call(
    ip,
    'POST',
    '/api/signup',
    {
      json: {
        application_member: { email, password: PASSWORD, password_confirmation: PASSWORD },
        fingerprint: `fp-${RUN}-${String(n)}`,
        agreements: { privacy_notice: true, consent_eletronic_comunications: true },
        loan_borrower: { state_id: stateId },
      },
    },
    () => (retried = true),
  );
  if (!(signup.status === 201 || (retried && signup.status === 422))) await expectStatus(signup, 201, 'signup');
  else await signup.arrayBuffer();
  const confirmationCode = async () => {
    const mail = (await expectStatus(await call(ip, 'GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`), 200, 'outbox')) as {
      subject: string;
      body: string;
    }[];
    return mail.map((m) => /confirmation code is ([A-Z0-9]{6})/.exec(m.body)?.[1]).find(Boolean);
  };
  let code = await confirmationCode();
  if (!code && retried) {
    // The killed instance committed the account but died before e-mailing the code (the e-mail is sent
    // after the commit): the borrower asks for another, as the sign-in screen offers.
    recoveredSignups++;
    await expectStatus(
      await call(ip, 'POST', '/api/confirmation/resend_confirmation', { json: { application_member: { email } } }),
      200,
      'resend confirmation',
    );
    code = await confirmationCode();
  }
  if (!code) throw new Error(`no confirmation e-mail for ${email}`);
  await think();
  let confirmRetried = false;
  let confirmed = await call(ip, 'GET', `/api/confirmation?confirmation_token=${code}`, {}, () => (confirmRetried = true));
  if (confirmed.status === 422) {
    // The killed instance confirmed the account but died before answering (the client retried, or nginx
    // did: it resends a GET whose instance dropped the connection): "was already confirmed, please try
    // signing in" — so the borrower signs in. Nobody else knows this account's code.
    if (!confirmRetried) stats.retried++;
    await confirmed.arrayBuffer();
    recoveredConfirmations++;
    confirmed = await call(ip, 'POST', '/api/login', { json: { application_member: { email, password: PASSWORD } } });
  }
  await expectStatus(confirmed, 200, 'confirmation');
  const token = confirmed.headers.get('authorization');
  if (!token) throw new Error('confirmation answered no token');

  await expectStatus(await call(ip, 'GET', '/api/token_is_valid', { token }), 200, 'token_is_valid');
  await think();
  const firstName = `Scale${randomBytes(4).toString('hex')}`;
  const lastName = `Journey${String(n)}`;
  for (const field of [{ first_name: 'Draft' }, { first_name: firstName }, { last_name: lastName }]) {
    await expectStatus(await call(ip, 'POST', '/api/about_yourself/update_field', { token, json: { loan_borrower: field } }), 200, 'update_field');
    await think();
  }
  const png = randomPng();
  const form = multipart('avatar', 'me.png', 'image/png', png);
  const uploaded = (await expectStatus(
    await call(ip, 'PATCH', '/api/users/avatar', { token, body: form.body, contentType: form.contentType }),
    200,
    'avatar upload',
  )) as { url: string };
  // Read back through nginx: round robin sends it to the other instance about half the time.
  for (let i = 0; i < 2; i++) {
    const served = await call(ip, 'GET', uploaded.url, { step: 'GET /api/avatars/:key' });
    if (served.status !== 200) throw new Error(`avatar read: ${String(served.status)}`);
    if (!Buffer.from(await served.arrayBuffer()).equals(png)) throw new Error('avatar read back different bytes');
  }
  await think();
  await expectStatus(await call(ip, 'GET', '/api/loans/ongoing_loans', { token }), 200, 'ongoing_loans');
  await expectStatus(await call(ip, 'GET', '/api/states'), 200, 'states');
  return { email, firstName, lastName, avatar: uploaded.url, png };
}

// ── The run ─────────────────────────────────────────────────────────────────────────────────────
async function main(): Promise<void> {
  const nginxBin = findNginx();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-scale-'));
  log(
    `work directory ${dir}; ${String(USERS)} borrowers for ${String(SECONDS)} s (arriving over ${String(RAMP_SECONDS)} s, pauses of ~${String(THINK_MS)} ms between screens, requests time out after ${String(TIMEOUT_MS)} ms); load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );

  log('building the server bundle…');
  if (spawnSync(process.execPath, [path.join(ROOT, 'scripts/build-server.mjs')], { stdio: 'inherit', cwd: ROOT }).status !== 0)
    throw new Error('build:server failed');

  // The owner owns the database and its public schema (it migrates and grants); the app role owns nothing.
  await admin(async (c) => {
    await c.query(`drop database if exists ${DB_NAME} with (force)`);
    await dropRoles(c);
    await c.query(`create role ${ROLES.owner.name} login password '${ROLES.owner.password}'`);
    await c.query(`create role ${ROLES.app.name} login password '${ROLES.app.password}'`);
    await c.query(`create database ${DB_NAME} owner ${ROLES.owner.name}`);
  });
  await admin(async (c) => {
    await c.query(`revoke all on schema public from public`);
    await c.query(`alter schema public owner to ${ROLES.owner.name}`);
  }, DB_NAME);
  log(`database ${DB_NAME}: owner role ${ROLES.owner.name} (migrations, grants), app role ${ROLES.app.name} (the instances' connections)`);
  const s3 = await startLocalS3();
  log(`S3-compatible store at ${s3.endpoint} (bucket ${s3.bucket})`);

  const env: Record<string, string> = {
    NODE_ENV: 'development',
    LOG_LEVEL: process.env.SCALE_LOG_LEVEL ?? 'info',
    SEED_DEMO: 'false',
    SERVE_SPA: 'false',
    // Least privilege: each instance migrates and grants as the owner at start, then runs as the app role.
    MIGRATION_DATABASE_URL: roleUrl(ROLES.owner),
    DATABASE_URL: roleUrl(ROLES.app),
    REDIS_URL,
    ENCRYPTION_KEY,
    STORAGE_PROVIDER: 's3',
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: s3.bucket,
    S3_REGION: s3.region,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    TRUST_PROXY: 'loopback',
  };
  const instances: Instance[] = [];
  let nginx: ChildProcess | undefined;
  const stopAll = () => {
    nginx?.kill('SIGTERM');
    for (const i of instances) if (i.child.exitCode === null) i.child.kill('SIGTERM');
  };
  process.once('SIGINT', () => {
    stopAll();
    process.exit(130);
  });
  try {
    // The first instance migrates; the second starts on the migrated database.
    instances.push(await startInstance('instance-a', env, dir));
    instances.push(await startInstance('instance-b', env, dir));
    const listen = await freePort();
    const conf = nginxConfig(
      dir,
      listen,
      instances.map((i) => i.port),
    );
    nginx = spawn(nginxBin, ['-c', conf, '-p', dir], { stdio: ['ignore', 'inherit', 'inherit'] });
    base = `http://127.0.0.1:${String(listen)}`;
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        /* starting */
      }
      if (i > 40) throw new Error(`nginx did not start (see ${dir}/nginx-error.log)`);
      await sleep(250);
    }
    log(`nginx on ${base} → ${instances.map((i) => String(i.port)).join(', ')}`);

    // ── API journeys, one at a time ──
    const states = (await expectStatus(await call(randomIp(), 'GET', '/api/states'), 200, 'states')) as { id: number; is_available: boolean }[];
    stateId = states.find((s) => s.is_available)!.id;
    const first = await borrowerJourney(0);
    check(true, `API journey: sign-up, confirmation, session check, About-yourself saves, photo to S3 and read back (${first.email})`);

    // Both instances answer through nginx (round robin): count which one answered by asking each directly.
    const direct = await Promise.all(instances.map(async (i) => (await fetch(`http://127.0.0.1:${String(i.port)}/api/health`)).status));
    check(
      direct.every((s) => s === 200),
      'both instances are up',
    );

    // The per-IP limit holds across instances: login allows 10 a minute per address, round robin
    // spreads 30 attempts over both instances; in-memory counters would let 20 through.
    const limitIp = randomIp();
    const codes: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await call(limitIp, 'POST', '/api/login', {
        json: { application_member: { email: `limit.${RUN}.${String(i)}@example.com`, password: 'wrong-password-1' } },
      });
      await res.arrayBuffer();
      codes.push(res.status);
    }
    const allowed = codes.filter((c) => c !== 429).length;
    check(allowed === 10, `per-IP limit across two instances: ${String(allowed)} of 30 login attempts from one address got through (budget 10)`);

    // Least privilege (docs/deployment.md, "Database roles"): the instances' connections are the app role's,
    // which owns no table (the owner owns them all) and may not alter one.
    const split = await admin(async (c) => {
      const sessions = await c.query<{ usename: string }>(`select usename from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [DB_NAME]);
      const owners = await c.query<{ tableowner: string; n: string }>(
        `select tableowner, count(*)::text as n from pg_tables where schemaname = 'public' group by tableowner`,
      );
      return { sessions: sessions.rows.map((r) => r.usename), owners: owners.rows };
    }, DB_NAME);
    check(
      split.sessions.length > 0 && split.sessions.every((u) => u === ROLES.app.name),
      `the instances run as the app role: ${String(split.sessions.length)} connections, as ${[...new Set(split.sessions)].join(', ') || 'nobody'}`,
    );
    check(
      split.owners.length === 1 && split.owners[0]!.tableowner === ROLES.owner.name,
      `the owner role owns every table (${split.owners.map((o) => `${o.tableowner}: ${o.n}`).join(', ')})`,
    );
    const asApp = new pg.Client({ connectionString: roleUrl(ROLES.app) });
    await asApp.connect();
    const refused = await asApp
      .query('alter table staff_actions add column scale_probe integer')
      .then(() => null)
      .catch((err: unknown) => (err as { code?: string }).code ?? 'error');
    await asApp.end();
    check(refused === '42501', `the app role may not alter a table (${refused === null ? 'it could' : `refused: ${refused}`})`);

    // ── Load: USERS concurrent borrowers for SECONDS; instance B is killed half-way ──
    // The per-step table and the SQL statistics cover the load only (not the sequential probes above).
    stats.steps.clear();
    const sqlStatsUnavailable = await resetSqlStats();
    const journeys: Journey[] = [first];
    const deadline = Date.now() + SECONDS * 1000;
    let n = 1;
    let killedAt = 0;
    const killer = (async () => {
      await sleep((SECONDS * 1000) / 2);
      const b = instances[1]!;
      log(`killing ${b.name} (SIGKILL, pid ${String(b.child.pid)}) with ${String(USERS)} borrowers in flight`);
      killedAt = Date.now();
      b.child.kill('SIGKILL');
      await b.exited;
    })();
    const startedAt = Date.now();
    await Promise.all(
      Array.from({ length: USERS }, async (_, u) => {
        await sleep((u * RAMP_SECONDS * 1000) / USERS);
        while (Date.now() < deadline) {
          const id = n++;
          try {
            journeys.push(await borrowerJourney(id));
          } catch (err) {
            stats.errors.push(`journey ${String(id)}: ${(err as Error).message}`);
          }
        }
      }),
    );
    await killer;
    const elapsed = (Date.now() - startedAt) / 1000;
    const lat = stats.latencies.sort((a, b) => a - b);
    const pct = (p: number) => (lat.length ? lat[Math.min(lat.length - 1, Math.floor((p / 100) * lat.length))]!.toFixed(0) : '-');
    log(
      `load: ${String(journeys.length - 1)} journeys completed by ${String(USERS)} borrowers in ${elapsed.toFixed(0)} s; ${String(stats.requests)} requests (${(stats.requests / elapsed).toFixed(0)} req/s), p50 ${pct(50)} ms, p99 ${pct(99)} ms; ${String(stats.retried)} retried after a reset/502 (${String(recoveredSignups)} sign-ups cut between commit and e-mail, recovered by a resend; ${String(recoveredConfirmations)} confirmations answered by the killed instance's commit, recovered by signing in); instance killed ${killedAt ? `${((killedAt - startedAt) / 1000).toFixed(0)} s in` : 'never'}`,
    );
    const steps = summarizeSteps(stats.steps);
    log(`latency per journey step during the load (ms, every answered request):`);
    for (const line of formatTable(
      ['step', 'count', 'p50', 'p95', 'p99', 'max'],
      steps.map((s) => [s.step, s.count, s.p50.toFixed(0), s.p95.toFixed(0), s.p99.toFixed(0), s.max.toFixed(0)]),
      [1, 2, 3, 4, 5],
    ))
      log(`  ${line}`);
    if (sqlStatsUnavailable) log(sqlStatsUnavailable);
    else for (const [i, line] of (await slowestSqlStatements()).entries()) log(i === 0 ? line : `  ${line}`);
    for (const e of stats.errors.slice(0, 10)) log(`  error: ${e}`);
    check(stats.errors.length === 0, `no errors other than retried connection resets (${String(stats.errors.length)} errors)`);
    check(journeys.length > USERS, `journeys completed (${String(journeys.length - 1)})`);

    // ── Every write read back from the database: nothing lost, nothing doubled ──
    await admin(async (c) => {
      const members = await c.query<{ email: string; n: string; first_name: string | null; last_name: string | null; avatar: string | null; mails: string }>(
        `select m.email, count(*) over (partition by m.email) as n, b.first_name, b.last_name, m.avatar,
                (select count(*) from outbox_messages o where o.recipient = m.email and o.subject = 'Confirm your Payrail account') as mails
           from application_members m left join loan_borrowers b on b.user_id = m.id
          where m.email like $1`,
        [`scale.${RUN}.%`],
      );
      const byEmail = new Map(members.rows.map((r) => [r.email, r]));
      const lost = journeys.filter((j) => {
        const r = byEmail.get(j.email);
        return !r || r.first_name !== j.firstName || r.last_name !== j.lastName || r.avatar !== j.avatar;
      });
      const doubled = members.rows.filter((r) => Number(r.n) > 1 || Number(r.mails) > 1);
      // (A recovered sign-up has its resent e-mail only: the first one was never written.)
      check(
        lost.length === 0,
        `no lost write: ${String(journeys.length)} journeys' names and photos all read back (${String(lost.length)} missing or different)`,
      );
      check(doubled.length === 0, `no doubled write: one account and one confirmation e-mail per sign-up (${String(doubled.length)} doubled)`);
      const orphanAccounts = members.rows.length - journeys.length;
      log(`accounts made by the run: ${String(members.rows.length)} (${String(orphanAccounts)} by journeys cut short by the deadline or an error)`);
    }, DB_NAME).catch((err: unknown) => check(false, `database check: ${(err as Error).message}`));
    // The photo of a journey is in the bucket (sealed: the store never holds the PNG itself).
    const stored = [...s3.objects.values()];
    const pngMagic = first.png.subarray(0, 8);
    check(
      stored.length >= journeys.length && !stored.some((o) => o.bytes.subarray(0, 8).equals(pngMagic)),
      `files on S3: ${String(stored.length)} objects for ${String(journeys.length)} photos, all sealed (S3 requests ${JSON.stringify(s3.requests)})`,
    );
    check(s3.requests.refused === 0, 'every S3 request was signed correctly');
    const a = instances[0]!;
    check(a.child.exitCode === null, `${a.name} survived and kept answering`);
  } finally {
    stopAll();
    await Promise.all(instances.map((i) => Promise.race([i.exited, sleep(12_000)])));
    await s3.close();
    await admin(async (c) => {
      await c.query(`drop database if exists ${DB_NAME} with (force)`);
      await dropRoles(c);
    }).catch(() => undefined);
    log(`logs kept in ${dir}`);
  }
  if (failures.length) {
    log(`FAILED: ${failures.length} check(s)`);
    process.exit(1);
  }
  log('all checks passed');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
