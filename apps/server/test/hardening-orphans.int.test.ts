import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, pendingUploads } from '../src/db/schema/index';
import { sweepOrphanUploads } from '../src/modules/documents/use-cases/sweep-orphan-uploads';
import { documentForm, tinyPdf } from './document-files';
import { auth, call, signUpConfirmed } from './identity-helpers';
import { type TestApp, testApp } from './test-app';

/** Issue #14 §10: an interrupted upload leaves no orphan sealed file for long. */
let now = new Date('2026-04-01T10:00:00Z');
let app: TestApp;
beforeAll(async () => {
  app = await testApp({ now: () => now });
});
afterAll(() => app.close());

const upload = (token: string) => {
  const form = documentForm({ data: tinyPdf(), filename: 'id.pdf' }, 'driver_license');
  return call(app, { method: 'POST', url: '/api/documents', headers: { ...form.headers, ...auth(token) }, payload: form.payload });
};

describe('orphan upload files are swept', () => {
  it('a file whose row was never written is removed an hour later; a referenced one stays', async () => {
    const { token, id } = await signUpConfirmed(app);
    // The interruption: the row cannot be written and the clean-up fails too (as when the process dies).
    const repo = app.ctx.repos.documents;
    const storage = app.ctx.providers.storage;
    const [create, remove] = [repo.create, storage.delete];
    repo.create = async () => Promise.reject(new Error('connection lost'));
    storage.delete = async () => Promise.reject(new Error('disk gone'));
    try {
      expect((await upload(token)).statusCode).toBe(500);
    } finally {
      repo.create = create;
      storage.delete = remove;
    }
    const [orphan] = await app.ctx.database.db.select().from(pendingUploads).where(eq(pendingUploads.createdAt, now));
    expect(orphan).toBeDefined();
    expect(await storage.get(orphan!.storageKey)).not.toBeNull();

    // A finished upload whose journal row was left behind (crash right after the row was written).
    expect((await upload(token)).statusCode).toBe(201);
    const [kept] = await app.ctx.database.db.select().from(documents).where(eq(documents.userId, id));
    await repo.beginUpload(kept!.storageKey, now);

    // Within the hour nothing is touched: the upload may still be running.
    expect(await sweepOrphanUploads(app.ctx)).toBe(0);
    now = new Date('2026-04-01T11:00:01Z');
    expect(await sweepOrphanUploads(app.ctx)).toBeGreaterThanOrEqual(1);
    expect(await storage.get(orphan!.storageKey)).toBeNull();
    expect(await storage.get(kept!.storageKey)).not.toBeNull();
    expect(await app.ctx.database.db.select().from(pendingUploads).where(eq(pendingUploads.storageKey, kept!.storageKey))).toEqual([]);
  });
});
