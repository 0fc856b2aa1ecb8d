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
import type { ReactNode } from 'react';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { Link } from 'react-router';
import { useCan } from '../../../lib/roles';
import { errorMessage } from '@payrail/ui/error-message';
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

/** A desk form: its fields in a fieldset named by the title, the failure under them, then the submit button. */
function DeskForm<TInput extends FieldValues, TOutput extends FieldValues>({
  title,
  schema,
  defaultValues,
  failure,
  submitLabel,
  pending,
  onSubmit,
  notice,
  children,
}: {
  title: string;
  schema: z.ZodType<TOutput, TInput>;
  defaultValues: DefaultValues<TInput>;
  /** What the failure message says when the server gives no reason. */
  failure: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: TOutput, form: UseFormReturn<TInput, unknown, TOutput>) => Promise<void>;
  /** Shown between the failure and the button (the last success). */
  notice?: ReactNode;
  children: (form: UseFormReturn<TInput, unknown, TOutput>) => ReactNode;
}) {
  return (
    <Form
      schema={schema}
      options={{ mode: 'onSubmit', defaultValues }}
      submitError={(err) => errorMessage(err, failure)}
      onSubmit={onSubmit}
      aria-label={title}
    >
      {(form) => (
        <fieldset>
          <legend>{title}</legend>
          {children(form)}
          <FormError />
          {notice}
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </fieldset>
      )}
    </Form>
  );
}

function ContactForm({ loanId }: { loanId: number }) {
  const log = useLogContact(loanId);
  const [done, setDone] = useState<string | null>(null);
  return (
    <DeskForm
      title="Log a contact attempt"
      schema={contactSchema}
      defaultValues={{ channel: 'call', outcome: 'no_answer', note: '' }}
      failure="The contact attempt could not be logged."
      submitLabel="Log the attempt"
      pending={log.isPending}
      onSubmit={async ({ note, ...attempt }, form) => {
        setDone(null);
        await log.mutateAsync({ ...attempt, ...(note ? { note } : {}) });
        form.resetField('note');
        setDone('Contact attempt logged.');
      }}
      notice={done ? <Alert kind="success">{done}</Alert> : null}
    >
      {({ register, formState: { errors } }) => (
        <>
          <Select label="Channel" options={CHANNELS} {...register('channel')} />
          <Select label="Outcome" options={OUTCOMES} {...register('outcome')} />
          <TextField label="Note" optional maxLength={2000} error={errors.note?.message} {...register('note')} />
        </>
      )}
    </DeskForm>
  );
}

function PromiseForm({ loanId, today }: { loanId: number; today: string }) {
  const record = useRecordPromise(loanId);
  return (
    <DeskForm
      title="Record a promise to pay"
      schema={promiseSchema}
      defaultValues={{ promised_date: today, amount: '' }}
      failure="The promise could not be recorded."
      submitLabel="Record the promise"
      pending={record.isPending}
      onSubmit={async (promise, form) => {
        await record.mutateAsync(promise);
        form.resetField('amount');
      }}
    >
      {({ register, formState: { errors } }) => (
        <>
          <TextField label="Promised date" type="date" min={today} error={errors.promised_date?.message} {...register('promised_date')} />
          <MoneyField name="amount" label="Amount ($)" />
        </>
      )}
    </DeskForm>
  );
}

function NoteForm({ loanId }: { loanId: number }) {
  const add = useAddNote(loanId);
  return (
    <DeskForm
      title="Add a note"
      schema={ZNoteRequest}
      defaultValues={{ body: '' }}
      failure="The note could not be saved."
      submitLabel="Add the note"
      pending={add.isPending}
      onSubmit={async (note, form) => {
        await add.mutateAsync(note);
        form.reset();
      }}
    >
      {({ register, formState: { errors } }) => <TextAreaField label="Note" maxLength={4000} error={errors.body?.message} {...register('body')} />}
    </DeskForm>
  );
}

function RecoveryForm({ loanId }: { loanId: number }) {
  const post = useRecordRecovery(loanId);
  const allowed = useCan('collect');
  if (!allowed) return null;
  return (
    <DeskForm
      title="Post a recovery"
      schema={recoverySchema}
      defaultValues={{ amount: '', reference: '' }}
      failure="The recovery could not be posted."
      submitLabel="Post the recovery"
      pending={post.isPending}
      onSubmit={async (recovery, form) => {
        await post.mutateAsync(recovery);
        form.reset();
      }}
    >
      {({ register, formState: { errors } }) => (
        <>
          <MoneyField name="amount" label="Amount received ($)" />
          <TextField label="Where it came from" maxLength={200} error={errors.reference?.message} {...register('reference')} />
        </>
      )}
    </DeskForm>
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
