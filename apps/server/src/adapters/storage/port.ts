/**
 * Where uploaded files' bytes live. Keys are made by the server (random, never a user's file name) and
 * match `STORAGE_KEY`; implementations refuse any other key, so no key can reach outside the store.
 * Callers encrypt before `put` (the store only ever sees ciphertext).
 */
export interface FileStorage {
  readonly provider: string;
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The stored bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  /** Whether bytes are stored under the key, without reading them (the back office's storage check). */
  has(key: string): Promise<boolean>;
  /** Removes the bytes; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

/** Lower-case letters, digits and `-`, in one or more `/`-separated segments: no dots, so no `..`. */
export const STORAGE_KEY = /^[a-z0-9][a-z0-9-]{0,99}(?:\/[a-z0-9][a-z0-9-]{0,99}){0,4}$/;

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key ${JSON.stringify(key.slice(0, 60))}`);
    this.name = 'InvalidStorageKeyError';
  }
}

export function assertStorageKey(key: string): void {
  if (!STORAGE_KEY.test(key)) throw new InvalidStorageKeyError(key);
}
