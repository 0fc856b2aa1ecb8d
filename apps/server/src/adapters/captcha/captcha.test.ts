import { afterEach, describe, expect, it, vi } from 'vitest';
import { recaptcha } from './recaptcha';
import { sandboxCaptcha } from './sandbox';

describe('sandbox captcha', () => {
  it('passes every token but "fail", unless told to fail everything', async () => {
    expect(await sandboxCaptcha(false).verify('anything', null)).toBe(true);
    expect(await sandboxCaptcha(false).verify('fail', null)).toBe(false);
    expect(await sandboxCaptcha(true).verify('anything', null)).toBe(false);
  });
});

describe('reCAPTCHA', () => {
  afterEach(() => vi.unstubAllGlobals());
  const verifier = recaptcha({ siteKey: 'site', secretKey: 'secret', minScore: 0.5 });
  const answer = (body: unknown, ok = true) => vi.fn(async () => new Response(JSON.stringify(body), { status: ok ? 200 : 500 }));

  it('asks Google with the secret, the token and the address, and honours the v3 score', async () => {
    const fetchMock = answer({ success: true, score: 0.9 });
    vi.stubGlobal('fetch', fetchMock);
    expect(await verifier.verify('tok', '10.0.0.1')).toBe(true);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://www.google.com/recaptcha/api/siteverify');
    expect(String(init.body)).toBe('secret=secret&response=tok&remoteip=10.0.0.1');
    vi.stubGlobal('fetch', answer({ success: true, score: 0.1 }));
    expect(await verifier.verify('tok', null)).toBe(false);
    vi.stubGlobal('fetch', answer({ success: true }));
    expect(await verifier.verify('tok', null)).toBe(true);
    vi.stubGlobal('fetch', answer({ success: false }));
    expect(await verifier.verify('tok', null)).toBe(false);
  });

  it('fails closed when Google cannot be reached', async () => {
    vi.stubGlobal('fetch', answer({}, false));
    expect(await verifier.verify('tok', null)).toBe(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new Error('offline'))),
    );
    expect(await verifier.verify('tok', null)).toBe(false);
  });
});
