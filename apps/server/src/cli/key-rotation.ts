import fs from 'node:fs';
import path from 'node:path';
import { nachaSpoolAad, SEALED_SPOOL_SUFFIX } from '../adapters/ach/nacha-spool';
import type { FileStorage } from '../adapters/storage/port';
import type { CryptoBox } from '../lib/crypto-box';
import { DRIVER_LICENSE_AAD, SSN_AAD } from '../modules/application/field-rules';
import { ACCESS_TOKEN_AAD, ACCOUNT_NUMBER_AAD } from '../modules/banking/bank-accounts';
import { TOTP_SECRET_AAD } from '../modules/employer-portal/auth/totp';
import { pdfAad } from '../modules/statements/use-cases/generate-statements';
import {
  type KeyRotationRepository,
  SEALED_COLUMN_NAMES,
  type SealedColumnName,
  type SealedValueRow,
  STORED_FILE_KINDS,
  type StoredFileKind,
} from './key-rotation.repository';

/**
 * The engine of `npm run rotate-keys` (docs/operations.md, "Keys"): re-seals every sealed value under the
 * crypto box's current key — every sealed column (and the HMAC index beside it), every sealed stored file,
 * every sealed NACHA spool file — in batches.
 *
 * - Idempotent and resumable: a value already under the current key id is skipped (columns are filtered
 *   in SQL, files by their header), so a run stopped anywhere is simply run again.
 * - Safe while the server runs: a column value is written back only if the row still holds the value read
 *   (compare-and-set); a value the server rewrote meanwhile (already under the current key, since the
 *   server seals with it) is left alone. Stored files are write-once: the only concurrent change is their
 *   record going away (a deleted document, a replaced avatar), checked before and after the write.
 * - A value no key of the ring opens is reported (table and id, or file) and left: the run goes on and
 *   ends with failures, which `--check` keeps counting.
 */

/** What the rotation did to one column or one kind of file. */
export type Tally = {
  /** Re-sealed under the current key. */
  resealed: number;
  /** Already under the current key (files; columns skip these in SQL). */
  current: number;
  /** Changed by the server between the read and the write: left as the server wrote it. */
  changed: number;
  /** A file its record names that storage does not hold. */
  missing: number;
  /** No key of the ring opens it, or (columns) its new index belongs to another row. */
  failed: number;
};
export type RotationReport = {
  keyId: string;
  columns: Record<SealedColumnName, Tally>;
  files: Record<StoredFileKind | 'nacha_spool', Tally>;
  /** One line per value left behind: where, and why (never the value). */
  failures: string[];
};

/** What `--check` found: values per column / file kind not yet under the current key. */
export type CheckReport = {
  keyId: string;
  previousKeyIds: readonly string[];
  columns: Record<SealedColumnName, number>;
  files: Record<StoredFileKind | 'nacha_spool', number>;
  /** Files a record names that storage does not hold (not counted as left). */
  missing: number;
  left: number;
};

export type RotationDeps = {
  repo: KeyRotationRepository;
  box: CryptoBox;
  storage: FileStorage;
  /** The NACHA spool directory (config.ach.nachaDir); skipped when it does not exist. */
  nachaDir: string;
  batchSize?: number;
  log?: (line: string) => void;
};

/** Per sealed column: its associated data, and (indexed columns) the text its HMAC index is taken of. */
const COLUMN_RULES: Record<SealedColumnName, { aad: (row: SealedValueRow) => string; index?: (plain: string) => string }> = {
  'borrower_profiles.ssn': { aad: () => SSN_AAD, index: (ssn) => ssn },
  'borrower_profiles.driver_license_number': { aad: () => DRIVER_LICENSE_AAD },
  'bank_accounts.account_number': { aad: () => ACCOUNT_NUMBER_AAD },
  'bank_accounts.access_token': { aad: () => ACCESS_TOKEN_AAD },
  'wallet_cards.token': { aad: () => 'wallet_cards.token', index: (token) => `wallet-token:${token}` },
  'employer_users.totp_secret': { aad: () => TOTP_SECRET_AAD },
  'loan_statements.pdf': { aad: (r) => pdfAad(Number(r.context.loanId), String(r.context.kind), String(r.context.periodStart)) },
};

const DEFAULT_BATCH = 200;
const tally = (): Tally => ({ resealed: 0, current: 0, changed: 0, missing: 0, failed: 0 });
const why = (err: unknown) => (err instanceof Error ? err.message : String(err));

function spoolFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(SEALED_SPOOL_SUFFIX))
    .sort()
    .map((f) => path.join(dir, f));
}

/** Re-seals every sealed value under the box's current key. */
export async function rotateKeys(deps: RotationDeps): Promise<RotationReport> {
  const { repo, box, storage } = deps;
  const batch = deps.batchSize ?? DEFAULT_BATCH;
  const log = deps.log ?? (() => undefined);
  const report: RotationReport = {
    keyId: box.keyId,
    columns: Object.fromEntries(SEALED_COLUMN_NAMES.map((n) => [n, tally()])) as RotationReport['columns'],
    files: Object.fromEntries([...STORED_FILE_KINDS, 'nacha_spool'].map((k) => [k, tally()])) as RotationReport['files'],
    failures: [],
  };

  for (const name of SEALED_COLUMN_NAMES) {
    const t = report.columns[name];
    const rule = COLUMN_RULES[name];
    let after = 0;
    for (;;) {
      const rows = await repo.pendingValues(name, box.keyId, after, batch);
      if (rows.length === 0) break;
      for (const row of rows) {
        after = row.id;
        const aad = rule.aad(row);
        let plain: string;
        try {
          plain = box.open(row.sealed, aad);
        } catch (err) {
          t.failed++;
          report.failures.push(`${name} id ${String(row.id)}: ${why(err)}`);
          continue;
        }
        const outcome = await repo.swap(name, row.id, row.sealed, box.seal(plain, aad), rule.index ? box.hmacIndex(rule.index(plain)) : undefined);
        if (outcome === 'swapped') t.resealed++;
        else if (outcome === 'changed') t.changed++;
        else {
          t.failed++;
          report.failures.push(`${name} id ${String(row.id)}: its new index is already another row's (two rows for one value)`);
        }
      }
      log(`  ${name}: ${String(t.resealed)} re-sealed so far (up to id ${String(after)})`);
    }
  }

  for (const kind of STORED_FILE_KINDS) {
    const t = report.files[kind];
    let after = 0;
    for (;;) {
      const rows = await repo.storedFiles(kind, after, batch);
      if (rows.length === 0) break;
      for (const row of rows) {
        after = row.id;
        const key = row.storageKey;
        const sealed = await storage.get(key);
        if (!sealed) {
          t.missing++;
          continue;
        }
        if (box.keyIdOfBytes(sealed) === box.keyId) {
          t.current++;
          continue;
        }
        let resealed: Buffer;
        try {
          resealed = box.sealBytes(box.openBytes(sealed, key), key);
        } catch (err) {
          t.failed++;
          report.failures.push(`${kind} file ${key} (record ${String(row.id)}): ${why(err)}`);
          continue;
        }
        // Compare-and-set by hand (storage has no conditional write): still the same bytes, still referenced.
        const again = await storage.get(key);
        if (!again?.equals(sealed) || !(await repo.stillReferenced(kind, row.id, key))) {
          t.changed++;
          continue;
        }
        await storage.put(key, resealed, 'application/octet-stream');
        if (!(await repo.stillReferenced(kind, row.id, key))) {
          // Removed while it was written: remove it again rather than bring it back.
          await storage.delete(key);
          t.changed++;
          continue;
        }
        t.resealed++;
      }
      log(`  ${kind} files: ${String(t.resealed)} re-sealed, ${String(t.current)} already current so far`);
    }
  }

  const spool = report.files.nacha_spool;
  for (const file of spoolFiles(deps.nachaDir)) {
    let sealed: Buffer;
    try {
      sealed = fs.readFileSync(file);
    } catch {
      spool.missing++; // picked up meanwhile
      continue;
    }
    if (box.keyIdOfBytes(sealed) === box.keyId) {
      spool.current++;
      continue;
    }
    const aad = nachaSpoolAad(file);
    let resealed: Buffer;
    try {
      resealed = box.sealBytes(box.openBytes(sealed, aad), aad);
    } catch (err) {
      spool.failed++;
      report.failures.push(`NACHA spool file ${path.basename(file)}: ${why(err)}`);
      continue;
    }
    // As the spool writes: owner-only, a temporary name, then renamed over the file (if still the same one).
    const tmp = `${file}.${String(process.pid)}.rotate.tmp`;
    fs.writeFileSync(tmp, resealed, { mode: 0o600 });
    const still = fs.existsSync(file) ? fs.readFileSync(file) : null;
    if (!still?.equals(sealed)) {
      fs.rmSync(tmp, { force: true });
      spool.changed++;
      continue;
    }
    fs.renameSync(tmp, file);
    spool.resealed++;
  }
  if (spool.resealed + spool.current + spool.failed > 0) log(`  NACHA spool: ${String(spool.resealed)} re-sealed, ${String(spool.current)} already current`);
  return report;
}

/** Counts the values not yet under the current key; `left` 0 means no previous key is needed any more. */
export async function checkKeys(deps: RotationDeps): Promise<CheckReport> {
  const { repo, box, storage } = deps;
  const batch = deps.batchSize ?? DEFAULT_BATCH;
  const columns = {} as CheckReport['columns'];
  for (const name of SEALED_COLUMN_NAMES) columns[name] = await repo.countPending(name, box.keyId);
  const files = {} as CheckReport['files'];
  let missing = 0;
  for (const kind of STORED_FILE_KINDS) {
    files[kind] = 0;
    let after = 0;
    for (;;) {
      const rows = await repo.storedFiles(kind, after, batch);
      if (rows.length === 0) break;
      for (const row of rows) {
        after = row.id;
        const sealed = await storage.get(row.storageKey);
        if (!sealed) missing++;
        else if (box.keyIdOfBytes(sealed) !== box.keyId) files[kind]++;
      }
    }
  }
  files.nacha_spool = 0;
  for (const file of spoolFiles(deps.nachaDir)) {
    const sealed = fs.existsSync(file) ? fs.readFileSync(file) : null;
    if (sealed && box.keyIdOfBytes(sealed) !== box.keyId) files.nacha_spool++;
  }
  const left = [...Object.values(columns), ...Object.values(files)].reduce((s, n) => s + n, 0);
  return { keyId: box.keyId, previousKeyIds: box.previousKeyIds, columns, files, missing, left };
}

/** The report's lines, one per column / file kind. */
export function formatRotation(r: RotationReport): string[] {
  const line = (name: string, t: Tally) =>
    `${name.padEnd(42)} ${String(t.resealed).padStart(7)} re-sealed  ${String(t.current).padStart(7)} already current  ${String(t.changed).padStart(4)} changed meanwhile  ${String(t.missing).padStart(4)} missing  ${String(t.failed).padStart(4)} failed`;
  return [
    `Re-sealed under key ${r.keyId}:`,
    ...Object.entries(r.columns).map(([n, t]) => line(n, t)),
    ...Object.entries(r.files).map(([k, t]) => line(`${k} files`, t)),
    ...(r.failures.length > 0 ? ['Left behind:', ...r.failures.map((f) => `  ${f}`)] : []),
  ];
}

export function formatCheck(c: CheckReport): string[] {
  return [
    `Current key ${c.keyId}; previous keys ${c.previousKeyIds.length > 0 ? c.previousKeyIds.join(', ') : '(none)'}.`,
    ...Object.entries(c.columns).map(([n, v]) => `${n.padEnd(42)} ${String(v).padStart(7)} not under the current key`),
    ...Object.entries(c.files).map(([k, v]) => `${`${k} files`.padEnd(42)} ${String(v).padStart(7)} not under the current key`),
    ...(c.missing > 0 ? [`(${String(c.missing)} files named by a record are not in storage: see the back office's storage check)`] : []),
    c.left === 0
      ? 'Nothing is left under a previous key: ENCRYPTION_KEYS_PREVIOUS can be emptied.'
      : `${String(c.left)} values are still under a previous key (or the old format): run npm run rotate-keys, and keep ENCRYPTION_KEYS_PREVIOUS until this says 0.`,
  ];
}
