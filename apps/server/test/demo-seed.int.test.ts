import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_APPLICANTS, seedDemoApplications } from '../src/db/seed-demo-applications';
import { applicationMembers, documents, esignatures } from '../src/db/schema/index';
import { classicApp } from './application-helpers';
import type { TestApp } from './test-app';

let app: TestApp;
beforeAll(async () => {
  // The worker's scratch directory: the demo applicants are seeded once per database (backoffice tests
  // may have seeded them already), and their files must be where every app of the worker looks.
  app = await classicApp();
  await seedDemoApplications(app.ctx);
});
afterAll(() => app.close());

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('demo applications', () => {
  it('store real signed notes: the engine figures in the PDF and a SHA-256 that matches the stored bytes', async () => {
    const db = app.ctx.database.db;
    const box = await app.ctx.cryptoBox();
    const signed = DEMO_APPLICANTS.filter((a) => a.signed);
    expect(signed.length).toBeGreaterThan(0);
    for (const applicant of signed) {
      const [member] = await db.select().from(applicationMembers).where(eq(applicationMembers.email, applicant.email));
      const [row] = await db.select().from(esignatures).where(eq(esignatures.userId, member!.id));
      const bytes = box.openBytes((await app.ctx.providers.storage.get(row!.storageKey))!, row!.storageKey);
      expect(sha256(bytes)).toBe(row!.sha256);
      expect(bytes.length).toBe(row!.byteSize);
      const pdf = await PDFDocument.load(bytes);
      const keywords = pdf.getKeywords() ?? '';
      expect(keywords).toContain(`amount_cents=${applicant.amountCents}`);
      expect(keywords).toContain(`apr=${row!.figures.apr}`);
      expect(keywords).toContain('signed=true');
    }
  });

  it('store document hashes that match their bytes', async () => {
    const db = app.ctx.database.db;
    const box = await app.ctx.cryptoBox();
    const [member] = await db.select().from(applicationMembers).where(eq(applicationMembers.email, DEMO_APPLICANTS[0]!.email));
    const rows = await db.select().from(documents).where(eq(documents.userId, member!.id));
    expect(rows).toHaveLength(4);
    for (const row of rows) expect(sha256(box.openBytes((await app.ctx.providers.storage.get(row.storageKey))!, row.storageKey))).toBe(row.sha256);
  });
});
