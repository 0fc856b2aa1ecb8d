import { CONTACT_CHANNEL_LABELS, CONTACT_CHANNELS, CONTACT_OUTCOME_LABELS, CONTACT_OUTCOMES } from '@payrail/contract/collections';
import type { TCollectionsLoan } from '@payrail/contract/collections';
import { formatCents } from '@payrail/client/format';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { Select } from '@payrail/ui/select';
import { LoadingBlock } from '@payrail/ui/spinner';
import { Table } from '@payrail/ui/table';
import { TextField } from '@payrail/ui/text-field';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../../lib/roles';
import { errorMessage } from '../../../lib/errors';
import { formatDateTime, formatUsDate } from '../../../lib/labels';
import { useAddNote, useCollectionsLoan, useLogContact, useRecordPromise, useRecordRecovery } from '../api/collections';
import { contactLabel, dollarsToCents } from './labels';
import styles from './collections.module.css';

const CHANNELS = CONTACT_CHANNELS.map((c) => ({ value: c, label: CONTACT_CHANNEL_LABELS[c] }));
const OUTCOMES = CONTACT_OUTCOMES.map((o) => ({ value: o, label: CONTACT_OUTCOME_LABELS[o] }));
const PROMISE_LABELS = { open: 'Open', kept: 'Kept', broken: 'Broken' } as const;
const NOTICE_LABELS = { sent: 'Sent', opted_out: 'Not sent: opted out', no_address: 'Not sent: no address' } as const;

/** One loan's collections: where it stands, what was tried, and the forms to log a contact, a promise, a note (and a recovery once charged off). */
export function CollectionsPanel({ loanId, onClose }: { loanId: number; onClose: () => void }) {
  const q = useCollectionsLoan(loanId);
  const headingId = useId();
  if (q.isPending) return <LoadingBlock label="Loading the loan’s collections…" />;
  if (!q.data) return <Alert kind="error">{errorMessage(q.error, 'The loan’s collections could not be loaded.')}</Alert>;
  const v = q.data;
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId}>
        {v.borrower_name} · loan {v.loan_number}
      </h2>
      <p>
        <Link to={`/loans/${v.loan_id}`}>Open the loan page</Link>{' '}
        <Button variant="ghost" size="sm" onClick={onClose}>
          Close
        </Button>
      </p>
      <dl className={styles.summary}>
        <div>
          <dt>Days past due</dt>
          <dd>{v.days_past_due}</dd>
        </div>
        <div>
          <dt>Bucket</dt>
          <dd>
            {v.bucket}
            {v.in_bucket_since ? ` since ${formatUsDate(v.in_bucket_since)}` : ''}
          </dd>
        </div>
        <div>
          <dt>{v.charge_off ? 'Recoverable' : 'Past due'}</dt>
          <dd>{formatCents(v.past_due_amount)}</dd>
        </div>
        <div>
          <dt>Payoff</dt>
          <dd>{formatCents(v.payoff_amount)}</dd>
        </div>
        <div>
          <dt>Call attempts (7 days)</dt>
          <dd>
            {v.calls_in_window} of {v.call_limit}
          </dd>
        </div>
        <div>
          <dt>Borrower’s time zone</dt>
          <dd>{v.time_zones.join(', ')}</dd>
        </div>
      </dl>
      {v.charge_off ? (
        <Alert kind="warning" title={`Charged off on ${formatUsDate(v.charge_off.date)}`}>
          {formatCents(v.charge_off.charged_off)} charged off, {formatCents(v.charge_off.recovered)} recovered, {formatCents(v.charge_off.recoverable)}{' '}
          recoverable.
        </Alert>
      ) : null}
      <div className={styles.forms}>
        <ContactForm loanId={loanId} />
        <PromiseForm loanId={loanId} today={v.business_date} />
        <NoteForm loanId={loanId} />
        {v.charge_off && v.charge_off.recoverable > 0 ? <RecoveryForm loanId={loanId} /> : null}
      </div>
      <History v={v} />
    </section>
  );
}

function useFormError() {
  const [error, setError] = useState<string | null>(null);
  return {
    error,
    setError,
    show: error ? (
      <Alert kind="error" assertive>
        {error}
      </Alert>
    ) : null,
  };
}

function ContactForm({ loanId }: { loanId: number }) {
  const log = useLogContact(loanId);
  const [channel, setChannel] = useState<string>('call');
  const [outcome, setOutcome] = useState<string>('no_answer');
  const [note, setNote] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const { setError, show } = useFormError();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setDone(null);
    log.mutate(
      { channel: channel as 'call', outcome: outcome as 'no_answer', ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: () => (setNote(''), setDone('Contact attempt logged.')),
        onError: (err) => setError(errorMessage(err, 'The contact attempt could not be logged.')),
      },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Log a contact attempt">
      <fieldset>
        <legend>Log a contact attempt</legend>
        <Select label="Channel" options={CHANNELS} value={channel} onChange={(e) => setChannel(e.target.value)} />
        <Select label="Outcome" options={OUTCOMES} value={outcome} onChange={(e) => setOutcome(e.target.value)} />
        <TextField label="Note" optional value={note} maxLength={2000} onChange={(e) => setNote(e.target.value)} />
        {show}
        {done ? <Alert kind="success">{done}</Alert> : null}
        <Button type="submit" loading={log.isPending}>
          Log the attempt
        </Button>
      </fieldset>
    </form>
  );
}

function PromiseForm({ loanId, today }: { loanId: number; today: string }) {
  const record = useRecordPromise(loanId);
  const [date, setDate] = useState(today);
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>();
  const { setError, show } = useFormError();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const cents = dollarsToCents(amount);
    if (cents === null || cents <= 0) {
      setAmountError('Enter an amount in dollars, like 50.00.');
      return;
    }
    setAmountError(undefined);
    record.mutate(
      { promised_date: date, amount: cents },
      { onSuccess: () => setAmount(''), onError: (err) => setError(errorMessage(err, 'The promise could not be recorded.')) },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Record a promise to pay">
      <fieldset>
        <legend>Record a promise to pay</legend>
        <TextField label="Promised date" type="date" value={date} min={today} onChange={(e) => setDate(e.target.value)} />
        <TextField label="Amount ($)" inputMode="decimal" value={amount} error={amountError} onChange={(e) => setAmount(e.target.value)} />
        {show}
        <Button type="submit" loading={record.isPending}>
          Record the promise
        </Button>
      </fieldset>
    </form>
  );
}

function NoteForm({ loanId }: { loanId: number }) {
  const add = useAddNote(loanId);
  const id = useId();
  const [body, setBody] = useState('');
  const { setError, show } = useFormError();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    add.mutate({ body }, { onSuccess: () => setBody(''), onError: (err) => setError(errorMessage(err, 'The note could not be saved.')) });
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add a note">
      <fieldset>
        <legend>Add a note</legend>
        <label htmlFor={id}>Note</label>
        <textarea id={id} rows={3} maxLength={4000} value={body} onChange={(e) => setBody(e.target.value)} />
        {show}
        <Button type="submit" loading={add.isPending}>
          Add the note
        </Button>
      </fieldset>
    </form>
  );
}

function RecoveryForm({ loanId }: { loanId: number }) {
  const post = useRecordRecovery(loanId);
  const allowed = useCan('collect');
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const { setError, show } = useFormError();
  if (!allowed) return null;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const cents = dollarsToCents(amount);
    if (cents === null || cents <= 0) {
      setError('Enter an amount in dollars, like 50.00.');
      return;
    }
    setError(null);
    post.mutate(
      { amount: cents, reference },
      { onSuccess: () => (setAmount(''), setReference('')), onError: (err) => setError(errorMessage(err, 'The recovery could not be posted.')) },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Post a recovery">
      <fieldset>
        <legend>Post a recovery</legend>
        <TextField label="Amount received ($)" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
        <TextField label="Where it came from" value={reference} maxLength={200} onChange={(e) => setReference(e.target.value)} />
        {show}
        <Button type="submit" loading={post.isPending}>
          Post the recovery
        </Button>
      </fieldset>
    </form>
  );
}

function History({ v }: { v: TCollectionsLoan }) {
  return (
    <>
      <Table
        caption="Contact history"
        rows={v.contacts}
        getRowKey={(r) => String(r.id)}
        emptyMessage="No contact attempt yet."
        columns={[
          { key: 'at', header: 'When', cell: (r) => formatDateTime(r.at) },
          { key: 'what', header: 'Attempt', cell: (r) => contactLabel(r.channel, r.outcome) },
          { key: 'note', header: 'Note', cell: (r) => r.note ?? '' },
          { key: 'by', header: 'By', cell: (r) => r.staff_name },
        ]}
      />
      <Table
        caption="Promises to pay"
        rows={v.promises}
        getRowKey={(r) => String(r.id)}
        emptyMessage="No promise to pay."
        columns={[
          { key: 'amount', header: 'Amount', cell: (r) => formatCents(r.amount) },
          { key: 'date', header: 'By', cell: (r) => formatUsDate(r.promised_date) },
          {
            key: 'status',
            header: 'Status',
            cell: (r) => `${PROMISE_LABELS[r.status]}${r.decided_on ? ` (${formatUsDate(r.decided_on)}, ${formatCents(r.received ?? 0)} received)` : ''}`,
          },
          { key: 'made', header: 'Made', cell: (r) => `${formatUsDate(r.made_on)} by ${r.staff_name}` },
        ]}
      />
      <Table
        caption="Notes"
        rows={v.notes}
        getRowKey={(r) => String(r.id)}
        emptyMessage="No note."
        columns={[
          { key: 'at', header: 'When', cell: (r) => formatDateTime(r.at) },
          { key: 'body', header: 'Note', cell: (r) => r.body },
          { key: 'by', header: 'By', cell: (r) => r.staff_name },
        ]}
      />
      <Table
        caption="Notices"
        rows={v.notices}
        getRowKey={(r) => String(r.id)}
        emptyMessage="No notice sent."
        columns={[
          { key: 'on', header: 'Date', cell: (r) => formatUsDate(r.business_date) },
          {
            key: 'what',
            header: 'Notice',
            cell: (r) => (r.kind === 'reminder' ? `Reminder: due ${formatUsDate(r.due_date)}` : `${r.notice_day} days past due`),
          },
          { key: 'channel', header: 'Channel', cell: (r) => (r.channel === 'email' ? 'E-mail' : 'Text message') },
          { key: 'status', header: 'Status', cell: (r) => NOTICE_LABELS[r.status] },
        ]}
      />
      <Table
        caption="Bucket history"
        rows={v.bucket_history}
        getRowKey={(r) => `${r.on}-${r.to}`}
        emptyMessage="Never past due."
        columns={[
          { key: 'on', header: 'Date', cell: (r) => formatUsDate(r.on) },
          { key: 'move', header: 'Move', cell: (r) => `${r.from ?? 'current'} → ${r.to}` },
          { key: 'dpd', header: 'Days past due', cell: (r) => String(r.days_past_due) },
        ]}
      />
    </>
  );
}
