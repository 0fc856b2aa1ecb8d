import {
  DOCUMENT_FILE_BLANK,
  DOCUMENT_FILE_TOO_LARGE,
  DOCUMENT_FILE_WRONG_TYPE,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_NOT_FOUND,
  type TDocument,
} from '@payrail/contract/documents';
import { FIELD_MSG, MSG } from '@payrail/contract/messages';
import { eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { documents } from '../src/db/schema/index';
import { documentForm, multipart, tinyGif, tinyJpeg, tinyPdf, tinyPng } from './document-files';
import { auth, call, signUpConfirmed } from './identity-helpers';
import { type TestApp, testApp } from './test-app';

let app: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-docs-'));
  app = await testApp({ config: { dataDir } });
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
afterEach(() => vi.restoreAllMocks());

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Every file under the storage root (the only place uploads may land). */
function storedFiles(): string[] {
  const root = path.join(dataDir, 'files');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile()).sort();
}

const upload = (token: string | null, form: { payload: Buffer; headers: Record<string, string> }) =>
  call(app, { method: 'POST', url: '/api/documents', headers: { ...form.headers, ...(token ? auth(token) : {}) }, payload: form.payload });
const list = async (token: string, query = '') => (await call(app, { url: `/api/documents${query}`, headers: auth(token) })).json<TDocument[]>();
const rows = (userId: number) => app.ctx.database.db.select().from(documents).where(eq(documents.userId, userId));

describe('POST /api/documents', () => {
  it('stores a JPEG, a PNG and a PDF, typed by content, sealed on disk', async () => {
    const { token, id } = await signUpConfirmed(app);
    const files = [
      { type: 'driver_license', data: tinyJpeg(), filename: 'license.jpeg', ext: 'jpg', name: 'license.jpg' },
      { type: 'selfie_photo', data: tinyPng(), filename: 'me.png', ext: 'png', name: 'me.png' },
      { type: 'pay_stub', data: tinyPdf(), filename: 'stub.pdf', ext: 'pdf', name: 'stub.pdf' },
    ];
    const before = storedFiles().length;
    for (const f of files) {
      const res = await upload(token, documentForm({ data: f.data, filename: f.filename }, f.type));
      expect(res.statusCode, res.body).toBe(201);
      const doc = res.json<TDocument>();
      expect(doc).toEqual({
        id: expect.any(Number),
        file_name: f.name,
        file_url: `/api/documents/${doc.id}`,
        file_size: f.data.length,
        file_extension: f.ext,
        document_type_name: f.type,
      });
    }
    expect(storedFiles()).toHaveLength(before + 3);
    const stored = await rows(id);
    expect(stored.map((r) => [r.documentTypeName, r.contentType, r.byteSize, r.sha256])).toEqual(
      files.map((f) => [f.type, expect.any(String), f.data.length, sha256(f.data)]),
    );
    expect(stored.map((r) => r.contentType)).toEqual(['image/jpeg', 'image/png', 'application/pdf']);
    for (const r of stored) {
      expect(r.storageKey).toMatch(/^documents\/[0-9a-f]{2}\/[0-9a-f]{32}$/);
      const onDisk = fs.readFileSync(path.join(dataDir, 'files', r.storageKey));
      expect(onDisk.length).toBe(r.byteSize + 33); // the sealed envelope: version 1 + key id 4 + IV 12 + tag 16
      expect(onDisk.includes(Buffer.from('%PDF'))).toBe(false);
      expect(onDisk.includes(Buffer.from('JFIF'))).toBe(false);
    }
  });

  it('reads the form in any order, and cleans the file name', async () => {
    const { token } = await signUpConfirmed(app);
    const form = multipart([
      { name: 'document[file]', filename: '../../etc/my <stub>|x.pdf', contentType: 'application/pdf', data: tinyPng() },
      { name: 'document[document_type_name]', value: 'proof_of_address' },
    ]);
    const res = await upload(token, form);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ file_name: 'my _stub__x.png', file_extension: 'png', document_type_name: 'proof_of_address' });
  });

  it('accepts a file of exactly 2,000,000 bytes', async () => {
    const { token } = await signUpConfirmed(app);
    const res = await upload(token, documentForm({ data: tinyPdf(DOCUMENT_MAX_BYTES), filename: 'big.pdf' }, 'bank_statement'));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ file_size: DOCUMENT_MAX_BYTES });
  });

  describe('refusals leave nothing behind', () => {
    const cases: { title: string; form: () => { payload: Buffer; headers: Record<string, string> }; errors: Record<string, string[]> }[] = [
      {
        title: 'a text file renamed .png',
        form: () => documentForm({ data: Buffer.from('just some text, not an image'), filename: 'license.png', contentType: 'image/png' }),
        errors: { file: [DOCUMENT_FILE_WRONG_TYPE] },
      },
      {
        title: 'a GIF named .jpg',
        form: () => documentForm({ data: tinyGif(), filename: 'photo.jpg', contentType: 'image/jpeg' }),
        errors: { file: [DOCUMENT_FILE_WRONG_TYPE] },
      },
      {
        title: 'HTML named .pdf',
        form: () => documentForm({ data: Buffer.from('<html><script>alert(1)</script></html>'), filename: 'stub.pdf', contentType: 'application/pdf' }),
        errors: { file: [DOCUMENT_FILE_WRONG_TYPE] },
      },
      {
        title: 'a file over 2,000,000 bytes',
        form: () => documentForm({ data: tinyPdf(DOCUMENT_MAX_BYTES + 1), filename: 'big.pdf' }),
        errors: { file: [DOCUMENT_FILE_TOO_LARGE] },
      },
      {
        title: 'a 5 MB file',
        form: () => documentForm({ data: Buffer.concat([tinyPng(), Buffer.alloc(5_000_000)]), filename: 'huge.png' }),
        errors: { file: [DOCUMENT_FILE_TOO_LARGE] },
      },
      { title: 'an empty file', form: () => documentForm({ data: Buffer.alloc(0), filename: 'empty.pdf' }), errors: { file: [DOCUMENT_FILE_BLANK] } },
      { title: 'no file at all', form: () => documentForm(null), errors: { file: [DOCUMENT_FILE_BLANK] } },
      { title: 'no type', form: () => documentForm({ data: tinyPdf(), filename: 'a.pdf' }, null), errors: { document_type_name: [FIELD_MSG.blank] } },
      {
        title: 'an unknown type',
        form: () => documentForm({ data: tinyPdf(), filename: 'a.pdf' }, 'passport'),
        errors: { document_type_name: [FIELD_MSG.invalid] },
      },
      {
        title: 'a bad file and a bad type',
        form: () => documentForm({ data: Buffer.alloc(0), filename: 'a.pdf' }, ''),
        errors: { file: [DOCUMENT_FILE_BLANK], document_type_name: [FIELD_MSG.blank] },
      },
    ];
    for (const c of cases) {
      it(`refuses ${c.title} with 422`, async () => {
        const { token, id } = await signUpConfirmed(app);
        const before = storedFiles();
        const res = await upload(token, c.form());
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json()).toEqual({ errors: c.errors });
        expect(storedFiles()).toEqual(before);
        expect(await rows(id)).toEqual([]);
        expect(await list(token)).toEqual([]);
      });
    }

    it('reads nothing from a JSON body', async () => {
      const { token } = await signUpConfirmed(app);
      const res = await call(app, { method: 'POST', url: '/api/documents', headers: auth(token), payload: { document: { document_type_name: 'w2' } } });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ errors: { file: [DOCUMENT_FILE_BLANK], document_type_name: [FIELD_MSG.blank] } });
    });

    it('refuses a second file in one request (413)', async () => {
      const { token, id } = await signUpConfirmed(app);
      const before = storedFiles();
      const form = multipart([
        { name: 'document[document_type_name]', value: 'w2' },
        { name: 'document[file]', filename: 'a.pdf', contentType: 'application/pdf', data: tinyPdf() },
        { name: 'document[file]', filename: 'b.pdf', contentType: 'application/pdf', data: tinyPdf() },
      ]);
      const res = await upload(token, form);
      expect(res.statusCode).toBe(413);
      expect(storedFiles()).toEqual(before);
      expect(await rows(id)).toEqual([]);
    });

    it('removes the stored bytes again when the row cannot be written', async () => {
      const { token, id } = await signUpConfirmed(app);
      const before = storedFiles();
      const put = vi.spyOn(app.ctx.providers.storage, 'put');
      vi.spyOn(app.ctx.repos.documents, 'create').mockRejectedValueOnce(new Error('database went away'));
      const res = await upload(token, documentForm({ data: tinyPdf(), filename: 'a.pdf' }, 'w2'));
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: 'Something went wrong on our side. Please try again.' });
      expect(put).toHaveBeenCalledTimes(1);
      expect(storedFiles()).toEqual(before);
      expect(await rows(id)).toEqual([]);
    });
  });
});

describe('GET /api/documents', () => {
  it("lists the member's own documents, oldest first, filtered by type", async () => {
    const { token } = await signUpConfirmed(app);
    const other = await signUpConfirmed(app);
    await upload(other.token, documentForm({ data: tinyPdf(), filename: 'theirs.pdf' }, 'pay_stub'));
    const a = (await upload(token, documentForm({ data: tinyPdf(), filename: 'stub1.pdf' }, 'pay_stub'))).json<TDocument>();
    const b = (await upload(token, documentForm({ data: tinyPng(), filename: 'dl.png' }, 'driver_license'))).json<TDocument>();
    const c = (await upload(token, documentForm({ data: tinyJpeg(), filename: 'stub2.jpg' }, 'pay_stub'))).json<TDocument>();
    expect(await list(token)).toEqual([a, b, c]);
    expect(await list(token, '?document_type_name=pay_stub')).toEqual([a, c]);
    expect(await list(token, '?document_type_name=w2')).toEqual([]);
    const bad = await call(app, { url: '/api/documents?document_type_name=passport', headers: auth(token) });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ errors: { document_type_name: [FIELD_MSG.invalid] } });
  });
});

describe('GET /api/documents/:id', () => {
  it('serves the owner the exact bytes, inline, with the found content type', async () => {
    const { token } = await signUpConfirmed(app);
    for (const [data, filename, type] of [
      [tinyPng(), 'selfie.png', 'image/png'],
      [tinyPdf(), 'Pay stub (March) café.pdf', 'application/pdf'],
      [tinyJpeg(), 'dl.jpg', 'image/jpeg'],
    ] as const) {
      const doc = (await upload(token, documentForm({ data, filename, contentType: 'application/octet-stream' }, 'driver_license'))).json<TDocument>();
      const res = await call(app, { url: doc.file_url, headers: auth(token) });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(data)).toBe(true);
      expect(sha256(res.rawPayload)).toBe(sha256(data));
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['content-length']).toBe(String(data.length));
      expect(res.headers['content-disposition']).toBe(
        `inline; filename="${filename.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename).replace(/[()]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)}`,
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
  });

  it("answers 404 for another member's document, a missing one and a bad id", async () => {
    const owner = await signUpConfirmed(app);
    const other = await signUpConfirmed(app);
    const doc = (await upload(owner.token, documentForm({ data: tinyPdf(), filename: 'mine.pdf' }))).json<TDocument>();
    const theirs = await call(app, { url: doc.file_url, headers: auth(other.token) });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ error: DOCUMENT_NOT_FOUND });
    expect((await call(app, { url: '/api/documents/2147483647', headers: auth(owner.token) })).json()).toEqual({ error: DOCUMENT_NOT_FOUND });
    expect((await call(app, { url: '/api/documents/99999999999', headers: auth(owner.token) })).statusCode).toBe(422);
    expect((await call(app, { url: '/api/documents/abc', headers: auth(owner.token) })).statusCode).toBe(422);
    expect(await list(other.token)).toEqual([]);
  });
});

describe('DELETE /api/documents/:id', () => {
  it('soft-deletes the row and removes the bytes; only the owner can', async () => {
    const { token, id } = await signUpConfirmed(app);
    const other = await signUpConfirmed(app);
    const keep = (await upload(token, documentForm({ data: tinyPng(), filename: 'keep.png' }))).json<TDocument>();
    const doc = (await upload(token, documentForm({ data: tinyPdf(), filename: 'gone.pdf' }))).json<TDocument>();
    const key = (await rows(id)).find((r) => r.id === doc.id)!.storageKey;
    const file = path.join(dataDir, 'files', key);
    expect(fs.existsSync(file)).toBe(true);

    const refused = await call(app, { method: 'DELETE', url: doc.file_url, headers: auth(other.token) });
    expect(refused.statusCode).toBe(404);
    expect(fs.existsSync(file)).toBe(true);

    const res = await call(app, { method: 'DELETE', url: doc.file_url, headers: auth(token) });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(fs.existsSync(file)).toBe(false);
    expect((await rows(id)).find((r) => r.id === doc.id)!.deletedAt).toBeInstanceOf(Date);
    expect(await list(token)).toEqual([keep]);
    expect((await call(app, { url: doc.file_url, headers: auth(token) })).statusCode).toBe(404);
    expect((await call(app, { method: 'DELETE', url: doc.file_url, headers: auth(token) })).statusCode).toBe(404);
  });
});

describe('GET /api/required_documents', () => {
  it('asks every applicant for the four types', async () => {
    const { token } = await signUpConfirmed(app);
    const res = await call(app, { url: '/api/required_documents', headers: auth(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ driver_license: true, pay_stub: true, proof_of_address: true, selfie_photo: true, optional: false });
  });

  it("makes them optional for a partner employer's staff", async () => {
    const partner = (await call(app, { url: '/api/employers?search=brightline' }))
      .json<{ id: number; partnership: string | null }[]>()
      .find((e) => e.partnership === 'b2b_partner')!;
    const { token } = await signUpConfirmed(app, { employer_id: partner.id });
    const res = await call(app, { url: '/api/required_documents', headers: auth(token) });
    expect(res.json()).toEqual({ driver_license: true, pay_stub: true, proof_of_address: true, selfie_photo: true, optional: true });
  });
});

describe('without a session', () => {
  it('answers 401 on every documents call and stores nothing', async () => {
    const before = storedFiles();
    const calls = [
      upload(null, documentForm({ data: tinyPdf(), filename: 'a.pdf' })),
      call(app, { url: '/api/documents' }),
      call(app, { url: '/api/documents/1' }),
      call(app, { method: 'DELETE', url: '/api/documents/1' }),
      call(app, { url: '/api/required_documents' }),
      upload('not-a-token', documentForm({ data: tinyPdf(), filename: 'a.pdf' })),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: MSG.signInRequired });
    }
    expect(storedFiles()).toEqual(before);
  });
});
