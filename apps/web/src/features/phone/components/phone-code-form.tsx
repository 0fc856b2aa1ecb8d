import { useMemo } from 'react';
import { PHONE_CODE_LENGTH, RESEND_COUNTDOWN_MS } from '@payrail/contract/identity';
import { Button } from '@payrail/ui/button';
import { CodeField } from '@payrail/ui/code-field';
import { Form } from '@payrail/ui/form';
import { RESEND_TICK_MS, useCountdown } from '../hooks/use-countdown';
import { displayPhone } from '../lib/phone-number';
import { normalizePhoneCode, phoneCodeFormSchema } from './phone-code.schema';
import type { PhoneCodeSlot } from '../../../lib/phone-code-slot';
import styles from './phone.module.css';

export interface PhoneCodeFormProps extends PhoneCodeSlot {
  /** Verify stays disabled under this many characters (1: while empty; the new flow: under 3, newflow §5). */
  minCodeLength?: number;
  /**
   * The new flow (newflow §4): the 30 s wait also runs from the send that opened this view, not only
   * after a resend click (the classic flow's rule, access §4 "after a click").
   */
  waitFromFirstSend?: boolean;
  /**
   * The view opened from a code sent just now (the first send): the resend wait starts at once, as after
   * a resend click (issue #33), in both flows. False when it shows a code sent earlier (a reload).
   */
  justSent?: boolean;
}

/** The 6-digit code view: the number it went to, a way back to edit it, and a rate-limited resend. */
export function PhoneCodeForm({
  number,
  codeError,
  pending,
  resendPending,
  onVerify,
  onResend,
  onEdit,
  onCodeChange,
  minCodeLength = 1,
  waitFromFirstSend = false,
  justSent = false,
}: PhoneCodeFormProps) {
  const schema = useMemo(() => phoneCodeFormSchema(minCodeLength), [minCodeLength]);
  const fromFirstSend = waitFromFirstSend || justSent;
  const countdown = useCountdown(RESEND_COUNTDOWN_MS, RESEND_TICK_MS, fromFirstSend);
  const seconds = Math.ceil(countdown.remainingMs / 1000);

  const resend = async () => {
    if (await onResend()) countdown.start();
  };

  return (
    <Form aria-label="Code from the text message" schema={schema} options={{ defaultValues: { code: '' } }} onSubmit={({ code }) => onVerify(code)}>
      {({ watch }) => (
        <>
          <div className={styles.sentTo}>
            <p>
              We texted a {PHONE_CODE_LENGTH}-digit code to <strong>{displayPhone(number)}</strong>.
            </p>
          </div>
          <CodeField
            label="Verification code"
            className={styles.code}
            kind="digits"
            length={PHONE_CODE_LENGTH}
            normalize={normalizePhoneCode}
            error={codeError}
            schemaMessage={false}
            onCodeChange={onCodeChange}
          />
          <div className={styles.actions}>
            <Button type="submit" size="lg" fullWidth disabled={watch('code').length < minCodeLength} loading={pending}>
              Verify
            </Button>
          </div>
          <div className={styles.links}>
            <button type="button" className={styles.linkButton} onClick={onEdit}>
              Edit mobile number
            </button>
            <button type="button" className={styles.linkButton} disabled={countdown.running || resendPending} onClick={() => void resend()}>
              {countdown.running ? `Resend code in ${seconds} s` : 'Resend code'}
            </button>
          </div>
          <p className="visually-hidden" role="status">
            {countdown.running
              ? fromFirstSend
                ? 'A code was sent. You can ask for another one in 30 seconds.'
                : 'A new code was sent. You can ask for another one in 30 seconds.'
              : ''}
          </p>
        </>
      )}
    </Form>
  );
}

/** What `PhoneFlowCodeForm` reads of `usePhoneCodeFlow`. */
export interface PhoneCodeFlowMoves {
  codeError?: string;
  verify: (number: string, code: string) => Promise<unknown>;
  resend: (number: string) => Promise<boolean>;
  editNumber: (number: string) => void;
  clearCodeError: () => void;
}

/** The code view of a `usePhoneCodeFlow` (the classic step and the dashboard's phone change): the flow's number, message and moves. */
export function PhoneFlowCodeForm({
  flow,
  view,
  pending,
  resendPending,
}: {
  flow: PhoneCodeFlowMoves;
  view: { number: string; sent?: boolean };
  pending: boolean;
  resendPending: boolean;
}) {
  return (
    <PhoneCodeForm
      number={view.number}
      justSent={view.sent === true}
      codeError={flow.codeError}
      pending={pending}
      resendPending={resendPending}
      onVerify={(code) => void flow.verify(view.number, code)}
      onResend={() => flow.resend(view.number)}
      onEdit={() => flow.editNumber(view.number)}
      onCodeChange={flow.clearCodeError}
    />
  );
}
