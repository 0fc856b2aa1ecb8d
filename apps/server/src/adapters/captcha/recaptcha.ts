import type { CaptchaVerifier } from './port';

const VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

/**
 * Google reCAPTCHA (v2 or v3). v3 answers a score: below `minScore` counts as a robot. A network
 * failure counts as a failure too, so an outage at Google never lets robots through silently.
 */
export function recaptcha(cfg: { siteKey: string; secretKey: string; minScore: number }): CaptchaVerifier {
  return {
    provider: 'recaptcha',
    siteKey: cfg.siteKey,
    async verify(token, ip) {
      try {
        const body = new URLSearchParams({ secret: cfg.secretKey, response: token });
        if (ip) body.set('remoteip', ip);
        const res = await fetch(VERIFY_URL, { method: 'POST', body, signal: AbortSignal.timeout(5_000) });
        if (!res.ok) return false;
        const answer = (await res.json()) as { success?: boolean; score?: number };
        return answer.success === true && (answer.score === undefined || answer.score >= cfg.minScore);
      } catch {
        return false;
      }
    },
  };
}
