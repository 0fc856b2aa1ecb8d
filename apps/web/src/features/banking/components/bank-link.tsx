import { useEffect, useRef, useState } from 'react';
import { BANK_MSG } from '@payrail/contract/banking';
import { Container } from '@payrail/ui/container';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { Checkbox } from '@payrail/ui/checkbox';
import { notify } from '@payrail/ui/toast/notify';
import { isApiError } from '@payrail/client/http-client';
import { isHandledGlobally } from '../api/bank-information';
import { workflowRefusal } from '@payrail/client/workflow-refusal';
import { getBankLinkWidget, savePlaidEvent, savePlaidInformation } from '../api/bank-link';
import type { TBankLinkWidget } from '../api/bank-link';
import { openPlaidLink } from '../lib/plaid-link';
import type { PlaidLinkError } from '../lib/plaid-link';
import { SandboxLinkDialog } from './sandbox-link-dialog';
import styles from './banking.module.css';

export interface BankLinkProps {
  /** The link is saved: the status the server moved the borrower to (choosing_receiver_account). */
  onLinked: (newStatus: string) => void;
  /** "Provide manually": the page moves the status to manual entry. */
  onProvideManually: () => void;
  manualPending?: boolean;
  onBack?: () => void;
  backPending?: boolean;
  /** The server refused the save in this status (422 `{ error, current_status }`): adopt its status. */
  onRefused?: (currentStatus: string) => void;
}

/** What went wrong last; each case offers manual entry (spec §2 "Bank link", §8). */
type Problem = { kind: 'exited' } | { kind: 'load-failed' } | { kind: 'save-failed'; text: string };

/**
 * Bank link (spec §2): explains linking; the consent box enables the widget. The widget is the one the
 * server's config names — our sandbox dialog, or Plaid Link (its script is loaded only then). Success
 * saves the link and moves on; an exit or a failure offers manual entry.
 */
export function BankLink({ onLinked, onProvideManually, manualPending, onBack, backPending, onRefused }: BankLinkProps) {
  const [consent, setConsent] = useState(false);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [sandbox, setSandbox] = useState<TBankLinkWidget | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const destroyPlaid = useRef<(() => void) | null>(null);
  const problemRef = useRef<HTMLDivElement>(null);

  useEffect(() => () => destroyPlaid.current?.(), []);
  // A problem appears after an action (often a closing dialog): bring the borrower to it.
  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);

  const save = async (publicToken: string, metadata: Record<string, unknown>) => {
    setSandbox(null);
    setSaving(true);
    setProblem(null);
    const accounts = Array.isArray(metadata.accounts) ? (metadata.accounts as { id?: unknown; subtype?: unknown }[]) : [];
    // The borrower's pick when the widget offers one; otherwise the server takes the first checking account.
    const chosen = accounts.length === 1 && typeof accounts[0]?.id === 'string' ? accounts[0].id : undefined;
    try {
      const answer = await savePlaidInformation(chosen ? { public_token: publicToken, account_id: chosen } : { public_token: publicToken });
      onLinked(answer.new_status);
    } catch (error) {
      setSaving(false);
      if (isHandledGlobally(error)) return;
      const refused = workflowRefusal(error);
      if (refused && onRefused) {
        // The text first (a toast outlives the page change), then the server's status and its page.
        notify.error(refused.error);
        onRefused(refused.current_status);
        return;
      }
      setProblem({ kind: 'save-failed', text: (isApiError(error) && error.serverMessage) || BANK_MSG.linkFailed });
    }
  };

  const exited = (error: PlaidLinkError | null) => {
    setSandbox(null);
    setProblem(error?.error_code ? { kind: 'save-failed', text: BANK_MSG.linkFailed } : { kind: 'exited' });
  };

  const openWidget = async () => {
    setProblem(null);
    setLoading(true);
    try {
      const widget = await getBankLinkWidget();
      if (widget.provider === 'sandbox') {
        setSandbox(widget);
      } else {
        destroyPlaid.current?.();
        destroyPlaid.current = await openPlaidLink(widget.link_token, {
          onSuccess: (token, metadata) => void save(token, metadata),
          onExit: (error, metadata) => {
            savePlaidEvent('EXIT', { ...metadata, error_code: error?.error_code ?? null });
            exited(error);
          },
          onEvent: (name, metadata) => savePlaidEvent(name, metadata),
        });
      }
    } catch (error) {
      if (!isHandledGlobally(error)) {
        savePlaidEvent('WIDGET_LOAD_FAILED', { message: error instanceof Error ? error.message : String(error) });
        setProblem({ kind: 'load-failed' });
      }
    } finally {
      setLoading(false);
    }
  };

  return (
    <Container width="narrow" className={styles.page}>
      <section className={styles.card} aria-labelledby="bank-link-title">
        <h1 id="bank-link-title">Link your bank account</h1>
        <p className={styles.lead}>
          Connect the checking or savings account where you want to receive your loan. Linking takes a minute and verifies your account at once, so you do not
          need to upload a bank statement.
        </p>
        <ul className={styles.points}>
          <li>You sign in to your bank through our bank-linking partner; we never see or store your bank password.</li>
          <li>We read only your account and routing numbers and the account type.</li>
          <li>You can disconnect at any time from your bank.</li>
        </ul>
        <Checkbox
          label="I authorize Payrail and its bank-linking partner to access my bank account information to verify my account and deposit my loan."
          checked={consent}
          onChange={(event) => setConsent(event.target.checked)}
        />
        <div className={styles.actions}>
          <Button size="lg" fullWidth disabled={!consent} loading={loading || saving} onClick={() => void openWidget()}>
            Link my bank account
          </Button>
          {!consent ? <p className={styles.hint}>Tick the authorization above to link your bank.</p> : null}
        </div>

        {problem ? (
          <div ref={problemRef} tabIndex={-1} className={styles.problem}>
            {problem.kind === 'load-failed' ? (
              <Alert kind="error" title={BANK_MSG.widgetFailedLabel}>
                {BANK_MSG.widgetFailedText}
              </Alert>
            ) : problem.kind === 'save-failed' ? (
              <Alert kind="error">{problem.text}</Alert>
            ) : (
              <Alert kind="info">You closed the bank linking. You can try again, or give us your bank information yourself.</Alert>
            )}
            <Button variant="secondary" fullWidth loading={manualPending} onClick={onProvideManually}>
              Provide my bank information manually
            </Button>
          </div>
        ) : null}

        {onBack ? (
          <Button variant="ghost" fullWidth loading={backPending} onClick={onBack} className={styles.back}>
            Back
          </Button>
        ) : null}
      </section>
      {sandbox ? (
        <SandboxLinkDialog
          open
          widget={sandbox}
          onSuccess={(token, metadata) => void save(token, metadata)}
          onExit={(error) => exited(error)}
          onEvent={(name, metadata) => savePlaidEvent(name, metadata)}
        />
      ) : null}
    </Container>
  );
}
