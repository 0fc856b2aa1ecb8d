import { parseDollarField } from '@payrail/domain/validation/money-input';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { Select } from '@payrail/ui/select';
import { Spinner } from '@payrail/ui/spinner';
import { TextField } from '@payrail/ui/text-field';
import { notify } from '@payrail/ui/toast/notify';
import { STATUS_KIND } from '@payrail/domain/workflow/statuses';
import type { WorkflowStatus } from '@payrail/domain/workflow/statuses';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/errors';
import { humanize } from '../../../lib/labels';
import { useAllowedStatuses, useCreatePresignedLink, useReviewAction } from '../api/actions';
import type { ReviewAction } from '../api/actions';
import { DecisionDialog } from './decision-dialog';
import { FeedbackDialog } from './feedback-dialog';
import styles from './action-panel.module.css';

type Open = null | 'feedback' | 'approve' | 'decline' | 'deny' | 'drop' | 'cancel' | 'link' | 'employer_accept' | 'employer_cannot_proceed';

const DONE: Record<ReviewAction['kind'], string> = {
  status: 'Status changed.',
  feedback: 'Feedback request sent.',
  approve: 'Application approved.',
  decline: 'Application declined.',
  deny: 'Application denied.',
  drop: 'Application dropped.',
  employer_review: 'Employer review recorded.',
  cancel: 'Application canceled.',
};

/** Targets of the employer review: only through its own action, so not in "Move to status". */
const EMPLOYER_REVIEW_TARGETS: ReadonlySet<string> = new Set(['personal_info', 'cant_proceed']);

function MoveStatusForm({ userId, allowed, onRun }: { userId: number; allowed: readonly string[]; onRun: (action: ReviewAction) => Promise<unknown> }) {
  const [status, setStatus] = useState('');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<{ status?: string; amount?: string; server?: string }>({});
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!status) return setError({ status: 'Choose a status.' });
    let negotiated: number | undefined;
    if (status === 'loan_amount_changed') {
      // Dollars to integer cents through the domain's parser: no float ever holds the amount.
      const parsed = parseDollarField(amount.replace(/\s/g, ''), 7);
      if (!parsed.ok || parsed.value <= 0) return setError({ amount: 'Enter the largest amount offered, in dollars.' });
      negotiated = parsed.value;
    }
    setError({});
    setPending(true);
    try {
      await onRun({ kind: 'status', body: negotiated === undefined ? { new_status: status } : { new_status: status, negotiated_amount: negotiated } });
      setStatus('');
      setAmount('');
    } catch (e) {
      setError({ server: errorMessage(e) });
    } finally {
      setPending(false);
    }
  };

  if (allowed.length === 0) return <p>No status change is available from here.</p>;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className={styles.form} aria-label={`Move application ${userId} to another status`}>
      {error.server ? (
        <Alert kind="error" assertive>
          {error.server}
        </Alert>
      ) : null}
      <Select
        label="Move to status"
        placeholder="Choose a status"
        options={allowed.map((s) => ({ value: s, label: humanize(s) }))}
        value={status}
        onChange={(e) => setStatus(e.target.value)}
        error={error.status}
      />
      {status === 'loan_amount_changed' ? (
        <TextField label="Largest amount offered (dollars)" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} error={error.amount} />
      ) : null}
      <div>
        <Button type="submit" variant="secondary" loading={pending}>
          Move status
        </Button>
      </div>
    </form>
  );
}

/** Reviewer actions (underwriters and administrators). Each one asks first, then reloads the application. */
export function ActionPanel({ userId, email, status }: { userId: number; email: string; status: string }) {
  // A closed application (approved, declined, denied, dropped, canceled) only moves through "Move status".
  const closed = STATUS_KIND[status as WorkflowStatus] === 'final';
  const allowed = useAllowedStatuses(userId);
  const action = useReviewAction(userId);
  const link = useCreatePresignedLink();
  const [open, setOpen] = useState<Open>(null);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState('');
  // A new-flow applicant's unlisted employer waits for its own decision (POST …/employer_review).
  const employerReview = status === 'employer_under_review';

  const close = () => {
    setOpen(null);
    setError(null);
    action.reset();
  };

  const run = async (next: ReviewAction) => {
    const answer = await action.mutateAsync(next);
    notify.success(`${DONE[next.kind]} Now: ${humanize(answer.new_status)}.`);
    setOpen(null);
    setNote('');
    return answer;
  };

  const runConfirmed = (next: ReviewAction) => {
    setError(null);
    run(next).catch((e: unknown) => setError(errorMessage(e)));
  };

  return (
    <div className={styles.panel}>
      {allowed.isPending ? (
        <Spinner label="Loading the allowed statuses…" />
      ) : allowed.isError ? (
        <Alert kind="error">We could not load the allowed statuses.</Alert>
      ) : (
        <MoveStatusForm userId={userId} allowed={employerReview ? allowed.data.allowed_statuses.filter((s) => !EMPLOYER_REVIEW_TARGETS.has(s)) : allowed.data.allowed_statuses} onRun={run} />
      )}
      {employerReview ? (
        <section aria-labelledby={`employer-review-${userId}`} className={styles.form}>
          <h3 id={`employer-review-${userId}`}>Employer review</h3>
          <p>The applicant's employer is not on the list. Check the employer they described (new-flow evidence), then let them continue or stop the application.</p>
          <div className={styles.buttons}>
            <Button onClick={() => setOpen('employer_accept')}>Accept employer</Button>
            <Button variant="danger" onClick={() => setOpen('employer_cannot_proceed')}>
              Cannot proceed
            </Button>
          </div>
        </section>
      ) : null}
      <div className={styles.buttons}>
        {closed ? null : (
          <>
            <Button variant="secondary" onClick={() => setOpen('feedback')}>
              Request feedback
            </Button>
            <Button onClick={() => setOpen('approve')}>Approve</Button>
            <Button variant="danger" onClick={() => setOpen('decline')}>
              Decline
            </Button>
            <Button variant="danger" onClick={() => setOpen('deny')}>
              Deny
            </Button>
            <Button variant="secondary" onClick={() => setOpen('drop')}>
              Drop
            </Button>
            <Button variant="secondary" onClick={() => setOpen('cancel')}>
              Cancel application
            </Button>
          </>
        )}
        <Button variant="ghost" onClick={() => setOpen('link')}>
          E-mail a sign-in link
        </Button>
      </div>

      <FeedbackDialog open={open === 'feedback'} onClose={close} onSubmit={(body) => run({ kind: 'feedback', body })} />
      <DecisionDialog key={`decline-${open === 'decline'}`} kind="decline" open={open === 'decline'} onClose={close} onSubmit={run} />
      <DecisionDialog key={`deny-${open === 'deny'}`} kind="deny" open={open === 'deny'} onClose={close} onSubmit={run} />
      <ConfirmDialog
        open={open === 'approve'}
        onClose={close}
        onConfirm={() => runConfirmed({ kind: 'approve' })}
        title="Approve the application?"
        description="The borrower is told their loan is approved."
        confirmLabel="Approve"
        pending={action.isPending}
        error={error}
      />
      <ConfirmDialog
        open={open === 'drop'}
        onClose={close}
        onConfirm={() => runConfirmed({ kind: 'drop' })}
        title="Drop the application?"
        description="Use when the borrower stopped answering. The application ends."
        confirmLabel="Drop application"
        danger
        pending={action.isPending}
        error={error}
      />
      <ConfirmDialog
        open={open === 'employer_accept' || open === 'employer_cannot_proceed'}
        onClose={() => {
          close();
          setNote('');
        }}
        onConfirm={() => runConfirmed({ kind: 'employer_review', body: { decision: open === 'employer_accept' ? 'accept' : 'cannot_proceed', ...(note.trim() ? { note: note.trim() } : {}) } })}
        title={open === 'employer_accept' ? 'Accept the employer?' : 'Stop the application?'}
        description={open === 'employer_accept' ? 'The applicant continues with their personal information.' : 'The applicant is told we cannot proceed with their application.'}
        confirmLabel={open === 'employer_accept' ? 'Accept employer' : 'Cannot proceed'}
        danger={open === 'employer_cannot_proceed'}
        pending={action.isPending}
        error={error}
      >
        <TextField label="Note (optional)" optional maxLength={300} value={note} onChange={(e) => setNote(e.target.value)} />
      </ConfirmDialog>
      <ConfirmDialog
        open={open === 'cancel'}
        onClose={close}
        onConfirm={() => runConfirmed({ kind: 'cancel', body: {} })}
        title="Cancel the application?"
        description="Use when the borrower asked to withdraw. They may apply again at once."
        confirmLabel="Cancel application"
        danger
        pending={action.isPending}
        error={error}
      />
      <ConfirmDialog
        open={open === 'link'}
        onClose={() => {
          setOpen(null);
          link.reset();
        }}
        onConfirm={() =>
          link.mutate(email, {
            onSuccess: () => {
              notify.success(`A sign-in link was sent to ${email}.`);
              setOpen(null);
            },
          })
        }
        title="E-mail a sign-in link?"
        description={`A one-time sign-in link is sent to ${email}.`}
        confirmLabel="Send link"
        pending={link.isPending}
        error={link.isError ? errorMessage(link.error) : null}
      />
    </div>
  );
}
