import { useState } from 'react';
import { MSG } from '@payrail/contract/messages';
import { notify } from '@payrail/ui/toast/notify';
import { isApiError } from '@payrail/client/http-client';
import { phoneErrorText } from '../api/verify-phone';

/** `sent`: the code view opened from a code sent just now (its resend wait starts at once, issue #33). */
export type PhoneView = { kind: 'entry' } | { kind: 'code'; number: string; sent?: boolean };

/** "Error on saving your phone number: <server text>" (spec §8). */
export const withText = (title: string, text: string | undefined) => (text ? `${title}: ${text}` : title);

/** Handled globally (warning and redirect, permission notice, unavailable page): nothing more to say here. */
const handledGlobally = (error: unknown) => isApiError(error) && (error.status === 401 || error.status === 403 || error.status === 503);

export interface PhoneCodeFlowOptions<TSent extends { number: string }, TVerified> {
  initialView: PhoneView;
  /** The number the entry form starts with (E.164). */
  initialNumber: string | null;
  sendCode: (number: string) => Promise<TSent>;
  resendCode: (number: string) => Promise<unknown>;
  verifyCode: (input: { number: string; code: string }) => Promise<TVerified>;
  /** The text under the number (and in the notice) when sending is refused. */
  sendErrorText: (error: unknown) => string | undefined;
  onSent?: (answer: TSent) => void;
  onVerified: (answer: TVerified) => void;
}

/**
 * The two views of a phone check (spec §4, §7, §8), shared by the application step and the dashboard's
 * dialog: a number gets a code, the code verifies it. Resend and verify answer 429 by returning to the
 * number with the error; other code errors sit under the code field.
 */
export function usePhoneCodeFlow<TSent extends { number: string }, TVerified>(options: PhoneCodeFlowOptions<TSent, TVerified>) {
  const [view, setView] = useState<PhoneView>(options.initialView);
  const [typed, setTyped] = useState<string | null>(options.initialNumber);
  const [numberError, setNumberError] = useState<string | undefined>();
  const [codeError, setCodeError] = useState<string | undefined>();

  const backToEntry = (message: string | undefined) => {
    setNumberError(message);
    setCodeError(undefined);
    setView({ kind: 'entry' });
  };

  const showCode = (number: string, sent = false) => {
    setCodeError(undefined);
    setView(sent ? { kind: 'code', number, sent } : { kind: 'code', number });
  };

  /** Sends a code to the typed number and opens the code view. */
  const sendNumber = async (e164: string) => {
    setNumberError(undefined);
    setTyped(e164);
    try {
      const answer = await options.sendCode(e164);
      options.onSent?.(answer);
      showCode(answer.number, true);
    } catch (error) {
      if (handledGlobally(error)) return;
      const text = options.sendErrorText(error);
      notify.error(withText(MSG.phoneSaveError, text));
      setNumberError(text);
    }
  };

  const resend = async (number: string): Promise<boolean> => {
    try {
      await options.resendCode(number);
      notify.success('We sent you a new code.');
      return true;
    } catch (error) {
      if (handledGlobally(error)) return false;
      const text = phoneErrorText(error);
      notify.error(withText(MSG.phoneSaveError, text));
      if (isApiError(error) && error.status === 429) backToEntry(text);
      return false;
    }
  };

  const verify = async (number: string, code: string) => {
    setCodeError(undefined);
    try {
      const answer = await options.verifyCode({ number, code });
      notify.success(MSG.phoneVerified);
      options.onVerified(answer);
    } catch (error) {
      if (handledGlobally(error)) return;
      const text = phoneErrorText(error);
      if (isApiError(error) && error.status === 429) {
        notify.error(withText(MSG.phoneVerifyError, text));
        backToEntry(text);
        return;
      }
      setCodeError(text ?? MSG.phoneVerifyError);
    }
  };

  /** Back from the code to the number, keeping it in the form. */
  const editNumber = (number: string) => {
    setTyped(number);
    backToEntry(undefined);
  };

  /** The dialog starts over when it is closed. */
  const reset = () => {
    setView({ kind: 'entry' });
    setNumberError(undefined);
    setCodeError(undefined);
  };

  return {
    view,
    typed,
    setTyped,
    numberError,
    setNumberError,
    codeError,
    clearCodeError: () => setCodeError(undefined),
    showCode,
    sendNumber,
    resend,
    verify,
    editNumber,
    reset,
  };
}
