import { randomBytes } from 'node:crypto';

/** The per-install secrets the server uses (`encryption_key` only outside production, when ENCRYPTION_KEY is unset). */
export type SecretName = 'code_hmac' | 'sandbox_identity' | 'encryption_key';

export type SecretStore = { installSecret(name: string, generate: () => string): Promise<string> };

/**
 * Reads a per-install secret, generating it on first use. Kept in the database (not on disk) so every
 * instance behind a load balancer agrees; cached for the life of the process.
 */
export function installSecrets(store: SecretStore): (name: SecretName) => Promise<string> {
  const cache = new Map<SecretName, Promise<string>>();
  return (name) => {
    let value = cache.get(name);
    if (!value) {
      value = store.installSecret(name, () => randomBytes(32).toString('base64url'));
      // A failed read (database down) must not be cached for good.
      value.catch(() => cache.delete(name));
      cache.set(name, value);
    }
    return value;
  };
}
