/**
 * npm run rotate-keys [-- --check] [--batch N]                              (docs/operations.md, "Keys")
 *
 * Re-seals every sealed value under the current ENCRYPTION_KEY: the sealed columns (SSN and its index,
 * driver-licence and bank account numbers, aggregator access tokens, card tokens and their index, employer
 * TOTP secrets, statement PDFs), the sealed stored files (documents, avatars, signed notes, due-date change
 * and payment-plan agreements, Metro 2 files; local disk or S3, through the storage port) and the NACHA
 * spool. Values sealed under ENCRYPTION_KEYS_PREVIOUS (or in the version-1 format) are opened and sealed
 * again; a value already under the current key is skipped. Batches of `--batch` (default 200); resumable
 * (run it again after a stop); safe while the server runs on PostgreSQL (each write is a compare-and-set on
 * the value read). With the embedded database, stop the server first (one process per data directory).
 *
 * `--check` changes nothing: it counts per table and file kind what is still under an old key and exits 1
 * while anything is, 0 when ENCRYPTION_KEYS_PREVIOUS can be emptied.
 *
 * Same configuration as `npm start`. Exit codes: 0 done, 1 values left behind (listed) or still under an old
 * key (--check), 2 usage or configuration.
 */
import { loadConfig } from '../config';
import { createContext } from '../context';
import { openDatabase } from '../db/client';
import { lockDataDir } from '../db/lock';
import { checkKeys, formatCheck, formatRotation, rotateKeys } from './key-rotation';
import { keyRotationRepository } from './key-rotation.repository';

const args = process.argv.slice(2);
const check = args.includes('--check');
const batchAt = args.indexOf('--batch');
const batchSize = batchAt >= 0 ? Number(args[batchAt + 1]) : 200;
const known = new Set(['--check', '--batch']);
if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000 || args.some((a, i) => a.startsWith('--') && !known.has(a) && i !== batchAt + 1)) {
  console.error('usage: npm run rotate-keys -- [--check] [--batch 1..10000]');
  process.exit(2);
}

let config;
try {
  config = loadConfig({ ...process.env, NODE_ENV: process.env.NODE_ENV || 'development' });
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(2);
}
const unlock = config.databaseUrl ? undefined : await lockDataDir(config.dataDir);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pgliteWorker: config.pgliteWorker });
let code: number;
try {
  // No migration here: the database is the running server's (already migrated), and the runtime role may not own the schema.
  const ctx = createContext(config, database);
  const deps = {
    repo: keyRotationRepository(database.db),
    box: await ctx.cryptoBox(),
    storage: ctx.providers.storage,
    nachaDir: config.ach.nachaDir,
    batchSize,
    log: (line: string) => console.log(line),
  };
  if (check) {
    const report = await checkKeys(deps);
    for (const line of formatCheck(report)) console.log(line);
    code = report.left === 0 ? 0 : 1;
  } else {
    console.log(
      `Rotating to key ${deps.box.keyId} (previous: ${deps.box.previousKeyIds.join(', ') || 'none'}; ${config.storage.provider} storage, batches of ${String(batchSize)})`,
    );
    const started = Date.now();
    const report = await rotateKeys(deps);
    for (const line of formatRotation(report)) console.log(line);
    console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s. Run npm run rotate-keys -- --check to confirm nothing is left.`);
    code = report.failures.length === 0 ? 0 : 1;
  }
} finally {
  await database.close();
  await unlock?.();
}
process.exit(code);
