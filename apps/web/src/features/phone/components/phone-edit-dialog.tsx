import { useState } from 'react';
import type { ReactNode } from 'react';
import { MSG } from '@payrail/contract/messages';
import { Dialog } from '@payrail/ui/dialog';
import { notify } from '@payrail/ui/toast/notify';
import { isApiError } from '@payrail/client/http-client';
import { useSendDashboardPhoneCode } from '../api/send-dashboard-phone-code';
import { useVerifyDashboardPhone } from '../api/verify-dashboard-phone';
import { phoneErrorText } from '../api/verify-phone';
import { DEFAULT_PHONE_MODE } from '../lib/phone-number';
import type { PhoneMode } from '../lib/phone-number';
import { PhoneCodeForm } from './phone-code-form';
import { PhoneEntryForm } from './phone-entry-form';

export interface PhoneEditDialogProps {
  open: boolean;
  onClose: () => void;
  /** The number on file (E.164), to pre-fill the form. */
  phone: string | null;
  consentLink: (label: string) => ReactNode;
  /** The new number is verified and on file. */
  onVerified: (number: string) => void;
  mode?: PhoneMode;
}

type View = { kind: 'entry' } | { kind: 'code'; number: string };

/** "Error on saving your phone number: <server text>" (spec §8). */
const withText = (title: string, text: string | undefined) => (text ? `${title}: ${text}` : title);

/** The dialog says 'invalid phone' for a bad number (spec §5), the server's long text included. */
const shortInvalid = (text: string | undefined) => (text === MSG.invalidPhone ? MSG.invalidPhoneShort : text);

/** Handled globally (warning and redirect, permission notice, unavailable page). */
const handledGlobally = (error: unknown) => isApiError(error) && (error.status === 401 || error.status === 403 || error.status === 503);

/**
 * The dashboard's phone change (spec §4, §7): a new number gets a code by POST /dashboard/phones (201),
 * then the code goes to POST /dashboard/verify_phone. Resend waits 30 s after a click; a 429 returns to
 * the number with the error; other code errors sit under the code field.
 */
export function PhoneEditDialog({ open, onClose, phone, consentLink, onVerified, mode = DEFAULT_PHONE_MODE }: PhoneEditDialogProps) {
  const [view, setView] = useState<View>({ kind: 'entry' });
  const [typed, setTyped] = useState<string | null>(phone);
  const [numberError, setNumberError] = useState<string | undefined>();
  const [codeError, setCodeError] = useState<string | undefined>();
  const send = useSendDashboardPhoneCode();
  const resend = useSendDashboardPhoneCode();
  const verify = useVerifyDashboardPhone();

  const close = () => {
    setView({ kind: 'entry' });
    setNumberError(undefined);
    setCodeError(undefined);
    onClose();
  };

  const backToEntry = (message: string | undefined) => {
    setNumberError(message);
    setCodeError(undefined);
    setView({ kind: 'entry' });
  };

  const submitNumber = async (e164: string) => {
    setNumberError(undefined);
    setTyped(e164);
    try {
      const answer = await send.mutateAsync(e164);
      setCodeError(undefined);
      setView({ kind: 'code', number: answer.number });
    } catch (error) {
      if (handledGlobally(error)) return;
      const text = shortInvalid(phoneErrorText(error));
      notify.error(withText(MSG.phoneSaveError, text));
      setNumberError(text);
    }
  };

  const resendCode = async (number: string): Promise<boolean> => {
    try {
      await resend.mutateAsync(number);
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

  const verifyCode = async (number: string, code: string) => {
    setCodeError(undefined);
    try {
      const answer = await verify.mutateAsync({ number, code });
      notify.success(MSG.phoneVerified);
      close();
      onVerified(answer.number);
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

  return (
    <Dialog
      open={open}
      onClose={close}
      closeOnBackdrop={false}
      title="Edit mobile number"
      description={view.kind === 'entry' ? 'We text a 6-digit code to the new number to make sure it is yours.' : 'Enter the code from the text message to verify your number.'}
    >
      {view.kind === 'entry' ? (
        <PhoneEntryForm
          mode={mode}
          initialNumber={typed}
          askConsent
          consentLink={consentLink}
          serverError={numberError}
          pending={send.isPending}
          invalidMessage={MSG.invalidPhoneShort}
          submitLabel="Send code"
          onSubmit={(e164) => void submitNumber(e164)}
        />
      ) : (
        <PhoneCodeForm
          number={view.number}
          codeError={codeError}
          pending={verify.isPending}
          resendPending={resend.isPending}
          onVerify={(code) => void verifyCode(view.number, code)}
          onResend={() => resendCode(view.number)}
          onEdit={() => {
            setTyped(view.number);
            backToEntry(undefined);
          }}
          onCodeChange={() => setCodeError(undefined)}
        />
      )}
    </Dialog>
  );
}
