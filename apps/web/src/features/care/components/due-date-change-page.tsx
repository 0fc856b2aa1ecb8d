import { AgreementSignature } from '@payrail/ui/agreement-signature';
import { useLayoutEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { ZDueDateChangeRequest } from '@payrail/contract/care';
import type { TDueDateChange, TDueDateChangePreview } from '@payrail/contract/care';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { applyServerErrors, Form } from '@payrail/ui/form';
import { LoadingBlock, Spinner } from '@payrail/ui/spinner';
import { Table } from '@payrail/ui/table';
import type { TableColumn } from '@payrail/ui/table';
import { TextField } from '@payrail/ui/text-field';
import { formatCents, formatDate } from '@payrail/client/format';
import { isApiError } from '@payrail/client/http-client';
import { downloadLoanDocument, useApplyDueDateChange, useDueDateChangeOverview, useDueDateChangePreview } from '../api/due-date-change';
import { SignedAgreementActions } from '../../../components/agreements/signed-agreement-actions';
import { SIGNATURE_NAME_REQUIRED, signatureFields } from '../../../lib/agreement-signing';
import { serverMessageOr } from '../../../lib/server-message';
import styles from './care.module.css';

export const DUE_DATE_TEXT = {
  loadFailed: 'We could not load your loan. Please try again.',
  previewFailed: 'We could not prepare the new schedule. Please try again.',
  submitFailed: 'We could not change your due date. Please try again.',
  nameRequired: SIGNATURE_NAME_REQUIRED,
  agreeRequired: 'Please confirm that you agree to sign electronically.',
} as const;

type Row = TDueDateChangePreview['schedule'][number];
const COLUMNS: readonly TableColumn<Row>[] = [
  { key: 'n', header: 'Payment', cell: (r) => `${r.n}${r.moved ? '' : ' (not moved)'}` },
  { key: 'due_date', header: 'Current due date', cell: (r) => formatDate(r.due_date) },
  { key: 'new_due_date', header: 'New due date', cell: (r) => formatDate(r.new_due_date) },
  { key: 'payment', header: 'Amount', cell: (r) => formatCents(r.payment), align: 'end' },
];

const newKey = () => (globalThis.crypto?.randomUUID ? globalThis.crypto.randomUUID() : `ddc-${Date.now()}-${Math.random().toString(36).slice(2)}`);

function AprNotice({ oldApr, newApr, changed }: { oldApr: string; newApr: string; changed: boolean }) {
  return changed ? (
    <Alert kind="warning" title="Your annual percentage rate changes">
      Because your payments fall on different dates, your APR changes from {oldApr}% to {newApr}%. The amount of each payment does not change.
    </Alert>
  ) : (
    <Alert kind="info">Your annual percentage rate stays {newApr}%.</Alert>
  );
}

function Confirmation({ change, save }: { change: TDueDateChange; save: (blob: Blob, fileName: string) => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The focus moves with the new content, before it is painted.
  useLayoutEffect(() => heading.current?.focus(), []);
  const first = change.schedule.find((r) => r.moved);
  return (
    <section className={styles.card} aria-labelledby="due-date-done">
      <h2 id="due-date-done" ref={heading} tabIndex={-1}>
        Your due date is changed
      </h2>
      <p>
        Your next payment is now due on {first ? formatDate(first.new_due_date) : ''}. You signed the agreement as {change.signature_name} on{' '}
        {formatDate(change.signed_at)}; it is in your loan documents and in Consents.
      </p>
      <AprNotice oldApr={change.old_apr} newApr={change.new_apr} changed={change.apr_changed} />
      <Table caption="Your new payment schedule" columns={COLUMNS} rows={change.schedule} getRowKey={(r) => r.n} maxHeight="28rem" />
      <SignedAgreementActions
        className={styles.row}
        pdf={{ fetch: () => downloadLoanDocument(change.document.id), fileName: change.document.file_name }}
        save={save}
      />
    </section>
  );
}

/** The window the server allows for the new date (GET overview). */
interface DueDateWindow {
  earliest: string;
  latest: string;
  current_due_date: string;
}

/** A date in the window, other than the current due date. */
const inWindowOf = (allowed: DueDateWindow, date: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(date) && date >= allowed.earliest && date <= allowed.latest && date !== allowed.current_due_date;

/**
 * The change: a date in the allowed window, the typed full legal name and the consent (the messages here),
 * then the contract's request.
 */
export function dueDateChangeSchema(allowed: DueDateWindow) {
  return z
    .object({
      date: z
        .string()
        .refine(
          (date) => inWindowOf(allowed, date),
          `Choose a date from ${formatDate(allowed.earliest)} to ${formatDate(allowed.latest)}, other than ${formatDate(allowed.current_due_date)}.`,
        ),
      ...signatureFields(DUE_DATE_TEXT.agreeRequired),
    })
    .pipe(ZDueDateChangeRequest);
}

/**
 * Change due date (issue #13): the borrower picks a new date for the first payment that can move (the
 * allowed window from the server), reads the re-disclosed schedule (old and new date of every payment, its
 * amount, the APR before and after) and the agreement, signs with their typed full legal name and consent,
 * and sees the new schedule. Every refusal shows the server's message.
 */
export function DueDateChangePage({ loanId, save }: { loanId: number; save: (blob: Blob, fileName: string) => void }) {
  const overview = useDueDateChangeOverview(loanId);
  // The chosen date, followed here: the preview of its schedule is read as soon as it is in the window.
  const [date, setDate] = useState('');
  const [done, setDone] = useState<TDueDateChange | null>(null);
  const key = useRef(newKey());
  const apply = useApplyDueDateChange(loanId);

  const allowed = overview.data?.window ?? null;
  const inWindow = !!allowed && inWindowOf(allowed, date);
  const preview = useDueDateChangePreview(loanId, date, inWindow && !done);

  if (overview.isPending) return <LoadingBlock label="Loading your loan…" />;
  if (overview.isError || !overview.data) {
    return (
      <div className={styles.page}>
        <h1>Change due date</h1>
        <Alert kind="error">{serverMessageOr(overview.error, DUE_DATE_TEXT.loadFailed)}</Alert>
      </div>
    );
  }
  const o = overview.data;

  return (
    <div className={styles.page}>
      <h1>Change due date</h1>
      <p>Move your remaining payments to match your payday. Only the dates change: the number of payments and the amount of each stay the same.</p>
      {done ? (
        <Confirmation change={done} save={save} />
      ) : o.refusal ? (
        <Alert kind="warning" title="You cannot change your due date right now">
          {o.refusal}
          {o.available_on ? ` You can change it again on ${formatDate(o.available_on)}.` : ''}
        </Alert>
      ) : allowed ? (
        <Form
          className={styles.card}
          aria-labelledby="due-date-form"
          schema={dueDateChangeSchema(allowed)}
          options={{ mode: 'onSubmit', defaultValues: { date: '', signature_name: '', agree: false } }}
          submitError={(error) => serverMessageOr(error, DUE_DATE_TEXT.submitFailed)}
          onSubmit={async (body, form) => {
            try {
              const change = await apply.mutateAsync({ body, idempotencyKey: key.current });
              key.current = newKey();
              setDone(change);
            } catch (error) {
              // A refusal is final for this submission: the next one is a new request.
              if (isApiError(error) && error.status >= 400 && error.status < 500) key.current = newKey();
              // The server's word on a field goes under it; any other refusal is the form's.
              if (applyServerErrors(form, error, ['date', 'signature_name', 'agree'])) return;
              throw error;
            }
          }}
        >
          {({ register, formState: { errors } }) => (
            <>
              <h2 id="due-date-form">Choose your new due date</h2>
              <p id="due-date-allowed">
                Your next payment that can move is due on {formatDate(allowed.current_due_date)}. You can move it to any date from{' '}
                {formatDate(allowed.earliest)} to {formatDate(allowed.latest)}; the payments after it follow at the same frequency.
              </p>
              <TextField
                label="New due date"
                type="date"
                min={allowed.earliest}
                max={allowed.latest}
                aria-describedby="due-date-allowed"
                error={errors.date?.message}
                required
                {...register('date', { onChange: (event: { target: { value: string } }) => setDate(event.target.value) })}
              />
              {!inWindow ? null : preview.isPending ? (
                <Spinner size="sm" label="Preparing your new schedule" />
              ) : preview.isError || !preview.data ? (
                <Alert kind="error">{serverMessageOr(preview.error, DUE_DATE_TEXT.previewFailed)}</Alert>
              ) : (
                <>
                  <AprNotice oldApr={preview.data.old_apr} newApr={preview.data.new_apr} changed={preview.data.apr_changed} />
                  <Table
                    caption="Your payment schedule before and after the change"
                    columns={COLUMNS}
                    rows={preview.data.schedule}
                    getRowKey={(r) => r.n}
                    maxHeight="28rem"
                  />
                  <dl className={styles.meta} aria-label="What does not change">
                    <dt>Finance charge (unchanged)</dt>
                    <dd>{formatCents(preview.data.finance_charge)}</dd>
                    <dt>Total of payments (unchanged)</dt>
                    <dd>{formatCents(preview.data.total_of_payments)}</dd>
                  </dl>
                  <AgreementSignature
                    id="due-date-agreement"
                    title="Due date change agreement"
                    paragraphs={preview.data.disclosure}
                    agreeLabel="I agree to sign the Due date change agreement electronically."
                  />
                  <div className={styles.row}>
                    <Button type="submit" loading={apply.isPending}>
                      Sign and change my due date
                    </Button>
                  </div>
                </>
              )}
            </>
          )}
        </Form>
      ) : null}
    </div>
  );
}
