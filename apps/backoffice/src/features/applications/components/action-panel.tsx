import { formatCents } from '@payrail/client/format';
import { useState } from 'react';
import { z } from 'zod';
import { ZStaffStatusRequest } from '@payrail/contract/application';
import type { TStaffStatusRequest } from '@payrail/contract/application';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { ConfirmDialog } from '@payrail/ui/confirm-dialog';
import { Form } from '@payrail/ui/form';
import { MoneyField, moneyInput } from '@payrail/ui/money-field';
import { Select } from '@payrail/ui/select';
import { Spinner } from '@payrail/ui/spinner';
import { TextField } from '@payrail/ui/text-field';
import { notify } from '@payrail/ui/toast/notify';
import { STATUS_KIND } from '@payrail/domain/workflow/statuses';
import type { WorkflowStatus } from '@payrail/domain/workflow/statuses';
import { errorMessage } from '@payrail/ui/error-message';
import { humanize } from '../../../lib/labels';
import { useAllowedStatuses } from '../api/get-allowed-statuses';
import { useCreatePresignedLink } from '../api/create-presigned-link';
import { useEmployerReview } from '../api/get-employer-review';
import { useReviewAction } from '../api/review-action';
import type { ReviewAction } from '../api/review-action';
import { DecisionDialog } from './decision-dialog';
import { FeedbackDialog } from './feedback-dialog';
import styles from './action-panel.module.css';

type Open =
  null | 'feedback' | 'approve' | 'approve_allotment' | 'decline' | 'deny' | 'drop' | 'cancel' | 'link' | 'employer_accept' | 'employer_cannot_proceed';

const DONE: Record<ReviewAction['kind'], string> = {
  status: 'Status changed.',
  feedback: 'Feedback request sent.',
  approve: 'Application approved.',
  approve_allotment: 'Allotment approved: the borrower signs next.',
  decline: 'Application declined.',
  deny: 'Application denied.',
  drop: 'Application dropped.',
  employer_review: 'Employer review recorded.',
  cancel: 'Application canceled.',
};

/** Targets of the employer review: only through its own action, so not in "Move to status". */
const EMPLOYER_REVIEW_TARGETS: ReadonlySet<string> = new Set(['personal_info', 'cant_proceed']);

/** The largest amount of a counteroffer: dollars typed, integer cents sent (the one money-input parser). */
const negotiatedAmount = moneyInput({ message: 'Enter the largest amount offered, in dollars.', min: 1 });

/** The form's fields, read into the contract's request (a counteroffer names its amount in cents). */
const moveSchema = z
  .object({ new_status: z.string().min(1, 'Choose a status.'), negotiated_amount: z.string() })
  .transform((values, ctx): TStaffStatusRequest => {
    if (values.new_status !== 'loan_amount_changed') return { new_status: values.new_status };
    const read = negotiatedAmount.safeParse(values.negotiated_amount);
    if (read.success) return { new_status: values.new_status, negotiated_amount: read.data };
    ctx.addIssue({ code: 'custom', path: ['negotiated_amount'], message: read.error.issues[0]?.message ?? 'Enter the largest amount offered, in dollars.' });
    return z.NEVER;
  })
  .pipe(ZStaffStatusRequest);

function MoveStatusForm({
  userId,
  current,
  allowed,
  onRun,
}: {
  userId: number;
  current: string;
  allowed: readonly string[];
  onRun: (action: ReviewAction) => Promise<unknown>;
}) {
  // The checked request, asked about before anything is sent: a status move is a decision on the borrower's application.
  const [confirming, setConfirming] = useState<{ body: TStaffStatusRequest; reset: () => void } | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const confirm = async () => {
    if (!confirming) return;
    setPending(true);
    try {
      await onRun({ kind: 'status', body: confirming.body });
      confirming.reset();
      setConfirming(null);
    } catch (e) {
      setServerError(errorMessage(e));
    } finally {
      setPending(false);
    }
  };

  if (allowed.length === 0) return <p>No status change is available from here.</p>;
  const move = confirming?.body;
  return (
    <Form
      schema={moveSchema}
      options={{ mode: 'onSubmit', defaultValues: { new_status: '', negotiated_amount: '' } }}
      onSubmit={(body, form) => {
        setServerError(null);
        setConfirming({ body, reset: () => form.reset() });
      }}
      className={styles.form}
      aria-label={`Move application ${userId} to another status`}
    >
      {({ register, watch, formState: { errors } }) => (
        <>
          <Select
            label="Move to status"
            placeholder="Choose a status"
            options={allowed.map((s) => ({ value: s, label: humanize(s) }))}
            error={errors.new_status?.message}
            {...register('new_status')}
          />
          {watch('new_status') === 'loan_amount_changed' ? <MoneyField name="negotiated_amount" label="Largest amount offered (dollars)" /> : null}
          <div>
            <Button type="submit" variant="secondary">
              Move status
            </Button>
          </div>
          <ConfirmDialog
            open={move !== undefined}
            onClose={() => {
              setConfirming(null);
              setServerError(null);
            }}
            onConfirm={() => void confirm()}
            title={move ? `Move to ${humanize(move.new_status)}?` : 'Move the application?'}
            description={
              move
                ? `The application moves from ${humanize(current)} to ${humanize(move.new_status)}${move.negotiated_amount === undefined ? '' : `, offering at most ${formatCents(move.negotiated_amount)}`}. The move is recorded in the audit log.`
                : undefined
            }
            confirmLabel="Move status"
            pending={pending}
            error={serverError}
          />
        </>
      )}
    </Form>
  );
}

/** The employer a new-flow applicant typed in, and the reviewer's decision on it (match, add or stop). */
function EmployerReview({ userId, onAccept, onStop }: { userId: number; onAccept: () => void; onStop: () => void }) {
  const facts = useEmployerReview(userId);
  const described = facts.data?.described ?? null;
  return (
    <section aria-labelledby={`employer-review-${userId}`} className={styles.form}>
      <h3 id={`employer-review-${userId}`}>Employer review</h3>
      <p>
        The applicant's employer is not on the list. Check the employer they described, then accept it (match a listed employer or add it to the list) or stop
        the application with the reason.
      </p>
      {facts.isPending ? (
        <Spinner label="Loading the employer described…" />
      ) : facts.isError ? (
        <Alert kind="error">We could not load the employer the applicant described.</Alert>
      ) : described ? (
        <dl className={styles.facts}>
          <dt>Employer</dt>
          <dd>{described.name}</dd>
          <dt>Payroll service</dt>
          <dd>{described.payroll_service || '—'}</dd>
          <dt>Paid by more than one paycheck</dt>
          <dd>{described.multiple_paycheck || '—'}</dd>
          <dt>Work e-mail</dt>
          <dd>{described.work_email || '—'}</dd>
        </dl>
      ) : (
        <p>The applicant has not described an employer.</p>
      )}
      <div className={styles.buttons}>
        <Button onClick={onAccept}>Accept employer</Button>
        <Button variant="danger" onClick={onStop}>
          Cannot proceed
        </Button>
      </div>
    </section>
  );
}

const NEW_EMPLOYER = 'new';

/** The accept dialog's fields: a listed employer to match, or the name to add to the list. */
function EmployerAcceptFields({
  userId,
  choice,
  name,
  onChoice,
  onName,
  nameError,
}: {
  userId: number;
  choice: string;
  name: string;
  onChoice: (v: string) => void;
  onName: (v: string) => void;
  nameError: string | undefined;
}) {
  const facts = useEmployerReview(userId);
  const typed = facts.data?.described?.name ?? '';
  const options = [
    { value: NEW_EMPLOYER, label: typed ? `Add “${typed}” to the employer list` : 'Add a new employer to the list' },
    ...(facts.data?.candidates ?? []).map((c) => ({ value: String(c.id), label: `Listed: ${c.name}` })),
  ];
  return (
    <>
      <Select
        label="Employer"
        hint="A listed employer with a close name is matched; otherwise the employer is added to the list."
        options={options}
        value={choice}
        onChange={(e) => onChoice(e.target.value)}
      />
      {choice === NEW_EMPLOYER ? (
        <TextField
          label="Employer name"
          hint="Correct the spelling if needed."
          maxLength={120}
          value={name}
          onChange={(e) => onName(e.target.value)}
          error={nameError}
        />
      ) : null}
    </>
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
  const [noteError, setNoteError] = useState<string | undefined>();
  const [employerChoice, setEmployerChoice] = useState(NEW_EMPLOYER);
  const [employerName, setEmployerName] = useState<string | null>(null);
  const [employerNameError, setEmployerNameError] = useState<string | undefined>();
  // A new-flow applicant's unlisted employer waits for its own decision (POST …/employer_review).
  const employerReview = status === 'employer_under_review';
  const employerFacts = useEmployerReview(userId, employerReview);
  const targets = allowed.data?.allowed_statuses ?? [];
  // Approve where the table lets a reviewer approve (a signed application); at the allotment review the
  // decision is the allotment's, and the borrower signs before the application is approved.
  const canApprove = targets.includes('approved');
  const allotmentReview = status === 'review_allotment' && targets.includes('esignature_needed');

  const close = () => {
    setOpen(null);
    setError(null);
    setNoteError(undefined);
    setEmployerNameError(undefined);
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

  const decideEmployer = () => {
    if (open === 'employer_cannot_proceed') {
      if (!note.trim()) return setNoteError('Give the reason the application cannot proceed.');
      setNoteError(undefined);
      return runConfirmed({ kind: 'employer_review', body: { decision: 'cannot_proceed', note: note.trim() } });
    }
    const trimmed = note.trim();
    if (employerChoice !== NEW_EMPLOYER)
      return runConfirmed({
        kind: 'employer_review',
        body: { decision: 'accept', employer_id: Number(employerChoice), ...(trimmed ? { note: trimmed } : {}) },
      });
    const name = (employerName ?? employerFacts.data?.described?.name ?? '').trim();
    if (name.length < 2) return setEmployerNameError("Enter the employer's name.");
    setEmployerNameError(undefined);
    runConfirmed({ kind: 'employer_review', body: { decision: 'accept', employer_name: name, ...(trimmed ? { note: trimmed } : {}) } });
  };

  return (
    <div className={styles.panel}>
      {allowed.isPending ? (
        <Spinner label="Loading the allowed statuses…" />
      ) : allowed.isError ? (
        <Alert kind="error">We could not load the allowed statuses.</Alert>
      ) : (
        <MoveStatusForm
          userId={userId}
          current={status}
          // A decision with its own action (the employer review, Approve allotment) is not offered again as a bare status.
          allowed={
            employerReview
              ? targets.filter((s) => !EMPLOYER_REVIEW_TARGETS.has(s))
              : allotmentReview
                ? targets.filter((s) => s !== 'esignature_needed')
                : targets
          }
          onRun={run}
        />
      )}
      {employerReview ? (
        <EmployerReview
          userId={userId}
          onAccept={() => {
            setEmployerChoice(NEW_EMPLOYER);
            setEmployerName(null);
            setOpen('employer_accept');
          }}
          onStop={() => setOpen('employer_cannot_proceed')}
        />
      ) : null}
      {allotmentReview ? (
        <section aria-labelledby={`allotment-review-${userId}`} className={styles.form}>
          <h3 id={`allotment-review-${userId}`}>Allotment review</h3>
          <p>
            The borrower uploaded the allotment (split direct deposit) form. Check it in Documents, then approve it: the borrower signs the promissory note
            next, and the application is approved after the signature.
          </p>
          <div className={styles.buttons}>
            <Button onClick={() => setOpen('approve_allotment')}>Approve allotment</Button>
          </div>
        </section>
      ) : null}
      <div className={styles.buttons}>
        {closed ? null : (
          <>
            <Button variant="secondary" onClick={() => setOpen('feedback')}>
              Request feedback
            </Button>
            {canApprove ? <Button onClick={() => setOpen('approve')}>Approve</Button> : null}
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
        open={open === 'approve_allotment'}
        onClose={close}
        onConfirm={() => runConfirmed({ kind: 'approve_allotment' })}
        title="Approve the allotment?"
        description="The payroll allotment is recorded as the repayment, and the borrower is asked to sign the promissory note (E-signature needed). Approve the application after they sign."
        confirmLabel="Approve allotment"
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
        onConfirm={decideEmployer}
        title={open === 'employer_accept' ? 'Accept the employer?' : 'Stop the application?'}
        description={
          open === 'employer_accept'
            ? "The employer becomes the applicant's employer and the applicant continues with their personal information."
            : 'The applicant is told we cannot proceed with their application.'
        }
        confirmLabel={open === 'employer_accept' ? 'Accept employer' : 'Cannot proceed'}
        danger={open === 'employer_cannot_proceed'}
        pending={action.isPending}
        error={error}
      >
        {open === 'employer_accept' ? (
          <>
            <EmployerAcceptFields
              userId={userId}
              choice={employerChoice}
              name={employerName ?? employerFacts.data?.described?.name ?? ''}
              onChoice={setEmployerChoice}
              onName={setEmployerName}
              nameError={employerNameError}
            />
            <TextField label="Note (optional)" optional maxLength={300} value={note} onChange={(e) => setNote(e.target.value)} />
          </>
        ) : (
          <TextField label="Reason" hint="Kept in the audit log." maxLength={300} value={note} onChange={(e) => setNote(e.target.value)} error={noteError} />
        )}
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
