/**
 * Reference data served from memory (modules/reference/reference-cache.ts): an ETag and Cache-Control on
 * every answer, 304 for a matching If-None-Match, no statement once loaded (query-budgets.int.test.ts), and
 * read again after the app writes an employer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employers } from '../src/db/schema/index';
import { borrowerAtEmployer, classicApp, post } from './application-helpers';
import { call } from './identity-helpers';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { COMPRESS_FROM, negotiate, referenceDataKept } from '../src/modules/reference/reference-cache';
import type { TestApp } from './test-app';

describe('reference data from memory: ETag, 304, invalidation', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await classicApp();
  });
  afterAll(() => app?.close());

  it('answers the same bytes with an ETag and Cache-Control; a matching If-None-Match gets a 304 without a body', async () => {
    const first = await call(app, { url: '/api/states' });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await call(app, { url: '/api/states' });
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(etag);

    const notModified = await call(app, { url: '/api/states', headers: { 'if-none-match': etag } });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect((await call(app, { url: '/api/states', headers: { 'if-none-match': `W/${etag}, "other"` } })).statusCode).toBe(304);
    const changed = await call(app, { url: '/api/states', headers: { 'if-none-match': '"something-else"' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toBe(first.body);

    // Each URL is its own answer with its own tag.
    const purposes = await call(app, { url: '/api/loan_purposes' });
    expect(purposes.statusCode).toBe(200);
    expect(purposes.headers.etag).not.toBe(etag);
  });

  it('a refused request is not kept: the next one is checked again', async () => {
    const bad = await call(app, { url: '/api/agreement_documents?document_type_name=privacy_notice&state=ZZ' });
    expect(bad.statusCode).toBe(422);
    expect(bad.headers.etag).toBeUndefined();
    expect((await call(app, { url: '/api/agreement_documents?document_type_name=privacy_notice&state=ZZ' })).statusCode).toBe(422);
  });

  /** On PostgreSQL answers are kept once the app listens for changes (its first reference request starts that). */
  const kept = async (a: TestApp) => {
    await call(a, { url: '/api/loan_purposes' });
    for (let i = 0; i < 100 && !referenceDataKept(a.ctx); i++) await new Promise((r) => setTimeout(r, 20));
    expect(referenceDataKept(a.ctx)).toBe(true);
  };

  it("a kept answer (sent by the route's onRequest hook) has the very headers and bytes of the one the handler sent", async () => {
    await kept(app); // PostgreSQL: answers are kept once the app listens
    const url = '/api/agreement_document?agreement=privacy_notice';
    const headersOf = (r: { headers: Record<string, unknown> }) => {
      const { date: _date, ...rest } = r.headers;
      return rest;
    };
    const loaded = await call(app, { url });
    expect(loaded.statusCode).toBe(200);
    const again = await call(app, { url });
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(loaded.body);
    expect(headersOf(again)).toEqual(headersOf(loaded));
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.headers['content-security-policy']).toBeDefined();
    // Another query string is its own URL: validated (and refused) as before.
    const refused = await call(app, { url: `${url}&state=${encodeURIComponent('\u0000')}` });
    expect(refused.statusCode).toBe(422);
    expect(refused.headers.etag).toBeUndefined();
    const head = await call(app, { method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers.etag).toBe(loaded.headers.etag);
    expect(head.body).toBe('');
  });

  it('a large kept answer is kept compressed too: brotli or gzip as Accept-Encoding prefers, with Vary and a tag per variant', async () => {
    await kept(app);
    const url = '/api/agreement_document?agreement=privacy_notice';
    const plain = await call(app, { url });
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(COMPRESS_FROM);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    const tag = plain.headers.etag as string;

    const br = await call(app, { url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(br.headers['content-length']).toBe(String(br.rawPayload.length));
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.etag).not.toBe(tag);
    expect(br.headers['content-security-policy']).toBeDefined();

    // gzip when the client prefers it (or cannot take brotli); a refused coding (q=0) is never sent.
    for (const accept of ['gzip', 'br;q=0.5, gzip', 'br;q=0, gzip;q=0.1', 'x-gzip']) {
      const gz = await call(app, { url, headers: { 'accept-encoding': accept } });
      expect(gz.headers['content-encoding'], accept).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
      expect(gz.headers.etag).not.toBe(tag);
      expect(gz.headers.etag).not.toBe(br.headers.etag);
    }
    for (const accept of ['identity', 'deflate', 'br;q=0, gzip;q=0']) {
      const none = await call(app, { url, headers: { 'accept-encoding': accept } });
      expect(none.headers['content-encoding'], accept).toBeUndefined();
      expect(none.body).toBe(plain.body);
      expect(none.headers.etag).toBe(tag);
    }

    // Any of the answer's tags revalidates it; the 304 names the variant this request would get.
    const revalidated = await call(app, { url, headers: { 'accept-encoding': 'br', 'if-none-match': tag } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers.etag).toBe(br.headers.etag);
    expect(revalidated.headers.vary).toBe('accept-encoding');
    expect((await call(app, { url, headers: { 'if-none-match': br.headers.etag as string } })).statusCode).toBe(304);

    // A small answer goes out as it is, whatever the client accepts; a large one is sent compressed.
    const sizes = [];
    for (const small of ['/api/states', '/api/loan_purposes', '/api/employers?search=pos']) {
      const asIs = await call(app, { url: small });
      const accepting = await call(app, { url: small, headers: { 'accept-encoding': 'br' } });
      sizes.push(asIs.rawPayload.length);
      if (asIs.rawPayload.length < COMPRESS_FROM) {
        expect(accepting.headers['content-encoding'], small).toBeUndefined();
        expect(accepting.headers.vary, small).toBeUndefined();
        expect(accepting.body).toBe(asIs.body);
      } else {
        expect(accepting.headers['content-encoding'], small).toBe('br');
        expect(brotliDecompressSync(accepting.rawPayload).toString()).toBe(asIs.body);
      }
    }
    expect(Math.min(...sizes)).toBeLessThan(COMPRESS_FROM);
  });

  it('negotiate: the coding @fastify/compress would choose', () => {
    expect(negotiate(undefined)).toBeNull();
    expect(negotiate('')).toBeNull();
    expect(negotiate('*')).toBe('gzip');
    expect(negotiate('gzip, br')).toBe('br');
    expect(negotiate('BR;q=0.8, gzip;q=0.9')).toBe('gzip');
    expect(negotiate('br;q=0')).toBeNull();
    expect(negotiate('deflate, *;q=0.5')).toBe('gzip');
    expect(negotiate('identity;q=1, br;q=0.2')).toBe('br');
  });

  /** A listed employer written straight into the database, behind the app's back (as a seed would). */
  const listEmployerBehindTheApp = (slugPrefix: string, name: string) =>
    app.ctx.database.db.insert(employers).values({
      slug: `${slugPrefix}-${Date.now().toString(36)}`,
      name,
      employerType: 'private',
      paymentType: 'split_direct_deposit',
      payFrequency: 'biweekly',
      payStubHelp: 'x',
      logoSvg: '',
      isOther: false,
    });
  /** The borrower types in an employer that is not listed (the app's own employer write). */
  const typeInEmployer = (a: TestApp, token: string) =>
    post(a, token, '/api/employers', { employer: { name: `Typed In ${Date.now()}`, paymentFrequency: 'Bi-weekly', paymentDate: '11/20/2026' } });

  it('the employer search is read again once the app writes an employer (the typed-in employer flow)', async () => {
    await kept(app);
    const name = `Quillfeather Works ${Date.now().toString(36)}`;
    const url = `/api/employers?search=${encodeURIComponent(name)}`;
    expect((await call(app, { url })).json()).toEqual([]);
    // A listed employer written behind the app's back (as a seed would) is not seen: the answer is kept.
    await listEmployerBehindTheApp('quill', name);
    expect((await call(app, { url })).json()).toEqual([]);
    // The app's own employer write (a borrower types in an unlisted employer) forgets the kept answers.
    const { token } = await borrowerAtEmployer(app);
    const created = await typeInEmployer(app, token);
    expect(created.statusCode).toBe(201);
    const found = (await call(app, { url })).json<{ name: string }[]>();
    expect(found.map((e) => e.name)).toEqual([name]);
  });

  it.runIf(process.env.TEST_DB === 'postgres')('PostgreSQL: an employer written through another instance is announced to this one (NOTIFY)', async () => {
    const other = await classicApp();
    try {
      await kept(app);
      const name = `Marrowgate Mills ${Date.now().toString(36)}`;
      const url = `/api/employers?search=${encodeURIComponent(name)}`;
      expect((await call(app, { url })).json()).toEqual([]);
      await listEmployerBehindTheApp('marrow', name);
      expect((await call(app, { url })).json()).toEqual([]);
      const { token } = await borrowerAtEmployer(other);
      expect((await typeInEmployer(other, token)).statusCode).toBe(201);
      let names: string[] = [];
      for (let i = 0; i < 100 && names.length === 0; i++) {
        names = (await call(app, { url })).json<{ name: string }[]>().map((e) => e.name);
        if (names.length === 0) await new Promise((r) => setTimeout(r, 20));
      }
      expect(names).toEqual([name]);
    } finally {
      await other.close();
    }
  });
});
