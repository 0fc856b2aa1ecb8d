import { useState } from 'react';
import type { Dispatch, ReactNode, SetStateAction } from 'react';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { ErrorAlert } from '@payrail/ui/error-alert';
import { Form } from '@payrail/ui/form';
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

/**
 * The step schema's first message per answer for the values as they are now: the steps show their rules'
 * messages live (once a field was left, or after a submit) and keep the submit disabled while any holds.
 */
export function stepErrors<TValues extends FieldValues>(schema: z.ZodType<unknown, TValues>, values: TValues): Partial<Record<keyof TValues & string, string>> {
  const parsed = schema.safeParse(values);
  const errors: Partial<Record<string, string>> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors as Partial<Record<keyof TValues & string, string>>;
}

/** A step whose answers are still its own state: the form holds nothing (the step checks its answers itself). */
const NO_ANSWERS = z.object({});
type NoAnswers = z.infer<typeof NO_ANSWERS>;

export interface StepFormProps<TInput extends FieldValues = NoAnswers, TOutput extends FieldValues = TInput> {
  /**
   * The step's answers in the kit's form (react-hook-form + zod): their schema (the messages of the step's
   * rules) and first values. A submit the schema refuses shows its errors and sends nothing.
   */
  schema?: z.ZodType<TOutput, TInput>;
  defaultValues?: DefaultValues<TInput>;
  /** The checked answers (none for a step that keeps its own state) and the form. */
  onSubmit: (values: TOutput, form: UseFormReturn<TInput, unknown, TOutput>) => Promise<void>;
  /** The refusal's message, shown above the fields. */
  message?: string | null;
  pending: boolean;
  submitLabel?: string;
  /**
   * The submit stays disabled until the form is complete (most steps); some only reveal errors on submit.
   * `'until-valid'`: disabled while the schema refuses the answers.
   */
  submitDisabled?: boolean | 'until-valid';
  /** Buttons or links after the submit (e.g. "Link my bank instead"). */
  actions?: ReactNode;
  children: ReactNode | ((form: UseFormReturn<TInput, unknown, TOutput>) => ReactNode);
}

/**
 * The form of a new-flow step card, on the kit's `Form`: the refusal line, the fields (the step's answers
 * in the form's context when it gives a schema), and the kit's step footer (full-width submit).
 */
export function StepForm<TInput extends FieldValues = NoAnswers, TOutput extends FieldValues = TInput>({
  schema,
  defaultValues,
  onSubmit,
  message,
  pending,
  submitLabel = 'Continue',
  submitDisabled = false,
  actions,
  children,
}: StepFormProps<TInput, TOutput>) {
  return (
    <Form
      aria-labelledby="newflow-step-title"
      schema={schema ?? (NO_ANSWERS as unknown as z.ZodType<TOutput, TInput>)}
      // As before the form: errors show under their fields, the focus stays where it is.
      options={{ shouldFocusError: false, ...(defaultValues ? { defaultValues } : {}) }}
      onSubmit={(values, form) => onSubmit(values, form)}
    >
      {(form) => (
        <>
          <ErrorAlert message={message} />
          {typeof children === 'function' ? children(form) : children}
          <div className={styles.stepFooter}>
            <StepActions
              submitLabel={submitLabel}
              disabled={submitDisabled === 'until-valid' ? !(schema ?? NO_ANSWERS).safeParse(form.watch()).success : submitDisabled}
              pending={pending}
            >
              {actions}
            </StepActions>
          </div>
        </>
      )}
    </Form>
  );
}
