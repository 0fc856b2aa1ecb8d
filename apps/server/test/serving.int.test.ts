import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { registerNotFound } from '../src/http/error-handler';
import { registerSpas } from '../src/http/spa';
import { auth, call, signUpConfirmed } from './identity-helpers';
import { type TestApp, testApp, testConfig, testDatabase } from './test-app';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('built SPA files: precompressed, cached by name', () => {
  let dist: string;
  let app: FastifyInstance;
  const script = `export const greeting = ${JSON.stringify('Payrail '.repeat(400))};\n`;
  const html = `<!doctype html><html><head><title>Payrail</title>${'<meta name="x" content="padding">'.repeat(40)}<script type="module" src="/assets/index-AbC123xy.js"></script></head><body><div id="root"></div></body></html>`;

  const prerenderedSignup = html
    .replace('<title>Payrail</title>', '<title>Check your rate · Payrail</title>')
    .replace('<div id="root"></div>', '<div id="root" data-prerendered="/signup"><main id="main"><h1>Check your rate</h1></main></div>');
  const prerenderedNewflowSignin = html.replace(
    '<div id="root"></div>',
    '<div id="root" data-prerendered="/application/newflow/signin"><main id="main"><h1>Sign in</h1></main></div>',
  );

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-spa-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), html);
    fs.writeFileSync(path.join(dist, 'assets/index-AbC123xy.js'), script);
    fs.writeFileSync(path.join(dist, 'assets/tiny-Zz9.css'), 'body{margin:0}');
    // What apps/web/build/route-preloads.ts writes; one entry not a safe path, to be ignored.
    fs.writeFileSync(
      path.join(dist, 'route-preloads.json'),
      JSON.stringify({
        '/signup': { js: ['/assets/signup-Q1w2E3r4.js', '"><script>x</script>'], css: ['/assets/auth-Zz9.css'] },
        '/dashboard': { js: ['/assets/dashboard-Q1w2E3r4.js'], css: ['/assets/dashboard-Zz9.css'] },
      }),
    );
    // What apps/web/build/prerender.mjs writes: a landing page's HTML with its first render in it.
    fs.mkdirSync(path.join(dist, 'prerendered/application/newflow'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'prerendered/signup.html'), prerenderedSignup);
    fs.writeFileSync(path.join(dist, 'prerendered/application/newflow/signin.html'), prerenderedNewflowSignin);
    // The same step the SPA builds run after vite build.
    execFileSync(process.execPath, [path.join(ROOT, 'scripts/precompress.mjs'), dist]);
    app = Fastify();
    await app.register(compress, { globalCompression: true, globalDecompression: false, threshold: 1024, encodings: ['br', 'gzip'] });
    registerNotFound(app, await registerSpas(app, [{ prefix: '/', dist }]));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('writes brotli and gzip siblings that decompress to the file, and leaves tiny files alone', () => {
    const file = path.join(dist, 'assets/index-AbC123xy.js');
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString()).toBe(script);
    expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).toString()).toBe(script);
    expect(fs.existsSync(path.join(dist, 'assets/tiny-Zz9.css.br'))).toBe(false);
  });

  it('sends the brotli file to a browser that accepts it, with the encoding, Vary and an immutable cache', async () => {
    const res = await app.inject({ url: '/assets/index-AbC123xy.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends gzip to a gzip-only client and the plain file to one that accepts neither', async () => {
    const gz = await app.inject({ url: '/assets/index-AbC123xy.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await app.inject({ url: '/assets/index-AbC123xy.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('serves index.html and client-side routes with no-cache, compressed when asked', async () => {
    for (const url of ['/', '/signin']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(html);
    }
  });

  it("preloads a landing page's own chunks and CSS in its index.html, with or without a trailing slash", async () => {
    for (const url of ['/dashboard', '/dashboard/', '/dashboard?utm_source=mail']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain(
        '<link rel="preload" as="style" crossorigin href="/assets/dashboard-Zz9.css"><link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/dashboard-Q1w2E3r4.js"></head>',
      );
      expect(res.body.replace(/<link rel="(?:modulepreload|preload)"[^>]*>/g, '')).toBe(html);
    }
  });

  it('preloads only the chunks of a prerendered page: its stylesheets are inline already', async () => {
    for (const url of ['/signup', '/signup/', '/signup?utm_source=mail']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/signup-Q1w2E3r4.js"></head>');
      expect(res.body).not.toContain('auth-Zz9.css');
      expect(res.body).not.toContain('<script>x</script>');
      expect(res.body.replace(/<link rel="modulepreload"[^>]*>/g, '')).toBe(prerenderedSignup);
    }
  });

  it('sends a prerendered landing page its own HTML (with its preloads), and every other route index.html', async () => {
    const newflow = await app.inject({ url: '/application/newflow/signin', headers: { 'accept-encoding': 'br' } });
    expect(newflow.statusCode).toBe(200);
    expect(newflow.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(newflow.rawPayload).toString()).toBe(prerenderedNewflowSignin);
    const signup = await app.inject({ url: '/signup/' });
    expect(signup.body).toContain('<title>Check your rate · Payrail</title>');
    expect(signup.body).toContain('<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/signup-Q1w2E3r4.js">');
    for (const url of ['/application/newflow', '/application/newflow/signin/extra', '/prerendered/signup']) {
      expect((await app.inject({ url })).body).toBe(html);
    }
  });
});

describe('API answers: compressed when large', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(() => app.close());

  it('compresses a large list for a client that accepts brotli, and answers it plain otherwise', async () => {
    const br = await call(app, { url: '/api/states', headers: { 'accept-encoding': 'br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const plain = await call(app, { url: '/api/states' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(plain.json<unknown[]>().length).toBeGreaterThan(40);
  });

  it('leaves a small answer (the session check) uncompressed', async () => {
    const { token } = await signUpConfirmed(app);
    const res = await call(app, { url: '/api/token_is_valid', headers: { ...auth(token), 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ email_confirmed: true, paid_off: false });
  });
});

describe('access log', () => {
  it('writes one line per request, with the method, the masked URL, the status and the time, and no token', async () => {
    const lines: string[] = [];
    const app = await buildApp({
      config: testConfig({ logLevel: 'info' }),
      database: await testDatabase(),
      logStream: { write: (line: string) => void lines.push(line) },
    });
    await app.ready();
    try {
      const { token } = await signUpConfirmed(app);
      lines.length = 0;
      await call(app, { url: '/api/token_is_valid', headers: auth(token) });
      await call(app, { url: '/api/confirmation?confirmation_token=SECRET1' });
      const entries = lines.map(
        (l) => JSON.parse(l) as { msg: string; req?: { method: string; url: string }; res?: { statusCode: number }; responseTime?: number },
      );
      const access = entries.filter((e) => e.msg === 'request completed');
      expect(entries.filter((e) => e.msg === 'incoming request')).toHaveLength(0);
      expect(access).toHaveLength(2);
      expect(access[0]).toMatchObject({ req: { method: 'GET', url: '/api/token_is_valid' }, res: { statusCode: 200 }, responseTime: expect.any(Number) });
      // The whole line, key by key (written without the redaction pass since it carries no secret: app.ts).
      const line = JSON.parse(lines.find((l) => l.includes('request completed'))!) as Record<string, unknown>;
      expect(Object.keys(line)).toEqual(['level', 'time', 'pid', 'hostname', 'reqId', 'req', 'res', 'responseTime', 'msg']);
      expect(line).toMatchObject({
        level: 30,
        reqId: expect.stringMatching(/^req-/),
        req: { method: 'GET', url: '/api/token_is_valid', host: 'localhost:80', remoteAddress: expect.any(String) },
        res: { statusCode: 200 },
      });
      expect(Object.keys(line.req as object)).toEqual(['method', 'url', 'host', 'remoteAddress']);
      expect(Object.keys(line.res as object)).toEqual(['statusCode']);
      expect(access[1]!.req!.url).toBe('/api/confirmation?confirmation_token=[redacted]');
      expect(lines.join('\n')).not.toContain(token);
      expect(lines.join('\n')).not.toContain('SECRET1');
    } finally {
      await app.close();
    }
  });
});
