import { useState } from 'react';
import type { Dispatch, FormEvent, ReactNode, SetStateAction } from 'react';
import { Alert } from '@payrail/ui/alert';
import { StepActions } from '@payrail/ui/step-actions';
import { useSubmitStep } from '../api/steps';
import type { SubmitOutcome } from '../api/steps';
import styles from './newflow.module.css';

type StepBody = { workflow_status_key: string } & Record<string, unknown>;
type Refusal = Extract<SubmitOutcome, { kind: 'invalid' }>;

export interface StepSubmission {
  /** Every client rule holds; otherwise the attempt only reveals the errors. */
  complete: boolean;
  /** The step's POST body; built only once the form is complete (it may read files). null sends nothing. */
  body: () => StepBody | null | Promise<StepBody | null>;
  /** `stay`: the caller moves on itself (a sub-step), see useSubmitStep. */
  stay?: boolean;
  /** The red line above the form for a refusal; by default the server's message. */
  messageOf?: (refusal: Refusal) => string | null;
  /** After the step moved on (only useful with `stay`). */
  onMoved?: () => void;
}

export interface StepFormState {
  pending: boolean;
  /** A submit was tried: every client error shows from now on. */
  submitted: boolean;
  /** The server's first message per field of the last refusal. */
  serverErrors: Record<string, string>;
  setServerErrors: Dispatch<SetStateAction<Record<string, string>>>;
  /** Forgets the server's message for a field the borrower changed. */
  clearServerError: (field: string) => void;
  message: string | null;
  /** The form's submit handler: reveal errors, and when complete POST the step and keep a refusal's errors. */
  send: (submission: StepSubmission) => Promise<void>;
}

/** The state every new-flow step form keeps around its POST /newflow step: attempt, refusal, message. */
export function useStepForm(): StepFormState {
  const { submit, pending } = useSubmitStep();
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);

  const send = async ({ complete, body, stay, messageOf = (refusal) => refusal.message, onMoved }: StepSubmission) => {
    setSubmitted(true);
    if (!complete) return;
    const built = await body();
    if (!built) return;
    setMessage(null);
    const outcome = await submit(built, stay ? { stay } : {});
    if (outcome.kind === 'moved') onMoved?.();
    else if (outcome.kind === 'invalid') {
      setServerErrors(outcome.fieldErrors);
      setMessage(messageOf(outcome));
    }
  };

  const clearServerError = (field: string) => setServerErrors(({ [field]: _dropped, ...rest }) => rest);
  return { pending, submitted, serverErrors, setServerErrors, clearServerError, message, send };
}

export interface StepFormProps {
  onSubmit: () => Promise<void>;
  /** The refusal's message, shown above the fields. */
  message?: string | null;
  pending: boolean;
  submitLabel?: string;
  /** The submit stays disabled until the form is complete (most steps); some only reveal errors on submit. */
  submitDisabled?: boolean;
  /** Buttons or links after the submit (e.g. "Link my bank instead"). */
  actions?: ReactNode;
  children: ReactNode;
}

/** The form of a new-flow step card: the refusal line, the fields, and the kit's step footer (full-width submit). */
export function StepForm({ onSubmit, message, pending, submitLabel = 'Continue', submitDisabled = false, actions, children }: StepFormProps) {
  const handle = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void onSubmit();
  };
  return (
    <form noValidate aria-labelledby="newflow-step-title" onSubmit={handle}>
      {message ? (
        <Alert kind="error" assertive>
          {message}
        </Alert>
      ) : null}
      {children}
      <div className={styles.stepFooter}>
        <StepActions submitLabel={submitLabel} disabled={submitDisabled} pending={pending}>
          {actions}
        </StepActions>
      </div>
    </form>
  );
}
