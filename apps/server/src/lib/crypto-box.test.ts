import { createCipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCryptoBox, CryptoBoxError, cryptoBoxFor, keyIdOf } from './crypto-box';

const key = randomBytes(32);
const box = createCryptoBox(key);

/** Flips one bit of a base64url part of a sealed string. */
function flip(sealed: string, part: 1 | 2 | 3 | 4): string {
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
    expect(a).toMatch(/^v2:[0-9a-f]{8}:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]+$/);
    expect(a.split(':')[1]).toBe(box.keyId);
    expect(a).not.toBe(b);
    expect(a).not.toContain('6789');
    expect(box.open(a)).toBe(ssn);
    expect(box.open(b)).toBe(ssn);
    expect(box.open(box.seal(''))).toBe('');
    expect(box.open(box.seal('José ✓ 🚀'))).toBe('José ✓ 🚀');
  });

  it('detects tampering with the IV, the tag or the ciphertext, and malformed input', () => {
    const sealed = box.seal('4111111111111111');
    for (const part of [2, 3, 4] as const) expect(() => box.open(flip(sealed, part))).toThrow(CryptoBoxError);
    for (const bad of [
      '',
      'v1',
      'v2:a:b:c',
      'v2:zzzzzzzz:a:b:c',
      sealed.replace(/^v2/, 'v0'),
      sealed.replace(/^v2/, 'v1'),
      `${sealed}:x`,
      sealed.replace(/:[^:]+$/, ':***'),
      'v2:' + box.keyId + '::' + sealed.split(':').slice(3).join(':'),
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
    expect(sealed.length).toBe(1 + 4 + 12 + 16 + file.length);
    expect(sealed[0]).toBe(0x02);
    expect(sealed.subarray(1, 5).toString('hex')).toBe(box.keyId);
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

/** The version-1 formats exactly as the box wrote them before key ids (HKDF of the master key, AES-256-GCM). */
function legacySeal(master: Buffer, plaintext: Buffer, aad?: string): { text: string; bytes: Buffer } {
  const aes = Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), 'payrail/crypto-box/aes-256-gcm/v1', 32));
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', aes, iv, { authTagLength: 16 });
  if (aad !== undefined) c.setAAD(Buffer.from(aad, 'utf8'));
  const ct = Buffer.concat([c.update(plaintext), c.final()]);
  const tag = c.getAuthTag();
  return {
    text: ['v1', iv.toString('base64url'), tag.toString('base64url'), ct.toString('base64url')].join(':'),
    bytes: Buffer.concat([Buffer.of(1), iv, tag, ct]),
  };
}

describe('key ring (rotation)', () => {
  const keyA = randomBytes(32);
  const keyB = randomBytes(32);
  const onlyA = createCryptoBox(keyA);
  const bWithA = createCryptoBox(keyB, [keyA]);
  const onlyB = createCryptoBox(keyB);

  it('names each key by an id derived from it, never the key itself', () => {
    expect(onlyA.keyId).toMatch(/^[0-9a-f]{8}$/);
    expect(keyIdOf(keyA)).toBe(onlyA.keyId);
    expect(onlyA.keyId).not.toBe(onlyB.keyId);
    expect(keyA.toString('hex')).not.toContain(onlyA.keyId);
    expect(createHash('sha256').update(keyA).digest('hex').slice(0, 8)).not.toBe(onlyA.keyId);
    expect(bWithA.keyId).toBe(onlyB.keyId);
    expect(bWithA.previousKeyIds).toEqual([onlyA.keyId]);
    // the current key listed again as a previous one is ignored
    expect(createCryptoBox(keyB, [keyB, keyA, keyA]).previousKeyIds).toEqual([onlyA.keyId]);
  });

  it('still opens the version-1 formats: with the current key, then each previous key', () => {
    const v1a = legacySeal(keyA, Buffer.from('123456789'), 'borrower_profiles.ssn');
    expect(onlyA.open(v1a.text, 'borrower_profiles.ssn')).toBe('123456789');
    expect(bWithA.open(v1a.text, 'borrower_profiles.ssn')).toBe('123456789');
    expect(() => onlyB.open(v1a.text, 'borrower_profiles.ssn')).toThrow(CryptoBoxError);
    expect(() => bWithA.open(v1a.text, 'other')).toThrow(CryptoBoxError);
    expect(bWithA.openBytes(v1a.bytes, 'borrower_profiles.ssn').toString()).toBe('123456789');
    expect(() => onlyB.openBytes(v1a.bytes, 'borrower_profiles.ssn')).toThrow(CryptoBoxError);
    const v1b = legacySeal(keyB, Buffer.from('x'));
    expect(bWithA.open(v1b.text)).toBe('x');
    expect(bWithA.keyIdOf(v1a.text)).toBe('v1');
    expect(bWithA.keyIdOfBytes(v1a.bytes)).toBe('v1');
  });

  it('opens a version-2 value by its kid, under the current or a previous key, and always seals under the current one', () => {
    const underA = onlyA.seal('4111', 'wallet_cards.token');
    const fileA = onlyA.sealBytes(Buffer.from('pdf bytes'), 'documents/x');
    expect(bWithA.open(underA, 'wallet_cards.token')).toBe('4111');
    expect(bWithA.openBytes(fileA, 'documents/x').toString()).toBe('pdf bytes');
    expect(bWithA.keyIdOf(underA)).toBe(onlyA.keyId);
    expect(bWithA.keyIdOfBytes(fileA)).toBe(onlyA.keyId);
    const resealed = bWithA.seal(bWithA.open(underA, 'wallet_cards.token'), 'wallet_cards.token');
    expect(bWithA.keyIdOf(resealed)).toBe(onlyB.keyId);
    expect(onlyB.open(resealed, 'wallet_cards.token')).toBe('4111');
    expect(onlyB.keyIdOfBytes(bWithA.sealBytes(Buffer.from('y'), 'k'))).toBe(onlyB.keyId);
    expect(bWithA.keyIdOf('not sealed')).toBeNull();
    expect(bWithA.keyIdOfBytes(Buffer.from('%PDF'))).toBeNull();
  });

  it('refuses an unknown kid with a message naming the kid, never a key', () => {
    const underA = onlyA.seal('secret', 'a');
    let message = '';
    try {
      onlyB.open(underA, 'a');
    } catch (err) {
      expect(err).toBeInstanceOf(CryptoBoxError);
      message = (err as Error).message;
    }
    expect(message).toContain(onlyA.keyId);
    expect(message).toMatch(/ENCRYPTION_KEYS_PREVIOUS/);
    for (const k of [keyA, keyB]) for (const enc of ['hex', 'base64', 'base64url'] as const) expect(message).not.toContain(k.toString(enc));
    expect(() => onlyB.openBytes(onlyA.sealBytes(Buffer.from('f'), 'k'), 'k')).toThrow(new RegExp(onlyA.keyId));
  });

  it('detects tampering with any part of a version-2 value, including a kid switched to another key of the ring', () => {
    const sealed = bWithA.seal('D1234567', 'dl');
    for (const part of [2, 3, 4] as const) expect(() => bWithA.open(flip(sealed, part), 'dl')).toThrow(CryptoBoxError);
    const parts = sealed.split(':');
    parts[1] = onlyA.keyId;
    expect(() => bWithA.open(parts.join(':'), 'dl')).toThrow(CryptoBoxError);
    const file = bWithA.sealBytes(randomBytes(100), 'k');
    const switched = Buffer.from(file);
    Buffer.from(onlyA.keyId, 'hex').copy(switched, 1);
    expect(() => bWithA.openBytes(switched, 'k')).toThrow(CryptoBoxError);
    const flipped = Buffer.from(file);
    flipped[10]! ^= 0x01;
    expect(() => bWithA.openBytes(flipped, 'k')).toThrow(CryptoBoxError);
    expect(() => bWithA.openBytes(file.subarray(0, 20), 'k')).toThrow(CryptoBoxError);
  });

  it("indexes per key: hmacIndex is the current key's, hmacIndexes every key's, current first", () => {
    expect(bWithA.hmacIndex('123456789')).toBe(onlyB.hmacIndex('123456789'));
    expect(bWithA.hmacIndexes('123456789')).toEqual([onlyB.hmacIndex('123456789'), onlyA.hmacIndex('123456789')]);
    expect(onlyA.hmacIndexes('123456789')).toEqual([onlyA.hmacIndex('123456789')]);
    expect(bWithA.hmacIndexes('123456780')).not.toContain(onlyA.hmacIndex('123456789'));
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

  it('adds ENCRYPTION_KEYS_PREVIOUS to the ring, with ENCRYPTION_KEY or with the install secret', async () => {
    const old = randomBytes(32);
    const underOld = createCryptoBox(old).seal('kept');
    const withKey = await cryptoBoxFor({ env: 'production', encryptionKey: key, encryptionKeysPrevious: [old] }, async () => 'x')();
    expect(withKey.open(underOld)).toBe('kept');
    expect(withKey.keyId).toBe(box.keyId);
    const stored = randomBytes(32).toString('base64url');
    const withSecret = await cryptoBoxFor({ env: 'development', encryptionKey: undefined, encryptionKeysPrevious: [old] }, async () => stored)();
    expect(withSecret.open(underOld)).toBe('kept');
    expect(withSecret.keyId).toBe(keyIdOf(Buffer.from(stored, 'base64url')));
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
