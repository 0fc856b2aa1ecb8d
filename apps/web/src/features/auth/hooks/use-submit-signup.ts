import { useCallback } from 'react';
import type { TSignupRequest } from '@payrail/contract/identity';
import type { TNewflowSignupRequest } from '@payrail/contract/newflow';
import { MSG } from '@payrail/contract/messages';
import { notify } from '@payrail/ui/toast/notify';
import { isApiError } from '@payrail/client/http-client';
import { useSignUp } from '../api/sign-up';
import type { SignUpResult } from '../api/sign-up';
import { fieldMessage } from '../lib/field-errors';
import { useCaptcha } from './use-captcha';

export type SignupOutcome = { kind: 'created'; result: SignUpResult } | { kind: 'invalid'; fieldErrors: Record<string, string> } | { kind: 'failed' };

/**
 * Captcha, then POST /signup. A 422 shows 'Error on signup!' and answers the first message of each
 * field as a sentence ('Email has already been taken'); the form puts them under its fields.
 */
export function useSubmitSignup() {
  const captcha = useCaptcha('signup');
  const mutation = useSignUp();
  const { mutateAsync } = mutation;
  const submit = useCallback(
    async (body: TSignupRequest | TNewflowSignupRequest): Promise<SignupOutcome> => {
      if (!(await captcha())) return { kind: 'failed' };
      try {
        return { kind: 'created', result: await mutateAsync(body) };
      } catch (error) {
        if (isApiError(error) && error.status === 422) {
          notify.error(MSG.signupError);
          const fieldErrors: Record<string, string> = {};
          for (const [field, messages] of Object.entries(error.fieldErrors)) {
            const first = messages[0];
            if (first) fieldErrors[field] = fieldMessage(field, first);
          }
          if (Object.keys(fieldErrors).length === 0 && error.serverMessage) fieldErrors.base = error.serverMessage;
          return { kind: 'invalid', fieldErrors };
        }
        // 403 and 503 were handled globally; a dropped connection and the rate limit say what happened.
        if (isApiError(error) && (error.status === 403 || error.status === 503)) return { kind: 'failed' };
        notify.error(isApiError(error) && (error.status === 0 || error.status === 429) ? (error.serverMessage ?? error.message) : MSG.signupError);
        return { kind: 'failed' };
      }
    },
    [captcha, mutateAsync],
  );
  return { submit, pending: mutation.isPending };
}
