import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Stateless tokens for the sandbox providers (bank link, card tokenizer): `<prefix>-<payload>.<mac>`,
 * the payload base64url JSON, the MAC an HMAC-SHA256 under a key derived from a per-install secret
 * and the prefix. Only this installation can mint one, so a token cannot be forged from outside, and a
 * token of one kind never passes for another (the prefix is in the key and in the MAC).
 */
export type SandboxTokens = {
  sign(prefix: string, payload: Record<string, unknown>): Promise<string>;
  /** The payload, or null when the token is malformed, of another kind, forged or past its `exp` (ms). */
  verify<T extends Record<string, unknown>>(prefix: string, token: string, now: Date): Promise<T | null>;
};

export function sandboxTokens(secret: () => Promise<string>, label: string): SandboxTokens {
  const mac = async (prefix: string, payload: string) => {
    const key = createHmac('sha256', await secret())
      .update(`payrail/${label}/v1`)
      .digest();
    return createHmac('sha256', key).update(`${prefix}-${payload}`).digest('base64url');
  };
  return {
    async sign(prefix, payload) {
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${prefix}-${body}.${await mac(prefix, body)}`;
    },
    async verify<T extends Record<string, unknown>>(prefix: string, token: string, now: Date): Promise<T | null> {
      if (typeof token !== 'string' || token.length > 2048 || !token.startsWith(`${prefix}-`)) return null;
      const [body, signature, ...rest] = token.slice(prefix.length + 1).split('.');
      if (!body || !signature || rest.length > 0) return null;
      const expected = Buffer.from(await mac(prefix, body));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      let payload: unknown;
      try {
        payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return null;
      const exp = (payload as { exp?: unknown }).exp;
      if (exp !== undefined && (typeof exp !== 'number' || exp <= now.getTime())) return null;
      return payload as T;
    },
  };
}
