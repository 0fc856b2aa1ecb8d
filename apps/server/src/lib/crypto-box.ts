import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { Config } from '../config';
import type { SecretName } from './install-secrets';

/**
 * Encryption at rest (ARCHITECTURE §4): AES-256-GCM under a keyring from configuration — the current key
 * (`ENCRYPTION_KEY`) and the previous ones that may still open old data (`ENCRYPTION_KEYS_PREVIOUS`).
 *
 * - `seal(text)` → `v2:<kid>:<iv>:<tag>:<ciphertext>` (kid: 8 hex characters; the rest base64url) for
 *   values in database columns (SSN, bank account and driver-licence numbers, tokens, TOTP secrets);
 *   `open` reverses it and throws on any change.
 * - `sealBytes` / `openBytes`: the same in a binary envelope (`0x02 | kid(4) | iv | tag | ciphertext`) for files.
 * - `seal`/`sealBytes` always write the current key's format; `open`/`openBytes` also read the version-1
 *   formats (`v1:<iv>:<tag>:<ct>`, `0x01 | iv | tag | ct`, written before key ids existed: tried with the
 *   current key, then each previous key) and a version-2 value under any key of the ring, found by its kid.
 *   A kid the ring does not hold is a `CryptoBoxError` naming the kid (never the key).
 * - `hmacIndex(value)`: a keyed, deterministic digest (the current key's) for equality lookups of sealed
 *   values (e.g. "is this SSN already on file?"); callers normalise the value first. `hmacIndexes(value)`:
 *   the digests under every key of the ring, current first — lookups use them (`IN (…)`) so a row indexed
 *   before a rotation is still found until `npm run rotate-keys` re-indexes it (docs/operations.md, "Keys").
 *
 * A key never encrypts directly: HKDF derives one key for AES-GCM, another for the index, and a third
 * value whose SHA-256 gives the key id, so neither an index digest nor a kid says anything about the cipher
 * key. An optional `aad` binds a ciphertext to its place (a storage key, a column name): opened elsewhere,
 * it fails like a tampered one.
 */
export type CryptoBox = {
  seal(plaintext: string, aad?: string): string;
  open(sealed: string, aad?: string): string;
  sealBytes(plaintext: Uint8Array, aad?: string): Buffer;
  openBytes(sealed: Uint8Array, aad?: string): Buffer;
  hmacIndex(value: string): string;
  /** The value's index under every key of the ring, current first (duplicates removed). */
  hmacIndexes(value: string): string[];
  /** The current key's id (8 hex characters): what `seal` writes. */
  readonly keyId: string;
  /** The previous keys' ids, in the order configured. */
  readonly previousKeyIds: readonly string[];
  /** The kid a sealed value carries, `'v1'` for the version-1 format, null when it is not a sealed value. */
  keyIdOf(sealed: string): string | null;
  /** The same for a sealed file's bytes. */
  keyIdOfBytes(sealed: Uint8Array): string | null;
};

export class CryptoBoxError extends Error {
  constructor(message = 'The sealed value is malformed, was changed, or was sealed under another key.') {
    super(message);
    this.name = 'CryptoBoxError';
  }
}

const IV_BYTES = 12;
const TAG_BYTES = 16;
const KID_BYTES = 4;
const BYTES_V1 = 0x01;
const BYTES_V2 = 0x02;
const B64URL = /^[A-Za-z0-9_-]*$/;
const KID = /^[0-9a-f]{8}$/;

function derive(master: Buffer, info: string): Buffer {
  return Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), info, 32));
}

function encrypt(key: Buffer, plaintext: Uint8Array, aad: string | undefined) {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  if (aad !== undefined) cipher.setAAD(Buffer.from(aad, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, tag: cipher.getAuthTag(), ciphertext };
}

function decrypt(key: Buffer, iv: Buffer, tag: Buffer, ciphertext: Buffer, aad: string | undefined): Buffer {
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new CryptoBoxError();
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    if (aad !== undefined) decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  } catch {
    throw new CryptoBoxError();
  }
}

/** One key of the ring: its derived cipher and index keys and its public id. */
type RingKey = { kid: string; aesKey: Buffer; indexKey: Buffer };

function ringKey(masterKey: Uint8Array): RingKey {
  if (masterKey.length !== 32) throw new CryptoBoxError('The encryption key must be 32 bytes.');
  const master = Buffer.from(masterKey);
  const kid = createHash('sha256')
    .update(derive(master, 'payrail/crypto-box/key-id/v1'))
    .digest('hex')
    .slice(0, KID_BYTES * 2);
  return { kid, aesKey: derive(master, 'payrail/crypto-box/aes-256-gcm/v1'), indexKey: derive(master, 'payrail/crypto-box/hmac-index/v1') };
}

/** The id of a 32-byte key (8 hex characters), as `seal` writes it: for operators and logs, never the key itself. */
export const keyIdOf = (masterKey: Uint8Array): string => ringKey(masterKey).kid;

const unknownKid = (kid: string) =>
  new CryptoBoxError(`The value was sealed under key ${kid}, which is neither ENCRYPTION_KEY nor one of ENCRYPTION_KEYS_PREVIOUS.`);

/**
 * A box over a 32-byte current key and, optionally, previous keys that may still open old values. A
 * previous key equal to the current one is ignored; two different keys with the same id are refused.
 */
export function createCryptoBox(masterKey: Uint8Array, previousKeys: readonly Uint8Array[] = []): CryptoBox {
  const current = ringKey(masterKey);
  const byKid = new Map<string, RingKey>([[current.kid, current]]);
  const previous: RingKey[] = [];
  for (const k of previousKeys) {
    const rk = ringKey(k);
    const known = byKid.get(rk.kid);
    if (known) {
      if (!known.aesKey.equals(rk.aesKey)) throw new CryptoBoxError(`Two different encryption keys share the id ${rk.kid}: generate another key.`);
      continue;
    }
    byKid.set(rk.kid, rk);
    previous.push(rk);
  }
  const ring = [current, ...previous];
  /** Version 1 carries no kid: the current key, then each previous key. */
  const decryptV1 = (iv: Buffer, tag: Buffer, ciphertext: Buffer, aad: string | undefined): Buffer => {
    for (const k of ring) {
      try {
        return decrypt(k.aesKey, iv, tag, ciphertext, aad);
      } catch {
        // the next key
      }
    }
    throw new CryptoBoxError();
  };
  const keyFor = (kid: string): RingKey => {
    const k = byKid.get(kid);
    if (!k) throw unknownKid(kid);
    return k;
  };
  const index = (k: RingKey, value: string) => createHmac('sha256', k.indexKey).update(value, 'utf8').digest('hex');
  return {
    keyId: current.kid,
    previousKeyIds: previous.map((k) => k.kid),
    seal(plaintext, aad) {
      const { iv, tag, ciphertext } = encrypt(current.aesKey, Buffer.from(plaintext, 'utf8'), aad);
      return ['v2', current.kid, iv.toString('base64url'), tag.toString('base64url'), ciphertext.toString('base64url')].join(':');
    },
    open(sealed, aad) {
      const parts = sealed.split(':');
      if (parts[0] === 'v1' && parts.length === 4 && parts.slice(1).every((p) => B64URL.test(p))) {
        const [iv, tag, ciphertext] = parts.slice(1).map((p) => Buffer.from(p, 'base64url')) as [Buffer, Buffer, Buffer];
        return decryptV1(iv, tag, ciphertext, aad).toString('utf8');
      }
      if (parts[0] === 'v2' && parts.length === 5 && KID.test(parts[1]!) && parts.slice(2).every((p) => B64URL.test(p))) {
        const key = keyFor(parts[1]!);
        const [iv, tag, ciphertext] = parts.slice(2).map((p) => Buffer.from(p, 'base64url')) as [Buffer, Buffer, Buffer];
        return decrypt(key.aesKey, iv, tag, ciphertext, aad).toString('utf8');
      }
      throw new CryptoBoxError();
    },
    sealBytes(plaintext, aad) {
      const { iv, tag, ciphertext } = encrypt(current.aesKey, plaintext, aad);
      return Buffer.concat([Buffer.of(BYTES_V2), Buffer.from(current.kid, 'hex'), iv, tag, ciphertext]);
    },
    openBytes(sealed, aad) {
      const buf = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
      if (buf[0] === BYTES_V1 && buf.length >= 1 + IV_BYTES + TAG_BYTES) {
        const iv = buf.subarray(1, 1 + IV_BYTES);
        const tag = buf.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
        return decryptV1(iv, tag, buf.subarray(1 + IV_BYTES + TAG_BYTES), aad);
      }
      if (buf[0] === BYTES_V2 && buf.length >= 1 + KID_BYTES + IV_BYTES + TAG_BYTES) {
        const key = keyFor(buf.subarray(1, 1 + KID_BYTES).toString('hex'));
        const at = 1 + KID_BYTES;
        const iv = buf.subarray(at, at + IV_BYTES);
        const tag = buf.subarray(at + IV_BYTES, at + IV_BYTES + TAG_BYTES);
        return decrypt(key.aesKey, iv, tag, buf.subarray(at + IV_BYTES + TAG_BYTES), aad);
      }
      throw new CryptoBoxError();
    },
    hmacIndex(value) {
      return index(current, value);
    },
    hmacIndexes(value) {
      return [...new Set(ring.map((k) => index(k, value)))];
    },
    keyIdOf(sealed) {
      const parts = sealed.split(':');
      if (parts[0] === 'v1' && parts.length === 4) return 'v1';
      if (parts[0] === 'v2' && parts.length === 5 && KID.test(parts[1]!)) return parts[1]!;
      return null;
    },
    keyIdOfBytes(sealed) {
      if (sealed[0] === BYTES_V1 && sealed.length >= 1 + IV_BYTES + TAG_BYTES) return 'v1';
      if (sealed[0] === BYTES_V2 && sealed.length >= 1 + KID_BYTES + IV_BYTES + TAG_BYTES)
        return Buffer.from(sealed.subarray(1, 1 + KID_BYTES)).toString('hex');
      return null;
    },
  };
}

/**
 * The install's box, built once: from ENCRYPTION_KEY when set; outside production, from a key generated
 * on first start and kept in `install_secrets` (so every instance shares it). ENCRYPTION_KEYS_PREVIOUS
 * join the ring either way (they open old values; nothing new is sealed under them). Production without a key
 * never gets here (a config error at boot), and is refused again here in case a caller skipped loadConfig.
 */
export function cryptoBoxFor(
  config: Pick<Config, 'env' | 'encryptionKey'> & { encryptionKeysPrevious?: readonly Uint8Array[] | undefined },
  secret: (name: SecretName) => Promise<string>,
): () => Promise<CryptoBox> {
  const previous = config.encryptionKeysPrevious ?? [];
  let box: Promise<CryptoBox> | undefined;
  return () => {
    if (box) return box;
    const made = (async () => {
      if (config.encryptionKey) return createCryptoBox(config.encryptionKey, previous);
      if (config.env === 'production') throw new CryptoBoxError('ENCRYPTION_KEY is required in production.');
      return createCryptoBox(Buffer.from(await secret('encryption_key'), 'base64url'), previous);
    })();
    // A failed read (database down) must not be cached for good.
    made.catch(() => {
      if (box === made) box = undefined;
    });
    box = made;
    return made;
  };
}
