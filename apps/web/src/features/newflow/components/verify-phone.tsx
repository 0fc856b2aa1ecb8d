import { useState } from 'react';
import type { ReactNode } from 'react';
import { ZPhoneValidationData } from '@payrail/contract/newflow';
import { notify } from '@payrail/ui/toast/notify';
import { useSubmitStep } from '../api/steps';
import { StepCard } from './step-card';
import { StepScreen } from './step-states';
import type { PhoneCodeSlot } from '../../../lib/phone-code-slot';

export interface PhoneEntrySlot {
  initialNumber: string | null;
  serverError?: string;
  pending: boolean;
  onSubmit: (e164: string) => void;
}

export interface VerifyPhoneProps {
  renderEntry: (slot: PhoneEntrySlot) => ReactNode;
  /** The code form: max 6, Verify disabled under 3 characters, resend waits 30 s (ticks every 250 ms). */
  renderCode: (slot: PhoneCodeSlot) => ReactNode;
}

/** errors.phone[0] or errors.error (newflow §8), shown under the code input. */
function phoneText(outcome: { fieldErrors: Record<string, string>; message: string | null }): string | undefined {
  return (
    outcome.fieldErrors.phone ??
    outcome.fieldErrors['phone.number'] ??
    outcome.fieldErrors['phone.code'] ??
    outcome.message ??
    Object.values(outcome.fieldErrors)[0]
  );
}

function PhoneFlow({ initialNumber, renderEntry, renderCode }: { initialNumber: string | null } & VerifyPhoneProps) {
  const { submit, pending } = useSubmitStep();
  const [view, setView] = useState<{ kind: 'entry' } | { kind: 'code'; number: string }>({ kind: 'entry' });
  const [typed, setTyped] = useState<string | null>(initialNumber);
  const [numberError, setNumberError] = useState<string | undefined>();
  const [codeError, setCodeError] = useState<string | undefined>();
  const [resending, setResending] = useState(false);

  // First submit sends the number; an HTTP 201 flips to code entry (newflow §4).
  const sendNumber = async (number: string): Promise<boolean> => {
    const outcome = await submit({ workflow_status_key: 'phone_validation', phone: { number } }, { stay: true });
    if (outcome.kind === 'moved' && outcome.answer.status === 201) return true;
    if (outcome.kind === 'invalid') setNumberError(phoneText(outcome));
    return false;
  };

  if (view.kind === 'entry') {
    return (
      <StepCard title="Phone Verification" lead="We will text you a code to make sure this mobile number is yours.">
        {renderEntry({
          initialNumber: typed,
          serverError: numberError,
          pending,
          onSubmit: (e164) => {
            setTyped(e164);
            setNumberError(undefined);
            void sendNumber(e164).then((sent) => {
              if (sent) {
                setCodeError(undefined);
                setView({ kind: 'code', number: e164 });
              }
            });
          },
        })}
      </StepCard>
    );
  }
  return (
    <StepCard title="Phone Verification" lead="Enter the code from the text message." focusTitle>
      {renderCode({
        number: view.number,
        codeError,
        pending,
        resendPending: resending,
        onVerify: (code) => {
          setCodeError(undefined);
          void submit({ workflow_status_key: 'phone_validation', phone: { number: view.number, code } }).then((outcome) => {
            if (outcome.kind === 'invalid') setCodeError(phoneText(outcome));
          });
        },
        onResend: async () => {
          setResending(true);
          const sent = await sendNumber(view.number).finally(() => setResending(false));
          if (sent) notify.success('We sent you a new code.');
          return sent;
        },
        onEdit: () => setView({ kind: 'entry' }),
        onCodeChange: () => setCodeError(undefined),
      })}
    </StepCard>
  );
}

/** verify_phone (phone_validation, newflow §2, §4, §5): the number, then the texted code. */
export function VerifyPhone(props: VerifyPhoneProps) {
  return (
    <StepScreen step="phone_validation" schema={ZPhoneValidationData} title="Phone Verification">
      {(data) => <PhoneFlow initialNumber={data.number} {...props} />}
    </StepScreen>
  );
}
