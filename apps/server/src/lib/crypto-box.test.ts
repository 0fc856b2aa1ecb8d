import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCryptoBox, CryptoBoxError, cryptoBoxFor } from './crypto-box';

const key = randomBytes(32);
const box = createCryptoBox(key);

/** Flips one bit of a base64url part of a sealed string. */
function flip(sealed: string, part: 1 | 2 | 3): string {
  const parts = sealed.split(':');
  const bytes = Buffer.from(parts[part]!, 'base64url');
  bytes[0]! ^= 0x01;
  parts[part] = bytes.toString('base64url');
  return parts.join(':');
}

describe('crypto box', () => {
  it('round-trips text, with a fresh IV every time', () => {
    const ssn = '123-45-6789';
    const a = box.seal(ssn);
    const b = box.seal(ssn);
    expect(a).toMatch(/^v1:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('6789');
    expect(box.open(a)).toBe(ssn);
    expect(box.open(b)).toBe(ssn);
    expect(box.open(box.seal(''))).toBe('');
    expect(box.open(box.seal('José ✓ 🚀'))).toBe('José ✓ 🚀');
  });

  it('detects tampering with the IV, the tag or the ciphertext, and malformed input', () => {
    const sealed = box.seal('4111111111111111');
    for (const part of [1, 2, 3] as const) expect(() => box.open(flip(sealed, part))).toThrow(CryptoBoxError);
    for (const bad of [
      '',
      'v1',
      'v2:a:b:c',
      sealed.replace(/^v1/, 'v0'),
      `${sealed}:x`,
      sealed.replace(/:[^:]+$/, ':***'),
      'v1::' + sealed.split(':').slice(2).join(':'),
    ]) {
      expect(() => box.open(bad), bad).toThrow(CryptoBoxError);
    }
  });

  it('refuses a value sealed under another key, or for another place (AAD)', () => {
    const sealed = box.seal('D1234567', 'driver_license_number');
    expect(box.open(sealed, 'driver_license_number')).toBe('D1234567');
    expect(() => box.open(sealed)).toThrow(CryptoBoxError);
    expect(() => box.open(sealed, 'social_security_number')).toThrow(CryptoBoxError);
    expect(() => createCryptoBox(randomBytes(32)).open(sealed, 'driver_license_number')).toThrow(CryptoBoxError);
    expect(() => createCryptoBox(randomBytes(16))).toThrow(/32 bytes/);
  });

  it('seals bytes in a binary envelope bound to their storage key', () => {
    const file = randomBytes(5000);
    const sealed = box.sealBytes(file, 'documents/ab/ab12');
    expect(sealed.length).toBe(1 + 12 + 16 + file.length);
    expect(sealed.includes(file.subarray(0, 64))).toBe(false);
    expect(box.openBytes(sealed, 'documents/ab/ab12').equals(file)).toBe(true);
    expect(() => box.openBytes(sealed, 'documents/cd/cd34')).toThrow(CryptoBoxError);
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1]! ^= 0x80;
    expect(() => box.openBytes(tampered, 'documents/ab/ab12')).toThrow(CryptoBoxError);
    expect(() => box.openBytes(Buffer.from('short'), 'documents/ab/ab12')).toThrow(CryptoBoxError);
    expect(() => createCryptoBox(randomBytes(32)).openBytes(sealed, 'documents/ab/ab12')).toThrow(CryptoBoxError);
  });

  it('indexes equal values equally, per key, without revealing them', () => {
    expect(box.hmacIndex('123456789')).toBe(box.hmacIndex('123456789'));
    expect(box.hmacIndex('123456789')).toMatch(/^[0-9a-f]{64}$/);
    expect(box.hmacIndex('123456789')).not.toBe(box.hmacIndex('123456788'));
    expect(createCryptoBox(randomBytes(32)).hmacIndex('123456789')).not.toBe(box.hmacIndex('123456789'));
    expect(createCryptoBox(key).hmacIndex('123456789')).toBe(box.hmacIndex('123456789'));
  });
});

describe('cryptoBoxFor', () => {
  it('uses ENCRYPTION_KEY when set, without touching the install secrets', async () => {
    const secret = async () => {
      throw new Error('not expected');
    };
    const sealed = box.seal('x');
    expect((await cryptoBoxFor({ env: 'production', encryptionKey: key }, secret)()).open(sealed)).toBe('x');
  });

  it('outside production, builds the box from the generated install secret once', async () => {
    let reads = 0;
    const stored = randomBytes(32).toString('base64url');
    const get = cryptoBoxFor({ env: 'development', encryptionKey: undefined }, async (name) => {
      expect(name).toBe('encryption_key');
      reads++;
      return stored;
    });
    const [a, b] = await Promise.all([get(), get()]);
    expect(a).toBe(b);
    expect(reads).toBe(1);
    expect(createCryptoBox(Buffer.from(stored, 'base64url')).open(a.seal('same key'))).toBe('same key');
  });

  it('refuses production without a key, and retries after a failed secret read', async () => {
    await expect(cryptoBoxFor({ env: 'production', encryptionKey: undefined }, async () => 'x')()).rejects.toThrow(/ENCRYPTION_KEY is required/);
    let calls = 0;
    const get = cryptoBoxFor({ env: 'test', encryptionKey: undefined }, async () => {
      if (++calls === 1) throw new Error('database down');
      return randomBytes(32).toString('base64url');
    });
    await expect(get()).rejects.toThrow('database down');
    await expect(get()).resolves.toBeDefined();
  });
});
