import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { Dialog } from '@payrail/ui/dialog';
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

/**
 * The sandbox provider's widget: our own dialog that behaves like the aggregator's test mode. The
 * borrower picks a test institution and signs in (the sandbox answers the aggregator's errors for bad
 * credentials and an institution that is down); success hands the public token to the page. Events
 * use the aggregator's names (OPEN, SELECT_INSTITUTION, SUBMIT_CREDENTIALS, ERROR, HANDOFF, EXIT).
 */
export function SandboxLinkDialog({ open, widget, onSuccess, onExit, onEvent }: SandboxLinkDialogProps) {
  const [institution, setInstitution] = useState<Institution | null>(null);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<{ code: string; text: string } | null>(null);
  const [pending, setPending] = useState(false);
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
    setUsername('');
    setPassword('');
    setInstitution(next);
    if (next) onEvent('SELECT_INSTITUTION', { institution_id: next.id, institution_name: next.name });
    else onEvent('TRANSITION_VIEW', { view_name: 'SELECT_INSTITUTION' });
  };

  const exit = () => {
    onEvent('EXIT', { institution_id: institution?.id ?? null, error_code: error?.code ?? null });
    onExit(error ? { error_code: error.code, error_message: error.text, display_message: error.text } : null, { institution_id: institution?.id ?? null });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!institution || pending) return;
    setError(null);
    setPending(true);
    onEvent('SUBMIT_CREDENTIALS', { institution_id: institution.id });
    let answer: TSandboxAuthorize;
    try {
      answer = await authorizeSandboxLink({ link_token: widget.link_token, institution_id: institution.id, username, password });
    } catch (failure) {
      const body = sandboxError(failure);
      const next = { code: body?.error_code ?? 'INTERNAL_SERVER_ERROR', text: body?.display_message ?? body?.error_message ?? GENERIC_ERROR };
      onEvent('ERROR', { institution_id: institution.id, error_code: next.code, error_message: body?.error_message ?? null });
      setError(next);
      setPending(false);
      return;
    }
    setPending(false);
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
          <form noValidate onSubmit={(event) => void submit(event)} aria-label={`Sign in to ${institution.name}`} className={styles.form}>
            <TextField label="Username" name="username" autoComplete="off" value={username} onChange={(event) => setUsername(event.target.value)} required />
            <TextField
              label="Password"
              name="password"
              type="password"
              autoComplete="off"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              required
            />
            <div className={styles.actions}>
              <Button type="submit" fullWidth loading={pending} disabled={username === '' || password === ''}>
                Submit
              </Button>
              <Button variant="secondary" fullWidth onClick={() => choose(null)}>
                Choose another bank
              </Button>
            </div>
          </form>
        </section>
      )}
    </Dialog>
  );
}
