/** localStorage key of the browser's visitor id. */
export const FINGERPRINT_STORAGE_KEY = 'payrail.fingerprint';

let memory: string | null = null;

function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The "fingerprint" the spec sends with sign-up and the visitor log: a random id made once per browser
 * and kept in localStorage. Nothing is derived from the device (no canvas, fonts or hardware probing),
 * so it identifies a browser profile to us and to nobody else. Signing out does not reset it.
 */
export function getFingerprint(): string {
  try {
    const stored = window.localStorage.getItem(FINGERPRINT_STORAGE_KEY);
    if (stored) return stored;
    const id = randomId();
    window.localStorage.setItem(FINGERPRINT_STORAGE_KEY, id);
    return id;
  } catch {
    // Storage blocked: the id lives as long as the page.
    memory ??= randomId();
    return memory;
  }
}
