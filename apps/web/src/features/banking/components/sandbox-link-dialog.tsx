import { useEffect, useRef, useState } from 'react';
import { ZSandboxAuthorizeRequest } from '@payrail/contract/banking';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { Dialog } from '@payrail/ui/dialog';
import { Form } from '@payrail/ui/form';
import { TextField } from '@payrail/ui/text-field';
import { authorizeSandboxLink, sandboxError } from '../api/bank-link';
import type { TBankLinkWidget, TSandboxAuthorize } from '../api/bank-link';
import type { LinkCallbacks } from '../lib/plaid-link';
import styles from './banking.module.css';

type Institution = TBankLinkWidget['institutions'][number];

export interface SandboxLinkDialogProps extends LinkCallbacks {
  open: boolean;
  widget: TBankLinkWidget;
}

const GENERIC_ERROR = 'Something went wrong while connecting your bank. Please try again.';

/** The sandbox login's fields (the request's own; the link token and institution come from the widget and the pick). */
const loginSchema = ZSandboxAuthorizeRequest.pick({ username: true, password: true });

/**
 * The sandbox provider's widget: our own dialog that behaves like the aggregator's test mode. The
 * borrower picks a test institution and signs in (the sandbox answers the aggregator's errors for bad
 * credentials and an institution that is down); success hands the public token to the page. Events
 * use the aggregator's names (OPEN, SELECT_INSTITUTION, SUBMIT_CREDENTIALS, ERROR, HANDOFF, EXIT).
 */
export function SandboxLinkDialog({ open, widget, onSuccess, onExit, onEvent }: SandboxLinkDialogProps) {
  const [institution, setInstitution] = useState<Institution | null>(null);
  const [error, setError] = useState<{ code: string; text: string } | null>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(true);

  useEffect(() => {
    if (open) onEvent('OPEN', { link_token_expiration: widget.expiration });
    // Once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  // Each step replaces the dialog's content under the focus: start again from its heading.
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    stepHeading.current?.focus();
  }, [institution]);

  const choose = (next: Institution | null) => {
    setError(null);
    setInstitution(next);
    if (next) onEvent('SELECT_INSTITUTION', { institution_id: next.id, institution_name: next.name });
    else onEvent('TRANSITION_VIEW', { view_name: 'SELECT_INSTITUTION' });
  };

  const exit = () => {
    onEvent('EXIT', { institution_id: institution?.id ?? null, error_code: error?.code ?? null });
    onExit(error ? { error_code: error.code, error_message: error.text, display_message: error.text } : null, { institution_id: institution?.id ?? null });
  };

  const submit = async ({ username, password }: { username: string; password: string }) => {
    if (!institution) return;
    setError(null);
    onEvent('SUBMIT_CREDENTIALS', { institution_id: institution.id });
    let answer: TSandboxAuthorize;
    try {
      answer = await authorizeSandboxLink({ link_token: widget.link_token, institution_id: institution.id, username, password });
    } catch (failure) {
      const body = sandboxError(failure);
      const next = { code: body?.error_code ?? 'INTERNAL_SERVER_ERROR', text: body?.display_message ?? body?.error_message ?? GENERIC_ERROR };
      onEvent('ERROR', { institution_id: institution.id, error_code: next.code, error_message: body?.error_message ?? null });
      setError(next);
      return;
    }
    onEvent('HANDOFF', { institution_id: answer.institution.id });
    onSuccess(answer.public_token, { institution: answer.institution, accounts: answer.accounts, inquiry: answer.inquiry });
  };

  const down = error?.code === 'INSTITUTION_DOWN';
  return (
    <Dialog
      open={open}
      onClose={exit}
      closeLabel="Exit bank linking"
      closeOnBackdrop={false}
      title="Connect your bank"
      description="Test mode: no real bank is contacted. Pick a test bank and sign in with the test credentials."
      footer={
        <Button variant="ghost" onClick={exit}>
          Exit
        </Button>
      }
    >
      {institution === null ? (
        <section aria-labelledby="sandbox-pick-title">
          <h3 id="sandbox-pick-title" ref={stepHeading} tabIndex={-1} className={styles.stepTitle}>
            Select your bank
          </h3>
          <ul className={styles.institutions}>
            {widget.institutions.map((item) => (
              <li key={item.id}>
                <button type="button" className={styles.institution} onClick={() => choose(item)}>
                  {item.logo ? <img src={item.logo} alt="" width={32} height={32} className={styles.logo} /> : null}
                  <span>{item.name}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <section aria-labelledby="sandbox-login-title">
          <h3 id="sandbox-login-title" ref={stepHeading} tabIndex={-1} className={styles.stepTitle}>
            Sign in to {institution.name}
          </h3>
          {widget.test_credentials ? (
            <p className={styles.muted}>
              Test credentials: username <code>{widget.test_credentials.username}</code>, password <code>{widget.test_credentials.password}</code>.
            </p>
          ) : null}
          {error ? (
            <Alert kind="error" assertive title={down ? 'This bank is not available right now' : 'We could not connect your bank'}>
              {error.text}
            </Alert>
          ) : null}
          {/* A fresh login for each bank picked. */}
          <Form
            key={institution.id}
            schema={loginSchema}
            options={{ defaultValues: { username: '', password: '' } }}
            onSubmit={submit}
            aria-label={`Sign in to ${institution.name}`}
            className={styles.form}
          >
            {({ register, watch, formState: { isSubmitting } }) => (
              <>
                <TextField label="Username" autoComplete="off" required {...register('username')} />
                <TextField label="Password" type="password" autoComplete="off" required {...register('password')} />
                <div className={styles.actions}>
                  <Button type="submit" fullWidth loading={isSubmitting} disabled={watch('username') === '' || watch('password') === ''}>
                    Submit
                  </Button>
                  <Button variant="secondary" fullWidth onClick={() => choose(null)}>
                    Choose another bank
                  </Button>
                </div>
              </>
            )}
          </Form>
        </section>
      )}
    </Dialog>
  );
}
