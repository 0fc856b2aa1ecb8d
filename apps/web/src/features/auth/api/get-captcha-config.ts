import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ZCaptchaConfig } from '@payrail/contract/identity';
import type { ResponseSchema } from '@payrail/client/http-client';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import { nullableString, oneOf, record } from '../../../lib/wire-check';

export type TCaptchaConfig = z.infer<typeof ZCaptchaConfig>;

/** The contract's `ZCaptchaConfig`, checked by hand: the sign-in and sign-up pages show the badge at first paint, without zod (wire-check.ts). */
export const captchaConfigSchema: ResponseSchema<TCaptchaConfig> = {
  parse(data) {
    const answer = record(data, 'captcha config');
    return {
      provider: oneOf(answer.provider, ['sandbox', 'recaptcha'], 'captcha config.provider'),
      site_key: nullableString(answer.site_key, 'captcha config.site_key'),
    };
  },
};

/** GET {auth}/captcha/config: which captcha this installation uses (the site key is public). */
export function getCaptchaConfig(): Promise<TCaptchaConfig> {
  return apiClient.get('/captcha/config', { base: 'auth', auth: false, schema: captchaConfigSchema });
}

export const captchaConfigQueryOptions = () => queryOptions({ queryKey: ['auth', 'captcha-config'], queryFn: getCaptchaConfig, staleTime: Infinity });

export function useCaptchaConfig() {
  return useQuery(captchaConfigQueryOptions());
}
