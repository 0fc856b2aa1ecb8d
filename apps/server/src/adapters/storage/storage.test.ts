import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { localDiskStorage } from './local-disk';
import { InvalidStorageKeyError } from './port';
import { s3Storage } from './s3';
import { sha256Hex, signRequest } from './sigv4';

const BAD_KEYS = ['../escape', 'a/../../etc/passwd', '/etc/passwd', 'a//b', 'A', 'a\\b', 'a/./b', '.hidden', 'name.pdf', '', 'a/b/', 'x'.repeat(101)];

describe('local disk storage', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-storage-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const store = localDiskStorage(path.join(root, 'files'));

  it('puts, gets and deletes bytes under the root, owner-only', async () => {
    await store.put('documents/ab/abc123', Buffer.from('hello'), 'application/octet-stream');
    const file = path.join(root, 'files', 'documents', 'ab', 'abc123');
    expect(fs.readFileSync(file, 'utf8')).toBe('hello');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect((await store.get('documents/ab/abc123'))?.toString()).toBe('hello');
    await store.put('documents/ab/abc123', Buffer.from('again'), 'application/octet-stream');
    expect((await store.get('documents/ab/abc123'))?.toString()).toBe('again');
    expect(fs.readdirSync(path.dirname(file))).toEqual(['abc123']);
    await store.delete('documents/ab/abc123');
    expect(fs.existsSync(file)).toBe(false);
    expect(await store.get('documents/ab/abc123')).toBeNull();
    await expect(store.delete('documents/ab/abc123')).resolves.toBeUndefined();
  });

  it('refuses every key that is not a plain server-made key, so nothing escapes the root', async () => {
    for (const key of BAD_KEYS) {
      await expect(store.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(store.get(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(store.delete(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
    expect(fs.existsSync(path.join(root, 'escape'))).toBe(false);
  });
});

/** A fake S3 that checks every request's signature the way S3 does (recomputing it) and keeps objects in memory. */
function fakeS3(cfg: { accessKeyId: string; secretAccessKey: string; region: string }, at: Date) {
  const objects = new Map<string, { bytes: Buffer; contentType: string }>();
  const seen: { method: string; url: string }[] = [];
  const fetchFn = async (input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const headers = init?.headers as Record<string, string>;
    const body = init?.body ? Buffer.from(init.body as Uint8Array) : undefined;
    seen.push({ method, url: url.toString() });
    const payloadHash = body ? sha256Hex(body) : sha256Hex('');
    if (headers['x-amz-content-sha256'] !== payloadHash) return new Response('<Error><Code>XAmzContentSHA256Mismatch</Code></Error>', { status: 400 });
    const signedHeaders = /SignedHeaders=([^,]+)/.exec(headers.authorization ?? '')?.[1]?.split(';') ?? [];
    const toSign = Object.fromEntries(signedHeaders.filter((h) => !['host', 'x-amz-date', 'x-amz-content-sha256'].includes(h)).map((h) => [h, headers[h]!]));
    const expected = signRequest({ method, url, headers: toSign, payloadHash }, { ...cfg, service: 's3' }, at).authorization;
    if (headers.authorization !== expected) return new Response('<Error><Code>SignatureDoesNotMatch</Code></Error>', { status: 403 });
    const key = url.pathname;
    if (method === 'PUT') {
      objects.set(key, { bytes: body!, contentType: headers['content-type']! });
      return new Response(null, { status: 200 });
    }
    if (method === 'GET') {
      const o = objects.get(key);
      return o ? new Response(new Uint8Array(o.bytes), { status: 200 }) : new Response('<Error><Code>NoSuchKey</Code></Error>', { status: 404 });
    }
    objects.delete(key);
    return new Response(null, { status: 204 });
  };
  return { fetch: fetchFn as typeof fetch, objects, seen };
}

describe('S3 storage', () => {
  const at = new Date('2026-01-02T03:04:05Z');
  const cfg = { bucket: 'payrail-docs', region: 'us-east-2', endpoint: undefined, accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret/key+example' };

  it('round-trips an object on AWS (virtual-hosted style) with valid signatures', async () => {
    const s3 = fakeS3(cfg, at);
    const store = s3Storage(cfg, { fetch: s3.fetch, now: () => at });
    await store.put('documents/ab/abc123', Buffer.from('sealed bytes'), 'application/octet-stream');
    expect(s3.objects.get('/documents/ab/abc123')).toEqual({ bytes: Buffer.from('sealed bytes'), contentType: 'application/octet-stream' });
    expect((await store.get('documents/ab/abc123'))?.toString()).toBe('sealed bytes');
    await store.delete('documents/ab/abc123');
    expect(await store.get('documents/ab/abc123')).toBeNull();
    expect(s3.seen.map((r) => `${r.method} ${r.url}`)).toEqual([
      'PUT https://payrail-docs.s3.us-east-2.amazonaws.com/documents/ab/abc123',
      'GET https://payrail-docs.s3.us-east-2.amazonaws.com/documents/ab/abc123',
      'DELETE https://payrail-docs.s3.us-east-2.amazonaws.com/documents/ab/abc123',
      'GET https://payrail-docs.s3.us-east-2.amazonaws.com/documents/ab/abc123',
    ]);
  });

  it('uses path style on a custom endpoint and reports S3 errors by code only', async () => {
    const custom = { ...cfg, endpoint: 'http://minio:9000/' };
    const s3 = fakeS3(custom, at);
    await s3Storage(custom, { fetch: s3.fetch, now: () => at }).put('documents/cd/cd1', Buffer.from('x'), 'application/octet-stream');
    expect(s3.seen[0]!.url).toBe('http://minio:9000/payrail-docs/documents/cd/cd1');
    const wrongSecret = s3Storage({ ...custom, secretAccessKey: 'wrong' }, { fetch: s3.fetch, now: () => at });
    await expect(wrongSecret.put('documents/cd/cd2', Buffer.from('x'), 'application/octet-stream')).rejects.toThrow(
      'S3 PUT answered 403 SignatureDoesNotMatch',
    );
    await expect(wrongSecret.get('../x')).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });
});
