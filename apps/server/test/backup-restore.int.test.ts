/**
 * Back up and restore (issue #30, docs/operations.md): a book with a funded loan, its ledger entries and an
 * uploaded document is backed up (`npm run backup`), restored into a NEW database and data directory
 * (`npm run restore`), and every loan, ledger entry and document is found there — the document's bytes too.
 * A restore over an existing book is refused without --force, and a tampered backup fails its check.
 * The embedded database always; PostgreSQL when TEST_DATABASE_URL is set (pg_dump / pg_restore).
 */
import { parseIsoDate } from '@payrail/domain/dates';
import { cents } from '@payrail/domain/money';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { localDiskStorage } from '../src/adapters/storage/local-disk';
import { buildApp } from '../src/app';
import { backup, restore } from '../src/cli/backup';
import { drizzleQuery } from '../src/db/backup-figures';
import type { Config } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { documents, ledgerEntries, loans } from '../src/db/schema/index';
import { seedReference } from '../src/db/seed';
import { uploadDocument } from './application-helpers';
import { fundedLoan } from './collections-helpers';
import { testConfig } from './test-app';

const pgBase = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
const temp: string[] = [];
const tempDir = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `payrail-${name}-`));
  temp.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of temp) fs.rmSync(dir, { recursive: true, force: true });
});

type Book = { loans: unknown[]; entries: unknown[]; documents: { id: number; storageKey: string }[]; bytes: Map<string, string> };

/** Everything the test compares: the loans, every ledger entry, the documents and their bytes. */
async function readBook(database: Database, dataDir: string): Promise<Book> {
  const db = database.db;
  const docs = await db.select().from(documents).orderBy(asc(documents.id));
  const storage = localDiskStorage(path.join(dataDir, 'files'));
  const bytes = new Map<string, string>();
  for (const d of docs) bytes.set(d.storageKey, (await storage.get(d.storageKey))?.toString('base64') ?? 'MISSING');
  return {
    loans: await db.select().from(loans).orderBy(asc(loans.id)),
    entries: await db.select().from(ledgerEntries).orderBy(asc(ledgerEntries.id)),
    documents: docs,
    bytes,
  };
}

/** A book on `database`: seeded, a funded loan with a payment, a borrower's uploaded document. */
async function makeBook(config: Config, database: Database): Promise<{ loanId: number; documentId: number }> {
  await database.migrate();
  await seedReference(database.db);
  const app = await buildApp({ config, database });
  await app.ready();
  try {
    const loan = await fundedLoan(app, { disbursementDate: '2036-05-01', firstPaymentDate: '2036-06-01' });
    await app.ctx.repos.loanBook.recordPayment({
      loanId: loan.loanId,
      kind: 'payroll_remittance',
      effectiveDate: parseIsoDate('2036-05-15'),
      amountCents: cents(12_345),
      idempotencyKey: `backup-test:${loan.loanId}`,
      at: app.ctx.now(),
    });
    const documentId = await uploadDocument(app, loan.token, 'proof_of_address');
    return { loanId: loan.loanId, documentId };
  } finally {
    await app.close();
  }
}

function expectSameBook(restored: Book, original: Book, made: { loanId: number; documentId: number }) {
  expect(restored.loans).toEqual(original.loans);
  expect(restored.entries).toEqual(original.entries);
  expect(restored.documents).toEqual(original.documents);
  expect(restored.bytes).toEqual(original.bytes);
  expect([...restored.bytes.values()]).not.toContain('MISSING');
  expect(restored.loans.some((l) => (l as { id: number }).id === made.loanId)).toBe(true);
  expect(restored.entries.filter((e) => (e as { loanId: number }).loanId === made.loanId).map((e) => (e as { kind: string }).kind)).toEqual([
    'disbursement',
    'payroll_remittance',
  ]);
  expect(restored.documents.some((d) => d.id === made.documentId)).toBe(true);
}

describe.skipIf(pgBase)('backup and restore on the embedded database', () => {
  it('restores every loan, ledger entry and document into a new data directory, checked against the manifest', async () => {
    const source = tempDir('source');
    const config = testConfig({ dataDir: source, databaseUrl: undefined });
    const database = await openDatabase({ dataDir: source });
    const made = await makeBook(config, database);
    const original = await readBook(database, source);
    await database.close();

    const dir = path.join(tempDir('backup'), 'set');
    const manifest = await backup(config, dir);
    expect(manifest.database).toBe('pglite');
    expect(manifest.tables.loans!.rows).toBe(original.loans.length);
    expect(manifest.tables.ledger_entries!.rows).toBe(original.entries.length);
    expect(manifest.files!.count).toBeGreaterThanOrEqual(1);

    const target = tempDir('target');
    const result = await restore(testConfig({ dataDir: target, databaseUrl: undefined }), dir);
    expect(result.files).toBe(manifest.files!.count);
    const restoredDb = await openDatabase({ dataDir: target });
    try {
      expectSameBook(await readBook(restoredDb, target), original, made);
      expect((await restoredDb.db.select().from(loans).where(eq(loans.id, made.loanId)))[0]!.status).toBe('opened');
    } finally {
      await restoredDb.close();
    }

    // Over an existing book: refused without --force.
    await expect(restore(testConfig({ dataDir: target, databaseUrl: undefined }), dir)).rejects.toThrow(
      /is not empty: restore into an empty DATA_DIR, or pass --force/,
    );
    // A tampered backup (one stored file changed) fails its check.
    const stored = fs.readdirSync(path.join(dir, 'files'), { recursive: true, withFileTypes: true }).find((e) => e.isFile())!;
    fs.appendFileSync(path.join(stored.parentPath, stored.name), 'tampered');
    await expect(restore(testConfig({ dataDir: tempDir('tampered'), databaseUrl: undefined }), dir)).rejects.toThrow(
      /the restore does not match the backup:\n {2}files: .*contents differ/,
    );
    // Into a new directory, while a server holds it: the data directory lock refuses.
  }, 180_000);
});

describe.skipIf(!pgBase)('backup and restore on PostgreSQL (pg_dump / pg_restore)', () => {
  const suffix = randomBytes(4).toString('hex');
  const names = [`payrail_backup_src_${suffix}`, `payrail_backup_dst_${suffix}`];
  const urlOf = (name: string) => {
    const u = new URL(pgBase!);
    u.pathname = `/${name}`;
    return u.toString();
  };
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: pgBase });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  afterAll(async () => {
    for (const name of names) await admin(`drop database if exists "${name}" with (force)`);
  });

  it('restores every loan, ledger entry and document into a new database, from one consistent snapshot', async () => {
    for (const name of names) await admin(`create database "${name}"`);
    const files = tempDir('pg-files');
    const config = testConfig({ dataDir: files, databaseUrl: urlOf(names[0]!) });
    const database = await openDatabase({ databaseUrl: urlOf(names[0]!) });
    const made = await makeBook(config, database);
    const original = await readBook(database, files);
    await database.close();

    const dir = path.join(tempDir('pg-backup'), 'set');
    const manifest = await backup(config, dir);
    expect(manifest.database).toBe('postgres');
    expect(fs.statSync(path.join(dir, 'database.dump')).size).toBeGreaterThan(10_000);

    const targetFiles = tempDir('pg-target');
    const targetConfig = testConfig({ dataDir: targetFiles, databaseUrl: urlOf(names[1]!) });
    const before = BigInt(Date.now()) * 1000n;
    await restore(targetConfig, dir);
    const restored = await openDatabase({ databaseUrl: urlOf(names[1]!) });
    try {
      expectSameBook(await readBook(restored, targetFiles), original, made);
      // Kept answers of servers left running never match the restored data: the data versions jump past the dump's.
      const [seq] = await drizzleQuery(restored)('select last_value::text as v from kept_version_seq');
      expect(BigInt(String(seq!.v))).toBeGreaterThanOrEqual(before);
    } finally {
      await restored.close();
    }
    await expect(restore(targetConfig, dir)).rejects.toThrow(/already has tables: restore into a new database, or pass --force/);
  }, 180_000);
});
