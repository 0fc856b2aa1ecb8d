import type { ReactNode } from 'react';
import { MSG } from '@payrail/contract/messages';
import { Dialog } from '@payrail/ui/dialog';
import { useSendDashboardPhoneCode } from '../api/send-dashboard-phone-code';
import { useVerifyDashboardPhone } from '../api/verify-dashboard-phone';
import { phoneErrorText } from '../api/verify-phone';
import { DEFAULT_PHONE_MODE } from '../lib/phone-number';
import type { PhoneMode } from '../lib/phone-number';
import { usePhoneCodeFlow } from '../hooks/use-phone-code-flow';
import { PhoneFlowCodeForm } from './phone-code-form';
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

/** The dialog says 'invalid phone' for a bad number (spec §5), the server's long text included. */
const shortInvalid = (text: string | undefined) => (text === MSG.invalidPhone ? MSG.invalidPhoneShort : text);

/**
 * The dashboard's phone change (spec §4, §7): a new number gets a code by POST /dashboard/phones (201),
 * then the code goes to POST /dashboard/verify_phone. Resend waits 30 s after a click; a 429 returns to
 * the number with the error; other code errors sit under the code field.
 */
export function PhoneEditDialog({ open, onClose, phone, consentLink, onVerified, mode = DEFAULT_PHONE_MODE }: PhoneEditDialogProps) {
  const send = useSendDashboardPhoneCode();
  const resend = useSendDashboardPhoneCode();
  const verify = useVerifyDashboardPhone();
  const flow = usePhoneCodeFlow({
    initialView: { kind: 'entry' },
    initialNumber: phone,
    sendCode: send.mutateAsync,
    resendCode: resend.mutateAsync,
    verifyCode: verify.mutateAsync,
    sendErrorText: (error) => shortInvalid(phoneErrorText(error)),
    onVerified: (answer) => {
      close();
      onVerified(answer.number);
    },
  });
  const { view } = flow;

  function close() {
    flow.reset();
    onClose();
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      closeOnBackdrop={false}
      title="Edit mobile number"
      description={
        view.kind === 'entry'
          ? 'We text a 6-digit code to the new number to make sure it is yours.'
          : 'Enter the code from the text message to verify your number.'
      }
    >
      {view.kind === 'entry' ? (
        <PhoneEntryForm
          mode={mode}
          initialNumber={flow.typed}
          askConsent
          consentLink={consentLink}
          serverError={flow.numberError}
          pending={send.isPending}
          invalidMessage={MSG.invalidPhoneShort}
          submitLabel="Send code"
          onSubmit={(e164) => void flow.sendNumber(e164)}
        />
      ) : (
        <PhoneFlowCodeForm flow={flow} view={view} pending={verify.isPending} resendPending={resend.isPending} />
      )}
    </Dialog>
  );
}
