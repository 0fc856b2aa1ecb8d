import { spawnSync } from 'node:child_process';
import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSealedNachaFile, openNachaSpoolFile } from '../src/adapters/ach/nacha-spool';
import { buildApp } from '../src/app';
import { checkKeys, rotateKeys, type RotationDeps } from '../src/cli/key-rotation';
import { keyRotationRepository } from '../src/cli/key-rotation.repository';
import { type Config, loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { bankAccounts, borrowerProfiles, documents, walletCards } from '../src/db/schema/index';
import { seedDemo, seedReference } from '../src/db/seed';
import { createCryptoBox } from '../src/lib/crypto-box';
import { DRIVER_LICENSE_AAD } from '../src/modules/application/field-rules';
import { CLOCK_START, uniqueSsn, updateField, showField } from './application-helpers';
import { HARBOR_POINT, post, setStatus, uploadDocument } from './banking-helpers';
import { tinyPdf } from './document-files';
import { auth, call, signUpConfirmed } from './identity-helpers';
import type { TestApp } from './test-app';

/**
 * Rotating the sealing key (docs/operations.md, "Keys"), on its own database (the shared one holds other
 * files' values under other keys): borrowers sealed under key A; the app restarted with B current and A
 * previous still reads everything and still finds an SSN on file; the rotation re-seals every value (a
 * write the server makes meanwhile is kept); `--check` finds nothing left; with B alone everything reads;
 * a second run changes nothing. The CLI itself runs last, as an operator would run it.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const CLI = path.resolve(import.meta.dirname, '../src/cli/rotate-keys.ts');
const KEY_A = randomBytes(32);
const KEY_B = randomBytes(32);
const usePostgres = process.env.TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL;

let dataDir: string;
let pgUrl: string | undefined;
let database: Database;
const apps: TestApp[] = [];

function configWith(current: Buffer, previous: Buffer[]): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SERVE_SPA: 'false',
    DATA_DIR: dataDir,
    ENCRYPTION_KEY: current.toString('base64'),
    ...(previous.length > 0 ? { ENCRYPTION_KEYS_PREVIOUS: previous.map((k) => k.toString('base64')).join(',') } : {}),
  });
}

async function appWith(current: Buffer, previous: Buffer[]): Promise<TestApp> {
  const t0 = Date.now();
  const app = await buildApp({ config: configWith(current, previous), database, now: () => new Date(CLOCK_START + (Date.now() - t0)) });
  await app.ready();
  apps.push(app);
  return app;
}

/** A value in the version-1 column format under `master`, as the box wrote it before key ids. */
function legacySeal(master: Buffer, text: string, aad: string): string {
  const aes = Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), 'payrail/crypto-box/aes-256-gcm/v1', 32));
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', aes, iv, { authTagLength: 16 });
  c.setAAD(Buffer.from(aad, 'utf8'));
  const ct = Buffer.concat([c.update(text, 'utf8'), c.final()]);
  return ['v1', iv.toString('base64url'), c.getAuthTag().toString('base64url'), ct.toString('base64url')].join(':');
}

async function rotationDeps(app: TestApp, batchSize = 2): Promise<RotationDeps> {
  return {
    repo: keyRotationRepository(database.db),
    box: await app.ctx.cryptoBox(),
    storage: app.ctx.providers.storage,
    nachaDir: app.ctx.config.ach.nachaDir,
    batchSize,
  };
}

type Borrower = { token: string; id: number; ssn: string; licence: string; account: string; documentId: number };
const borrowers: Borrower[] = [];
/** A member still on the About-yourself step (its fields can be changed while the rotation runs). */
let editable: { token: string; id: number; ssn: string; licence: string };
/** A member with a debit card on file (its token sealed, with an HMAC index against adding it twice). */
let cardHolder: { token: string; id: number; cardToken: string; cardId: number };
const CARD = { name: 'Ada Lovelace', number: '4242 4242 4242 4242', exp_month: '12', exp_year: '2030', cvc: '123' };

/** The same card token presented again is the card already on file, not a second card. */
async function sameCardAgain(app: TestApp): Promise<void> {
  const res = await post(app, cardHolder.token, '/api/wallet', { token: cardHolder.cardToken, card_number: 'XXXX4242' });
  expect(res.statusCode, res.body).toBeLessThan(300);
  expect(res.json<{ id: number }>().id).toBe(cardHolder.cardId);
  expect(await database.db.select().from(walletCards).where(eq(walletCards.userId, cardHolder.id))).toHaveLength(1);
}
const SPOOL_TEXT = '101 FIRST 000123456789 JANE DOE';
let spoolFile: string;

/** Everything a borrower reads back: masked SSN, licence, masked account number, the document's bytes. */
async function readsBack(app: TestApp, b: Borrower): Promise<void> {
  expect((await showField(app, b.token, 'social_security_number')).json<{ value: unknown }>().value).toBe(`xxx-xx-${b.ssn.slice(-4)}`);
  expect((await showField(app, b.token, 'driver_license_number')).json<{ value: unknown }>().value).toBe(b.licence);
  const account = await call(app, { url: '/api/bank_informations/show_field/bank_account_number', headers: auth(b.token) });
  expect(account.json()).toEqual({ bank_account_number: `********${b.account.slice(-4)}` });
  const doc = await call(app, { url: `/api/documents/${String(b.documentId)}`, headers: auth(b.token) });
  expect(doc.statusCode, doc.body).toBe(200);
  expect(doc.rawPayload.equals(tinyPdf())).toBe(true);
}

/** Another member typing an SSN already on file is told it is taken. */
async function ssnIsTaken(app: TestApp, ssn: string): Promise<void> {
  const other = await signUpConfirmed(app);
  const res = await updateField(app, other.token, { social_security_number: ssn });
  expect(res.statusCode, res.body).toBe(422);
  expect(res.body).toContain('has already been taken');
}

async function sealedColumns(): Promise<string[]> {
  const profiles = await database.db.select().from(borrowerProfiles).orderBy(borrowerProfiles.id);
  const accounts = await database.db.select().from(bankAccounts).orderBy(bankAccounts.id);
  return [
    ...profiles.flatMap((p) => [p.ssnSealed ?? '', p.ssnIndex ?? '', p.driverLicenseNumberSealed ?? '']),
    ...accounts.map((a) => a.accountNumberSealed ?? ''),
  ];
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-keyrot-'));
  if (usePostgres) {
    const base = new URL(process.env.TEST_DATABASE_URL!);
    const name = `${base.pathname.slice(1) || 'payrail'}_keyrot`.replace(/[^a-z0-9_]/g, '_');
    const admin = new pg.Client({ connectionString: base.toString() });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    await admin.end();
    base.pathname = `/${name}`;
    pgUrl = base.toString();
    database = await openDatabase({ databaseUrl: pgUrl });
  } else {
    database = await openDatabase({ dataDir });
  }
  await database.migrate();
  await seedReference(database.db);
  await seedDemo(database.db);

  // Under key A alone: five borrowers (batches of two see several pages), a spool file.
  const appA = await appWith(KEY_A, []);
  for (let i = 0; i < 5; i++) {
    const m = await signUpConfirmed(appA);
    const ssn = uniqueSsn();
    const licence = `DL-${String(100_000 + i)}`;
    const account = `00012345${String(6780 + i)}`;
    const saved = await updateField(appA, m.token, { social_security_number: ssn, driver_license_number: licence });
    expect(saved.statusCode, saved.body).toBe(200);
    await setStatus(appA, m.id, 'bank_manual_input');
    for (const field of [{ account_type: 'checking' }, { routing_transfer_number: HARBOR_POINT.routing }, { bank_account_number: account }]) {
      const res = await post(appA, m.token, '/api/bank_informations/update_field', { bank_information: field });
      expect(res.statusCode, res.body).toBe(200);
    }
    const upload = await uploadDocument(appA, m.token, 'bank_statement');
    expect(upload.statusCode, upload.body).toBe(201);
    borrowers.push({ ...m, ssn, licence, account, documentId: upload.json<{ id: number }>().id });
  }
  const e = await signUpConfirmed(appA);
  editable = { ...e, ssn: uniqueSsn(), licence: 'DL-EDIT-1' };
  expect((await updateField(appA, e.token, { social_security_number: editable.ssn, driver_license_number: editable.licence })).statusCode).toBe(200);
  const c = await signUpConfirmed(appA);
  await setStatus(appA, c.id, 'debit_card');
  const cardToken = (await post(appA, null, '/api/card_tokenizer/sandbox/tokenize', CARD)).json<{ id: string }>().id;
  const added = await post(appA, c.token, '/api/wallet', { token: cardToken, card_number: '**** **** **** 4242' });
  expect(added.statusCode, added.body).toBe(201);
  cardHolder = { ...c, cardToken, cardId: added.json<{ id: number }>().id };
  // One licence number still in the version-1 format (sealed before key ids existed), under A.
  const legacy = borrowers[4]!;
  await database.db
    .update(borrowerProfiles)
    .set({ driverLicenseNumberSealed: legacySeal(KEY_A, legacy.licence, DRIVER_LICENSE_AAD) })
    .where(eq(borrowerProfiles.userId, legacy.id));
  spoolFile = await writeSealedNachaFile(appA.ctx.config.ach.nachaDir, 'NACHA-KEYROT', SPOOL_TEXT, () => appA.ctx.cryptoBox());
  for (const b of borrowers) await readsBack(appA, b);
  await appA.close();
}, 120_000);

afterAll(async () => {
  for (const app of apps) await app.close().catch(() => undefined);
  await database?.close().catch(() => undefined);
  if (pgUrl) {
    const url = new URL(pgUrl);
    const name = url.pathname.slice(1);
    url.pathname = new URL(process.env.TEST_DATABASE_URL!).pathname;
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('key rotation', () => {
  it('reads everything under B with A as a previous key, re-seals it all under B, and then B alone reads it', async () => {
    const appBA = await appWith(KEY_B, [KEY_A]);
    const boxBA = await appBA.ctx.cryptoBox();
    expect(boxBA.keyId).toBe(createCryptoBox(KEY_B).keyId);
    for (const b of borrowers) await readsBack(appBA, b);
    // An SSN indexed under A is still found while B is current.
    await ssnIsTaken(appBA, borrowers[0]!.ssn);
    await sameCardAgain(appBA);

    const before = await checkKeys(await rotationDeps(appBA));
    expect(before.columns['borrower_profiles.ssn']).toBe(6);
    expect(before.columns['borrower_profiles.driver_license_number']).toBe(6);
    expect(before.columns['bank_accounts.account_number']).toBe(5);
    expect(before.files.documents).toBe(5);
    expect(before.files.nacha_spool).toBe(1);
    expect(before.columns['wallet_cards.token']).toBe(1);
    expect(before.left).toBe(24);

    // A write the server makes while the rotation runs: a member changes their licence number between the
    // rotation's read of that row and its write. The server's value (sealed under B) must survive.
    const deps = await rotationDeps(appBA);
    const target = editable;
    const [targetRow] = await database.db.select({ id: borrowerProfiles.id }).from(borrowerProfiles).where(eq(borrowerProfiles.userId, target.id));
    let raced = false;
    const repo = deps.repo;
    deps.repo = {
      ...repo,
      swap: async (name, id, oldSealed, newSealed, newIndex) => {
        if (!raced && name === 'borrower_profiles.driver_license_number' && id === targetRow!.id) {
          raced = true;
          const res = await updateField(appBA, target.token, { driver_license_number: 'DL-CHANGED' });
          expect(res.statusCode, res.body).toBe(200);
        }
        return repo.swap(name, id, oldSealed, newSealed, newIndex);
      },
    };
    const report = await rotateKeys(deps);
    expect(raced).toBe(true);
    target.licence = 'DL-CHANGED';
    expect(report.failures).toEqual([]);
    expect(report.columns['borrower_profiles.ssn'].resealed).toBe(6);
    expect(report.columns['borrower_profiles.driver_license_number']).toMatchObject({ resealed: 5, changed: 1, failed: 0 });
    expect(report.columns['bank_accounts.account_number'].resealed).toBe(5);
    expect(report.columns['wallet_cards.token'].resealed).toBe(1);
    expect(report.files.documents).toMatchObject({ resealed: 5, failed: 0, missing: 0 });
    expect(report.files.nacha_spool.resealed).toBe(1);

    const after = await checkKeys(await rotationDeps(appBA));
    expect(after.left).toBe(0);
    for (const b of borrowers) await readsBack(appBA, b);
    expect((await showField(appBA, editable.token, 'driver_license_number')).json<{ value: unknown }>().value).toBe('DL-CHANGED');
    await appBA.close();

    // B alone: every value and file opens, the SSN check finds rows re-indexed under B, the spool opens.
    const appB = await appWith(KEY_B, []);
    for (const b of borrowers) await readsBack(appB, b);
    expect((await showField(appB, editable.token, 'driver_license_number')).json<{ value: unknown }>().value).toBe('DL-CHANGED');
    await ssnIsTaken(appB, borrowers[3]!.ssn);
    await ssnIsTaken(appB, editable.ssn);
    await sameCardAgain(appB);
    expect(openNachaSpoolFile(createCryptoBox(KEY_B), spoolFile)).toBe(SPOOL_TEXT);
    expect(() => openNachaSpoolFile(createCryptoBox(KEY_A), spoolFile)).toThrow(/sealed under key/);

    // A second run changes nothing.
    const snapshot = await sealedColumns();
    const [doc] = await database.db.select({ key: documents.storageKey }).from(documents).where(eq(documents.id, borrowers[0]!.documentId));
    const docBytes = await appB.ctx.providers.storage.get(doc!.key);
    const spoolBytes = fs.readFileSync(spoolFile);
    const again = await rotateKeys(await rotationDeps(appB));
    expect(again.failures).toEqual([]);
    for (const t of [...Object.values(again.columns), ...Object.values(again.files)]) expect(t.resealed).toBe(0);
    expect(again.files.documents.current).toBe(5);
    expect(await sealedColumns()).toEqual(snapshot);
    expect((await appB.ctx.providers.storage.get(doc!.key))?.equals(docBytes!)).toBe(true);
    expect(fs.readFileSync(spoolFile).equals(spoolBytes)).toBe(true);
    expect((await checkKeys(await rotationDeps(appB))).left).toBe(0);
    await appB.close();
  }, 120_000);

  it('runs as npm run rotate-keys: --check exits 1 while a value is under an old key, 0 after the run', async () => {
    // A member sealed under A after the rotation (an instance still on the old configuration, say).
    const appA = await appWith(KEY_A, []);
    const m = await signUpConfirmed(appA);
    expect((await updateField(appA, m.token, { social_security_number: uniqueSsn() })).statusCode).toBe(200);
    await appA.close();
    await database.close();

    const env = {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      ENCRYPTION_KEY: KEY_B.toString('base64'),
      ENCRYPTION_KEYS_PREVIOUS: KEY_A.toString('base64'),
      ...(pgUrl ? { DATABASE_URL: pgUrl } : { DATABASE_URL: '' }),
    };
    const cli = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: ROOT, env, encoding: 'utf8', timeout: 90_000 });
    const check1 = cli('--check');
    expect(check1.status, check1.stderr).toBe(1);
    expect(check1.stdout).toMatch(/borrower_profiles\.ssn\s+1 not under the current key/);
    const run = cli('--batch', '50');
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/borrower_profiles\.ssn\s+1 re-sealed/);
    const check2 = cli('--check');
    expect(check2.status, check2.stdout + check2.stderr).toBe(0);
    expect(check2.stdout).toContain('ENCRYPTION_KEYS_PREVIOUS can be emptied');
    expect(check2.stdout).not.toContain(KEY_A.toString('base64'));
    expect(check2.stdout).not.toContain(KEY_B.toString('base64'));

    database = pgUrl ? await openDatabase({ databaseUrl: pgUrl }) : await openDatabase({ dataDir });
  }, 180_000);
});
