import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { MSG } from '@payrail/contract/messages';
import { notify } from '@payrail/ui/toast/notify';
import { isApiError } from '@payrail/client/http-client';
import { captchaConfigQueryOptions } from '../api/get-captcha-config';
import { verifyCaptcha } from '../api/verify-captcha';
import { recaptchaToken } from '../lib/recaptcha';

/** The sandbox captcha passes any token but `fail`; this one says where it came from. */
export const SANDBOX_CAPTCHA_TOKEN = 'sandbox-browser-token';

/**
 * Runs the captcha before a sign-up or sign-in is sent (spec §2, §8): gets a token from the configured
 * provider and has the server check it. Answers false, after telling the visitor, when it fails.
 */
export function useCaptcha(action: 'signup' | 'signin') {
  const queryClient = useQueryClient();
  return useCallback(async (): Promise<boolean> => {
    try {
      const config = await queryClient.fetchQuery(captchaConfigQueryOptions());
      const token = config.provider === 'recaptcha' && config.site_key ? await recaptchaToken(config.site_key, action) : SANDBOX_CAPTCHA_TOKEN;
      await verifyCaptcha(token);
      return true;
    } catch (error) {
      if (isApiError(error) && error.status === 0) notify.error(error.message);
      else notify.error(MSG.captchaFailed);
      return false;
    }
  }, [queryClient, action]);
}
