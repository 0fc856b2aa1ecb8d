import { HARDSHIP_REASON_LABELS, HARDSHIP_RULES, HARDSHIP_STATUS_LABELS } from '@payrail/contract/hardship';
import type { THardshipEvent, THardshipRequest } from '@payrail/contract/hardship';
import type { TDocument } from '@payrail/contract/documents';
import { isApiError } from '@payrail/client/http-client';
import { formatCents, formatDate, formatLoanIdentifier, formatPercent } from '@payrail/client/format';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { Form } from '@payrail/ui/form';
import { LoadingBlock } from '@payrail/ui/spinner';
import { Table } from '@payrail/ui/table';
import { TextAreaField } from '@payrail/ui/text-area-field';
import { notify } from '@payrail/ui/toast/notify';
import { useId, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { DocumentUpload } from '../../../components/documents/document-upload';
import { useAnswerHardship, useHardshipPage } from '../api/hardship';
import { HardshipForm } from './hardship-form';
import { hardshipAnswerSchema } from './hardship.schema';
import type { HardshipAnswerInput, HardshipAnswerValues } from './hardship.schema';
import styles from './hardship.module.css';

const EVENT_NAMES: Record<THardshipEvent['kind'], string> = {
  submitted: 'You submitted the request',
  info_requested: 'We asked for more information',
  answered: 'You answered',
  approved: 'We approved the request',
  declined: 'We declined the request',
};

/** The borrower's answer to staff's question: text and documents (only those not sent before). */
function AnswerForm({ request, attached }: { request: THardshipRequest; attached: ReadonlySet<number> }) {
  const id = useId();
  const answer = useAnswerHardship(request.loan_id, request.id);
  const [documents, setDocuments] = useState<TDocument[]>([]);
  const send = async ({ message }: HardshipAnswerValues, form: UseFormReturn<HardshipAnswerInput, unknown, HardshipAnswerValues>) => {
    try {
      await answer.mutateAsync({ message, document_ids: documents.filter((d) => !attached.has(d.id)).map((d) => d.id) });
    } catch (err) {
      form.setError('message', {
        type: 'server',
        message: isApiError(err)
          ? (err.serverMessage ?? err.fieldError('message') ?? err.fieldError('document_ids') ?? err.message)
          : 'We could not send your answer. Please try again.',
      });
      return;
    }
    notify.success('Thank you. Your answer is sent.');
  };
  return (
    <Form
      className={styles.form}
      aria-labelledby={`${id}-title`}
      schema={hardshipAnswerSchema}
      options={{ mode: 'onSubmit', reValidateMode: 'onSubmit', defaultValues: { message: '' } }}
      onSubmit={send}
    >
      {({ register, formState: { errors, isSubmitting } }) => (
        <>
          <h3 id={`${id}-title`}>Answer our question</h3>
          <TextAreaField label="Your answer" rows={5} maxLength={HARDSHIP_RULES.messageMax} error={errors.message?.message} {...register('message')} />
          <DocumentUpload type="hardship_document" label="Documents for your answer (optional)" onChange={setDocuments} />
          <div>
            <Button type="submit" loading={isSubmitting}>
              Send my answer
            </Button>
          </div>
        </>
      )}
    </Form>
  );
}

function RequestCard({ request, attached }: { request: THardshipRequest; attached: ReadonlySet<number> }) {
  const id = `hardship-${request.id}`;
  const d = request.decision;
  return (
    <section className={styles.card} aria-labelledby={id}>
      <h2 id={id}>{`Hardship request of ${formatDate(request.created_at)}`}</h2>
      <dl className={styles.facts}>
        <dt>Status</dt>
        <dd className={styles.status}>{HARDSHIP_STATUS_LABELS[request.status]}</dd>
        <dt>Reason</dt>
        <dd>{HARDSHIP_REASON_LABELS[request.reason]}</dd>
        <dt>Plan asked for</dt>
        <dd>{`Defer ${request.defer_payments === 1 ? '1 payment' : `${request.defer_payments} payments`}${request.waive_late_fees ? ', waive late fees' : ''}`}</dd>
      </dl>
      {request.staff_message && request.status !== 'submitted' ? (
        <Alert
          kind={request.status === 'declined' ? 'warning' : 'info'}
          title={request.status === 'declined' ? 'Why we declined' : request.status === 'approved' ? 'A note from our team' : 'Our question'}
        >
          {request.staff_message}
        </Alert>
      ) : null}
      {request.status === 'submitted' ? <p className={styles.muted}>We are reviewing your request and will answer within 5 business days.</p> : null}
      {request.status === 'info_requested' ? <AnswerForm request={request} attached={attached} /> : null}
      {d ? (
        <>
          <p>
            {`${d.defer_payments === 1 ? '1 payment is' : `${d.defer_payments} payments are`} deferred.`}
            {d.waived_fees > 0 ? ` Late fees waived: ${formatCents(d.waived_fees)}.` : ''}
            {` Your payments and the total you repay do not change. APR for the new dates: ${formatPercent(d.apr_after)} (was ${formatPercent(d.apr_before)}).`}
          </p>
          <Table
            caption="Your new payment schedule"
            rows={d.schedule}
            getRowKey={(r) => String(r.n)}
            columns={[
              { key: 'n', header: 'Payment', cell: (r) => String(r.n) },
              { key: 'amount', header: 'Amount', cell: (r) => formatCents(r.payment) },
              { key: 'was', header: 'Was due', cell: (r) => formatDate(r.due_date) },
              { key: 'now', header: 'Now due', cell: (r) => (r.moved ? <strong>{formatDate(r.new_due_date)}</strong> : formatDate(r.new_due_date)) },
            ]}
          />
        </>
      ) : null}
      <h3>History</h3>
      <ol className={styles.history}>
        {request.history.map((e, i) => (
          <li key={i}>
            {`${formatDate(e.at)}: ${EVENT_NAMES[e.kind]}`}
            {e.documents.length > 0 ? ` (${e.documents.map((doc) => doc.file_name).join(', ')})` : ''}
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * Hardship help for one loan (docs/hardship.md): the request form when the borrower may ask, else why not;
 * every request with its status, staff's message, the borrower's answer form when asked, and the new
 * schedule once approved.
 */
export function HardshipPage({ loanId }: { loanId: number }) {
  const page = useHardshipPage(loanId);
  if (page.isPending) return <LoadingBlock label="Loading hardship help…" />;
  if (!page.data)
    return (
      <Alert kind="error">
        {isApiError(page.error) && page.error.status === 404 ? 'This loan was not found.' : 'We could not load this page. Please reload it.'}
      </Alert>
    );
  const p = page.data;
  const attached = new Set(p.requests.flatMap((r) => r.history.flatMap((e) => e.documents.map((d) => d.id))));
  return (
    <div className={styles.page}>
      <h1>Hardship help</h1>
      <p>
        {`Loan ${formatLoanIdentifier(p.loan_identifier)}`}
        {p.days_past_due > 0 ? ` is ${p.days_past_due === 1 ? '1 day' : `${p.days_past_due} days`} past due.` : '.'}
      </p>
      {p.requests.map((r) => (
        <RequestCard key={r.id} request={r} attached={attached} />
      ))}
      {p.refusal === null ? (
        <section className={styles.card}>
          <HardshipForm page={p} attached={attached} />
        </section>
      ) : p.requests.some((r) => r.status === 'submitted' || r.status === 'info_requested') ? null : (
        <Alert kind="info">{p.refusal}</Alert>
      )}
    </div>
  );
}
