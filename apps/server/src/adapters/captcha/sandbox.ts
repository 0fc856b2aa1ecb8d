import type { CaptchaVerifier } from './port';

/** Test mode: every token passes, except the token `fail` or when configured to fail everything. */
export function sandboxCaptcha(failAll: boolean): CaptchaVerifier {
  return {
    provider: 'sandbox',
    siteKey: null,
    async verify(token) {
      return !failAll && token !== 'fail';
    },
  };
}
