import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { Config } from '../config';
import type { SecretName } from './install-secrets';

/**
 * Encryption at rest (ARCHITECTURE §4): AES-256-GCM under one master key from configuration.
 *
 * - `seal(text)` → `v1:<iv>:<tag>:<ciphertext>` (each base64url) for values in database columns (SSN,
 *   bank account and driver-licence numbers); `open` reverses it and throws on any change.
 * - `sealBytes` / `openBytes`: the same in a binary envelope (`0x01 | iv | tag | ciphertext`) for files.
 * - `hmacIndex(value)`: a keyed, deterministic digest for equality lookups of sealed values
 *   (e.g. "is this SSN already on file?"); callers normalise the value first.
 *
 * The master key never encrypts directly: HKDF derives one key for AES-GCM and another for the index, so
 * an index digest says nothing about the cipher key. An optional `aad` binds a ciphertext to its place
 * (a storage key, a column name): opened elsewhere, it fails like a tampered one.
 */
export type CryptoBox = {
  seal(plaintext: string, aad?: string): string;
  open(sealed: string, aad?: string): string;
  sealBytes(plaintext: Uint8Array, aad?: string): Buffer;
  openBytes(sealed: Uint8Array, aad?: string): Buffer;
  hmacIndex(value: string): string;
};

export class CryptoBoxError extends Error {
  constructor(message = 'The sealed value is malformed, was changed, or was sealed under another key.') {
    super(message);
    this.name = 'CryptoBoxError';
  }
}

const IV_BYTES = 12;
const TAG_BYTES = 16;
const BYTES_VERSION = 0x01;
const B64URL = /^[A-Za-z0-9_-]*$/;

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

/** A box over a 32-byte master key. */
export function createCryptoBox(masterKey: Uint8Array): CryptoBox {
  if (masterKey.length !== 32) throw new CryptoBoxError('The encryption key must be 32 bytes.');
  const master = Buffer.from(masterKey);
  const aesKey = derive(master, 'payrail/crypto-box/aes-256-gcm/v1');
  const indexKey = derive(master, 'payrail/crypto-box/hmac-index/v1');
  return {
    seal(plaintext, aad) {
      const { iv, tag, ciphertext } = encrypt(aesKey, Buffer.from(plaintext, 'utf8'), aad);
      return ['v1', iv.toString('base64url'), tag.toString('base64url'), ciphertext.toString('base64url')].join(':');
    },
    open(sealed, aad) {
      const parts = sealed.split(':');
      if (parts.length !== 4 || parts[0] !== 'v1' || !parts.slice(1).every((p) => B64URL.test(p))) throw new CryptoBoxError();
      const [iv, tag, ciphertext] = parts.slice(1).map((p) => Buffer.from(p, 'base64url')) as [Buffer, Buffer, Buffer];
      return decrypt(aesKey, iv, tag, ciphertext, aad).toString('utf8');
    },
    sealBytes(plaintext, aad) {
      const { iv, tag, ciphertext } = encrypt(aesKey, plaintext, aad);
      return Buffer.concat([Buffer.of(BYTES_VERSION), iv, tag, ciphertext]);
    },
    openBytes(sealed, aad) {
      const buf = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
      if (buf.length < 1 + IV_BYTES + TAG_BYTES || buf[0] !== BYTES_VERSION) throw new CryptoBoxError();
      const iv = buf.subarray(1, 1 + IV_BYTES);
      const tag = buf.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
      return decrypt(aesKey, iv, tag, buf.subarray(1 + IV_BYTES + TAG_BYTES), aad);
    },
    hmacIndex(value) {
      return createHmac('sha256', indexKey).update(value, 'utf8').digest('hex');
    },
  };
}

/**
 * The install's box, built once: from ENCRYPTION_KEY when set; outside production, from a key generated
 * on first start and kept in `install_secrets` (so every instance shares it). Production without a key
 * never gets here (a config error at boot), and is refused again here in case a caller skipped loadConfig.
 */
export function cryptoBoxFor(config: Pick<Config, 'env' | 'encryptionKey'>, secret: (name: SecretName) => Promise<string>): () => Promise<CryptoBox> {
  let box: Promise<CryptoBox> | undefined;
  return () => {
    if (box) return box;
    const made = (async () => {
      if (config.encryptionKey) return createCryptoBox(config.encryptionKey);
      if (config.env === 'production') throw new CryptoBoxError('ENCRYPTION_KEY is required in production.');
      return createCryptoBox(Buffer.from(await secret('encryption_key'), 'base64url'));
    })();
    // A failed read (database down) must not be cached for good.
    made.catch(() => {
      if (box === made) box = undefined;
    });
    box = made;
    return made;
  };
}
