import type { ZCaptchaResponse } from '@payrail/contract/identity';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';

/**
 * POST {auth}/captcha: the server asks the captcha provider whether the browser's token is a human's.
 * The answer's schema loads with the request, not with the sign-in and sign-up pages (docs/architecture.md).
 */
export function verifyCaptcha(token: string): Promise<z.infer<typeof ZCaptchaResponse>> {
  return apiClient.post(
    '/captcha',
    { token },
    { base: 'auth', auth: false, globalErrors: false, schema: import('@payrail/contract/identity').then((contract) => contract.ZCaptchaResponse) },
  );
}
