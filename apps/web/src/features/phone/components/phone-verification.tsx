import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Container } from '@payrail/ui/container';
import { isApiError } from '@payrail/client/http-client';
import { useResendPhoneCode } from '../api/resend-phone-code';
import { useSendPhoneCode } from '../api/send-phone-code';
import { phoneErrorText, useVerifyPhone } from '../api/verify-phone';
import { DEFAULT_PHONE_MODE } from '../lib/phone-number';
import type { PhoneMode } from '../lib/phone-number';
import { usePhoneCodeFlow } from '../hooks/use-phone-code-flow';
import { PhoneFlowCodeForm } from './phone-code-form';
import { PhoneEntryForm } from './phone-entry-form';
import styles from './phone.module.css';

export interface PhoneVerificationProps {
  /** The borrower's workflow status: phone_code_sent opens on the code view. */
  status: string;
  /** The number on file (E.164) and whether it is verified, from the session check. */
  phone: string | null;
  phoneConfirmed: boolean;
  consentLink: (label: string) => ReactNode;
  /** A code was sent: the server moved the status (phone_verification → phone_code_sent). */
  onStatusChange: (status: string) => void;
  /** The number is verified: go to the page of the status the server answered. */
  onVerified: (newStatus: string) => void;
  /** The unchanged, already verified number was submitted: move on to the next page. */
  onContinue: () => Promise<unknown>;
  onBack?: () => void;
  backPending?: boolean;
  mode?: PhoneMode;
}

/**
 * Phone verification (spec §4): enter or edit the mobile number, then the texted code.
 * - An unchanged verified number moves on; an unchanged unverified one shows the code form; a new one
 *   is sent (201 flips to code entry).
 * - 429 on verify or resend returns to the number with the error; other code errors sit under the code.
 */
export function PhoneVerification({
  status,
  phone,
  phoneConfirmed,
  consentLink,
  onStatusChange,
  onVerified,
  onContinue,
  onBack,
  backPending,
  mode = DEFAULT_PHONE_MODE,
}: PhoneVerificationProps) {
  // The number the server has on file; a sent code puts the new number there, still unverified.
  const [onFile, setOnFile] = useState({ number: phone, confirmed: phoneConfirmed });
  const [continuing, setContinuing] = useState(false);
  const send = useSendPhoneCode();
  const resend = useResendPhoneCode();
  const verify = useVerifyPhone();
  const flow = usePhoneCodeFlow({
    initialView: status === 'phone_code_sent' && phone ? { kind: 'code', number: phone } : { kind: 'entry' },
    initialNumber: phone,
    sendCode: send.mutateAsync,
    resendCode: resend.mutateAsync,
    verifyCode: verify.mutateAsync,
    sendErrorText: (error) => phoneErrorText(error) ?? (isApiError(error) ? error.message : undefined),
    onSent: (answer) => {
      setOnFile({ number: answer.number, confirmed: answer.confirmed });
      if (answer.new_status) onStatusChange(answer.new_status);
    },
    onVerified: (answer) => onVerified(answer.new_status ?? status),
  });
  const { view } = flow;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstView = useRef(true);

  // Each view replaces the form under the focus: start again from the heading.
  useEffect(() => {
    if (firstView.current) {
      firstView.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [view.kind]);

  /** The number on file, unchanged: a verified one moves on, an unverified one asks for its code. */
  const submitNumber = async (e164: string) => {
    if (onFile.number && e164 === onFile.number) {
      flow.setNumberError(undefined);
      flow.setTyped(e164);
      if (onFile.confirmed) {
        setContinuing(true);
        await onContinue().finally(() => setContinuing(false));
      } else flow.showCode(e164);
      return;
    }
    await flow.sendNumber(e164);
  };

  return (
    <Container width="narrow" className={styles.page}>
      <section className={styles.card} aria-labelledby="phone-title">
        <h1 id="phone-title" ref={headingRef} tabIndex={-1}>
          Phone Verification
        </h1>
        {view.kind === 'entry' ? (
          <>
            <p className={styles.lead}>
              {phone
                ? 'Check your mobile number. We text a code to it to make sure it is yours.'
                : 'Enter your mobile number. We will text you a 6-digit code to make sure it is yours.'}
            </p>
            <PhoneEntryForm
              mode={mode}
              initialNumber={flow.typed}
              askConsent={!phone}
              consentLink={consentLink}
              serverError={flow.numberError}
              pending={send.isPending || continuing}
              onSubmit={(e164) => void submitNumber(e164)}
              onBack={onBack}
              backPending={backPending}
            />
          </>
        ) : (
          <>
            <p className={styles.lead}>Enter the code from the text message to verify your number.</p>
            <PhoneFlowCodeForm flow={flow} view={view} pending={verify.isPending} resendPending={resend.isPending} />
          </>
        )}
      </section>
    </Container>
  );
}
