import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZCaptchaConfig } from '@payrail/contract/identity';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';

export type TCaptchaConfig = z.infer<typeof ZCaptchaConfig>;

/** GET {auth}/captcha/config: which captcha this installation uses (the site key is public). */
export function getCaptchaConfig(): Promise<TCaptchaConfig> {
  return apiClient.get('/captcha/config', { base: 'auth', auth: false, schema: ZCaptchaConfig });
}

export const captchaConfigQueryOptions = () => queryOptions({ queryKey: ['auth', 'captcha-config'], queryFn: getCaptchaConfig, staleTime: Infinity });

export function useCaptchaConfig() {
  return useQuery(captchaConfigQueryOptions());
}
