import {
  CONTACT_CHANNEL_LABELS,
  CONTACT_CHANNELS,
  CONTACT_OUTCOME_LABELS,
  CONTACT_OUTCOMES,
  ZLogContactRequest,
  ZNoteRequest,
  ZPromiseRequest,
  ZRecoveryRequest,
} from '@payrail/contract/collections';
import type { TCollectionsLoan } from '@payrail/contract/collections';
import { formatCents } from '@payrail/client/format';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { Form, FormError } from '@payrail/ui/form';
import { MoneyField, moneyInput } from '@payrail/ui/money-field';
import { Select } from '@payrail/ui/select';
import { LoadingBlock } from '@payrail/ui/spinner';
import { Table } from '@payrail/ui/table';
import { TextAreaField } from '@payrail/ui/text-area-field';
import { TextField } from '@payrail/ui/text-field';
import { useId, useState } from 'react';
import { z } from 'zod';
import { Link } from 'react-router';
import { useCan } from '../../../lib/roles';
import { errorMessage } from '../../../lib/errors';
import { formatDateTime, formatUsDate } from '../../../lib/labels';
import { useAddNote } from '../api/add-note';
import { useCollectionsLoan } from '../api/get-collections-loan';
import { useLogContact } from '../api/log-contact';
import { useRecordPromise } from '../api/record-promise';
import { useRecordRecovery } from '../api/record-recovery';
import { contactLabel } from './labels';
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

/** "Enter an amount in dollars, like 50.00." for any amount that is not a positive number of dollars and cents. */
const amountField = moneyInput({ message: 'Enter an amount in dollars, like 50.00.', min: 1 });

const contactSchema = ZLogContactRequest;
const promiseSchema = z.object({ promised_date: ZPromiseRequest.shape.promised_date, amount: amountField });
const recoverySchema = z.object({ amount: amountField, reference: ZRecoveryRequest.shape.reference });

function ContactForm({ loanId }: { loanId: number }) {
  const log = useLogContact(loanId);
  const [done, setDone] = useState<string | null>(null);
  return (
    <Form
      schema={contactSchema}
      options={{ mode: 'onSubmit', defaultValues: { channel: 'call', outcome: 'no_answer', note: '' } }}
      submitError={(err) => errorMessage(err, 'The contact attempt could not be logged.')}
      onSubmit={async ({ note, ...attempt }, form) => {
        setDone(null);
        await log.mutateAsync({ ...attempt, ...(note ? { note } : {}) });
        form.resetField('note');
        setDone('Contact attempt logged.');
      }}
      aria-label="Log a contact attempt"
    >
      {({ register, formState: { errors } }) => (
        <fieldset>
          <legend>Log a contact attempt</legend>
          <Select label="Channel" options={CHANNELS} {...register('channel')} />
          <Select label="Outcome" options={OUTCOMES} {...register('outcome')} />
          <TextField label="Note" optional maxLength={2000} error={errors.note?.message} {...register('note')} />
          <FormError />
          {done ? <Alert kind="success">{done}</Alert> : null}
          <Button type="submit" loading={log.isPending}>
            Log the attempt
          </Button>
        </fieldset>
      )}
    </Form>
  );
}

function PromiseForm({ loanId, today }: { loanId: number; today: string }) {
  const record = useRecordPromise(loanId);
  return (
    <Form
      schema={promiseSchema}
      options={{ mode: 'onSubmit', defaultValues: { promised_date: today, amount: '' } }}
      submitError={(err) => errorMessage(err, 'The promise could not be recorded.')}
      onSubmit={async (promise, form) => {
        await record.mutateAsync(promise);
        form.resetField('amount');
      }}
      aria-label="Record a promise to pay"
    >
      {({ register, formState: { errors } }) => (
        <fieldset>
          <legend>Record a promise to pay</legend>
          <TextField label="Promised date" type="date" min={today} error={errors.promised_date?.message} {...register('promised_date')} />
          <MoneyField name="amount" label="Amount ($)" />
          <FormError />
          <Button type="submit" loading={record.isPending}>
            Record the promise
          </Button>
        </fieldset>
      )}
    </Form>
  );
}

function NoteForm({ loanId }: { loanId: number }) {
  const add = useAddNote(loanId);
  return (
    <Form
      schema={ZNoteRequest}
      options={{ mode: 'onSubmit', defaultValues: { body: '' } }}
      submitError={(err) => errorMessage(err, 'The note could not be saved.')}
      onSubmit={async (note, form) => {
        await add.mutateAsync(note);
        form.reset();
      }}
      aria-label="Add a note"
    >
      {({ register, formState: { errors } }) => (
        <fieldset>
          <legend>Add a note</legend>
          <TextAreaField label="Note" maxLength={4000} error={errors.body?.message} {...register('body')} />
          <FormError />
          <Button type="submit" loading={add.isPending}>
            Add the note
          </Button>
        </fieldset>
      )}
    </Form>
  );
}

function RecoveryForm({ loanId }: { loanId: number }) {
  const post = useRecordRecovery(loanId);
  const allowed = useCan('collect');
  if (!allowed) return null;
  return (
    <Form
      schema={recoverySchema}
      options={{ mode: 'onSubmit', defaultValues: { amount: '', reference: '' } }}
      submitError={(err) => errorMessage(err, 'The recovery could not be posted.')}
      onSubmit={async (recovery, form) => {
        await post.mutateAsync(recovery);
        form.reset();
      }}
      aria-label="Post a recovery"
    >
      {({ register, formState: { errors } }) => (
        <fieldset>
          <legend>Post a recovery</legend>
          <MoneyField name="amount" label="Amount received ($)" />
          <TextField label="Where it came from" maxLength={200} error={errors.reference?.message} {...register('reference')} />
          <FormError />
          <Button type="submit" loading={post.isPending}>
            Post the recovery
          </Button>
        </fieldset>
      )}
    </Form>
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
