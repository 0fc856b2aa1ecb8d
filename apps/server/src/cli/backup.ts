/**
 * npm run backup -- <dir>   /   npm run restore -- <dir> [--force]       (docs/operations.md, "Back up and restore")
 *
 * Backs up the database `npm start` uses and the uploaded files, and restores them, then checks the result:
 * - PostgreSQL (DATABASE_URL): `pg_dump --format=custom` (a consistent snapshot while the server runs) into
 *   `<dir>/database.dump`; restored with `pg_restore` into the (empty) database of DATABASE_URL.
 * - Embedded (PGlite, DATA_DIR): the data directory's `pgdata/` copied while no server holds DATA_DIR (the
 *   backup and the restore take the data directory's lock, so a running server makes them stop with a message).
 * - Uploaded files (local storage: DATA_DIR/files) are copied beside the database. With S3 storage the bucket
 *   is backed up by the bucket's own versioning/replication, not here.
 * Every backup writes `<dir>/manifest.json`: per table its row count and an order-independent checksum of its
 * rows, and a digest of the files. A restore is checked against it table by table and file by file, and fails
 * loudly on any difference. Sealed columns stay sealed: keep ENCRYPTION_KEY (or, in development, the install
 * secret stored in the database itself) with the backup's access rules.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { type Config, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { type TableFigures, drizzleQuery, tableFigures } from '../db/backup-figures';
import { lockDataDir } from '../db/lock';

const run = promisify(execFile);

export type Manifest = {
  version: 1;
  created_at: string;
  database: 'pglite' | 'postgres';
  tables: Record<string, TableFigures>;
  files: { count: number; bytes: number; digest: string } | null;
};

/** Every file under `root` (relative path → SHA-256), sorted. */
function walkFiles(root: string): { rel: string; sha256: string; bytes: number }[] {
  if (!fs.existsSync(root)) return [];
  const out: { rel: string; sha256: string; bytes: number }[] = [];
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const bytes = fs.readFileSync(file);
    out.push({ rel: path.relative(root, file).split(path.sep).join('/'), sha256: createHash('sha256').update(bytes).digest('hex'), bytes: bytes.length });
  }
  return out.sort((a, b) => a.rel.localeCompare(b.rel));
}

function fileFigures(root: string): Manifest['files'] {
  const files = walkFiles(root);
  const digest = createHash('sha256');
  for (const f of files) digest.update(`${f.rel}\0${f.sha256}\n`);
  return { count: files.length, bytes: files.reduce((s, f) => s + f.bytes, 0), digest: digest.digest('hex') };
}

/** What differs between a manifest and what is there now (empty when identical). */
export function compareManifest(expected: Manifest, tables: Record<string, TableFigures>, files: Manifest['files']): string[] {
  const problems: string[] = [];
  for (const [name, want] of Object.entries(expected.tables)) {
    const have = tables[name];
    if (!have) problems.push(`table ${name} is missing`);
    else if (have.rows !== want.rows) problems.push(`table ${name}: ${have.rows} rows, the backup has ${want.rows}`);
    else if (have.checksum !== want.checksum) problems.push(`table ${name}: same row count, different contents`);
  }
  for (const name of Object.keys(tables)) if (!(name in expected.tables)) problems.push(`table ${name} is not in the backup`);
  if (expected.files && files && (expected.files.count !== files.count || expected.files.digest !== files.digest)) {
    problems.push(`files: ${files.count} restored, the backup has ${expected.files.count}${expected.files.count === files.count ? ' (contents differ)' : ''}`);
  }
  return problems;
}

const filesDir = (dataDir: string) => path.join(dataDir, 'files');
const usesLocalFiles = (config: Config) => config.storage.provider === 'local';

/** Backs up the configured database (and local files) into `dir`, which must not exist or be empty. */
export async function backup(config: Config, dir: string): Promise<Manifest> {
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) throw new Error(`${dir} is not empty: back up into a new directory`);
  fs.mkdirSync(dir, { recursive: true });
  let manifest: Manifest;
  if (config.databaseUrl) {
    // One snapshot for the dump and the manifest: a repeatable-read transaction exports it, the figures are
    // read in it, and pg_dump dumps exactly it (--snapshot), however much the running server writes meanwhile.
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    try {
      await client.query('begin isolation level repeatable read read only');
      const snapshot = String((await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id);
      const dump = run('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--snapshot=${snapshot}`,
        '--file',
        path.join(dir, 'database.dump'),
        config.databaseUrl,
      ]);
      const tables = await tableFigures(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
      await dump;
      manifest = { version: 1, created_at: new Date().toISOString(), database: 'postgres', tables, files: null };
      await client.query('commit');
    } finally {
      await client.end();
    }
    if (usesLocalFiles(config) && fs.existsSync(filesDir(config.dataDir))) fs.cpSync(filesDir(config.dataDir), filesDir(dir), { recursive: true });
    manifest.files = usesLocalFiles(config) ? fileFigures(filesDir(dir)) : null;
  } else {
    if (!fs.existsSync(path.join(config.dataDir, 'pgdata'))) throw new Error(`${config.dataDir} holds no embedded database (no pgdata): nothing to back up`);
    const unlock = await lockDataDir(config.dataDir); // refuses while a server uses DATA_DIR
    try {
      fs.cpSync(path.join(config.dataDir, 'pgdata'), path.join(dir, 'pgdata'), { recursive: true });
      if (usesLocalFiles(config) && fs.existsSync(filesDir(config.dataDir))) fs.cpSync(filesDir(config.dataDir), filesDir(dir), { recursive: true });
    } finally {
      await unlock();
    }
    const copy = await openDatabase({ dataDir: dir });
    try {
      manifest = {
        version: 1,
        created_at: new Date().toISOString(),
        database: 'pglite',
        tables: await tableFigures(drizzleQuery(copy)),
        files: usesLocalFiles(config) ? fileFigures(filesDir(dir)) : null,
      };
    } finally {
      await copy.close();
    }
  }
  fs.writeFileSync(path.join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/**
 * Restores `dir` into the configured database (and local files), then checks every table and file against
 * the manifest. The target must be empty (a new database, an empty DATA_DIR) unless `force`.
 */
export async function restore(config: Config, dir: string, o: { force?: boolean } = {}): Promise<{ tables: number; rows: number; files: number }> {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
  if (manifest.database !== (config.databaseUrl ? 'postgres' : 'pglite'))
    throw new Error(`this backup is of the ${manifest.database} database; the configuration names the other one`);
  let tables: Record<string, TableFigures>;
  if (config.databaseUrl) {
    const target = await openDatabase({ databaseUrl: config.databaseUrl });
    try {
      const existing = (await drizzleQuery(target)("select count(*) as n from pg_tables where schemaname = 'public'"))[0]!;
      if (Number(existing.n) > 0 && !o.force)
        throw new Error('the target database already has tables: restore into a new database, or pass --force to replace them');
    } finally {
      await target.close();
    }
    await run('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--clean',
      '--if-exists',
      '--single-transaction',
      '--exit-on-error',
      '--dbname',
      config.databaseUrl,
      path.join(dir, 'database.dump'),
    ]);
    const restored = await openDatabase({ databaseUrl: config.databaseUrl });
    try {
      tables = await tableFigures(drizzleQuery(restored));
      // Servers left running keep signed-in answers keyed by data versions (http/kept-member-answers.ts) that the
      // dump's sequence could hand out again for other data: the sequence jumps past every value handed out before
      // (the clock in microseconds; a version moves once per write statement, far slower).
      await drizzleQuery(restored)(
        "select setval('kept_version_seq', greatest((select last_value from kept_version_seq), (extract(epoch from clock_timestamp()) * 1000000)::bigint))",
      );
    } finally {
      await restored.close();
    }
    if (manifest.files && fs.existsSync(filesDir(dir))) fs.cpSync(filesDir(dir), filesDir(config.dataDir), { recursive: true, force: true });
  } else {
    const unlock = await lockDataDir(config.dataDir);
    try {
      const pgdata = path.join(config.dataDir, 'pgdata');
      if (fs.existsSync(pgdata) && fs.readdirSync(pgdata).length > 0) {
        if (!o.force) throw new Error(`${pgdata} is not empty: restore into an empty DATA_DIR, or pass --force to replace it`);
        fs.rmSync(pgdata, { recursive: true, force: true });
      }
      fs.cpSync(path.join(dir, 'pgdata'), pgdata, { recursive: true });
      if (manifest.files && fs.existsSync(filesDir(dir))) fs.cpSync(filesDir(dir), filesDir(config.dataDir), { recursive: true, force: true });
      const restored = await openDatabase({ dataDir: config.dataDir });
      try {
        tables = await tableFigures(drizzleQuery(restored));
      } finally {
        await restored.close();
      }
    } finally {
      await unlock();
    }
  }
  const files = manifest.files ? fileFigures(filesDir(config.dataDir)) : null;
  // Files the target had before (with --force) would add to the count: only the backup's files are compared.
  const problems = compareManifest(manifest, tables, files && manifest.files ? restrictTo(manifest, config.dataDir, dir) : files);
  if (problems.length > 0) throw new Error(`the restore does not match the backup:\n  ${problems.join('\n  ')}`);
  return { tables: Object.keys(tables).length, rows: Object.values(tables).reduce((s, t) => s + t.rows, 0), files: manifest.files?.count ?? 0 };
}

/** The figures of the target's files that the backup holds (by relative path). */
function restrictTo(_manifest: Manifest, dataDir: string, dir: string): Manifest['files'] {
  const wanted = new Set(walkFiles(filesDir(dir)).map((f) => f.rel));
  const files = walkFiles(filesDir(dataDir)).filter((f) => wanted.has(f.rel));
  const digest = createHash('sha256');
  for (const f of files) digest.update(`${f.rel}\0${f.sha256}\n`);
  return { count: files.length, bytes: files.reduce((s, f) => s + f.bytes, 0), digest: digest.digest('hex') };
}

async function main(): Promise<void> {
  const [command, dir, ...flags] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !dir) {
    console.error('usage: npm run backup -- <dir>   |   npm run restore -- <dir> [--force]');
    process.exit(2);
  }
  // Like `npm start`: development unless NODE_ENV says otherwise (production then needs its real configuration).
  const config = loadConfig({ ...process.env, NODE_ENV: process.env.NODE_ENV || 'development' });
  const started = performance.now();
  if (command === 'backup') {
    const m = await backup(config, path.resolve(dir));
    const rows = Object.values(m.tables).reduce((s, t) => s + t.rows, 0);
    console.log(
      `backed up ${Object.keys(m.tables).length} tables (${rows} rows)${m.files ? ` and ${m.files.count} files` : ''} of the ${m.database} database into ${dir} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } else {
    const r = await restore(config, path.resolve(dir), { force: flags.includes('--force') });
    console.log(
      `restored ${r.tables} tables (${r.rows} rows) and ${r.files} files from ${dir}, every one checked against the manifest, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((err: unknown) => {
    console.error((err as Error).message);
    process.exit(1);
  });
}
