import { describe, expect, it } from 'vitest';
import { getFingerprint, FINGERPRINT_STORAGE_KEY } from './fingerprint';
import { sessionStore } from './session-store';
import { captureTracking, readTracking } from './tracking';

describe('tracking parameters', () => {
  it('reads utm_source, utm_medium, utm_campaign and an outside referrer from the entry URL', () => {
    expect(readTracking('https://app.payrail.test/signup?utm_source=news&utm_medium=email&utm_campaign=spring&x=1', 'https://news.example/a')).toEqual({
      utm_source: 'news',
      utm_medium: 'email',
      utm_campaign: 'spring',
      http_referer: 'https://news.example/a',
    });
  });

  it('ignores our own pages as referrer and answers null without parameters', () => {
    expect(readTracking('https://app.payrail.test/signin', 'https://app.payrail.test/')).toBeNull();
    expect(readTracking('https://app.payrail.test/', '')).toBeNull();
  });

  it('keeps what an earlier entry brought when a later one carries nothing', () => {
    captureTracking('https://app.payrail.test/?utm_source=ad', '');
    captureTracking('https://app.payrail.test/signin', '');
    expect(sessionStore.getTracking()).toEqual({ utm_source: 'ad' });
    captureTracking('https://app.payrail.test/?utm_campaign=fall', '');
    expect(sessionStore.getTracking()).toEqual({ utm_campaign: 'fall' });
  });
});

describe('fingerprint', () => {
  it('is a random id made once and kept in localStorage', () => {
    const first = getFingerprint();
    expect(first).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(getFingerprint()).toBe(first);
    expect(localStorage.getItem(FINGERPRINT_STORAGE_KEY)).toBe(first);
  });
});
