import { HARDSHIP_REASON_LABELS, HARDSHIP_RULES, HARDSHIP_STATUS_LABELS, ZHardshipDecisionRequest } from '@payrail/contract/hardship';
import type { THardshipDecisionRequest, THardshipDetail } from '@payrail/contract/hardship';
import { isApiError } from '@payrail/client/http-client';
import { formatCents, formatPercent } from '@payrail/client/format';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { Checkbox } from '@payrail/ui/checkbox';
import { Form, FormError } from '@payrail/ui/form';
import { RadioCards } from '@payrail/ui/radio-cards';
import { LoadingBlock } from '@payrail/ui/spinner';
import { Table } from '@payrail/ui/table';
import { TextAreaField } from '@payrail/ui/text-area-field';
import { notify } from '@payrail/ui/toast/notify';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { Link } from 'react-router';
import pageStyles from '@payrail/ui/styles/staff-page.module.css';
import { formatDateTime, formatUsDate, humanize } from '../../../lib/labels';
import { useCan } from '../../../lib/roles';
import { saveFile } from '../../../lib/save-file';
import { fetchHardshipDocument } from '../api/download-hardship-document';
import { useDecideHardship } from '../api/decide-hardship';
import { useHardshipDetail } from '../api/get-hardship-detail';

const EVENT_NAMES = {
  submitted: 'Submitted',
  info_requested: 'More information asked',
  answered: 'Borrower answered',
  approved: 'Approved',
  declined: 'Declined',
} as const;

async function download(requestId: number, documentId: number, fileName: string) {
  try {
    saveFile(await fetchHardshipDocument(requestId, documentId), fileName);
  } catch {
    notify.error(`${fileName} could not be downloaded.`);
  }
}

const CHOICES = ['approve', 'decline', 'ask_info'] as const;
type Choice = (typeof CHOICES)[number];
type Deferral = '1' | '2' | '3';

const MESSAGE_REQUIRED: Record<Exclude<Choice, 'approve'>, string> = {
  decline: 'Please give the reason for declining.',
  ask_info: 'Please say what information you need.',
};

/** The form's fields, read into the contract's decision (a note to an approval is optional, a decline and a question need one). */
const decisionSchema = z
  .object({
    decision: z.enum(CHOICES, { error: 'Choose a decision.' }),
    defer_payments: z.enum(['1', '2', '3']),
    waive_late_fees: z.boolean(),
    message: z.string().trim(),
  })
  .superRefine((values, ctx) => {
    if (values.decision !== 'approve' && values.message === '') ctx.addIssue({ code: 'custom', path: ['message'], message: MESSAGE_REQUIRED[values.decision] });
  })
  .transform((values): THardshipDecisionRequest =>
    values.decision === 'approve'
      ? { decision: 'approve', defer_payments: Number(values.defer_payments), waive_late_fees: values.waive_late_fees, message: values.message || undefined }
      : { decision: values.decision, message: values.message },
  )
  .pipe(ZHardshipDecisionRequest);

const DONE: Record<Choice, string> = {
  approve: 'Approved: the schedule is moved.',
  decline: 'Declined.',
  ask_info: 'The borrower was asked for more information.',
};

/** Staff's decision: approve (payments to defer, late-fee waiver), decline (reason), or ask for more information (message). */
function DecisionForm({ detail }: { detail: THardshipDetail }) {
  const id = useId();
  const r = detail.request;
  const decide = useDecideHardship(r.id);
  const options: { value: Choice; label: string; disabled?: boolean }[] = [
    { value: 'approve', label: 'Approve a deferral', disabled: detail.approval_refusal !== null },
    { value: 'decline', label: 'Decline' },
    { value: 'ask_info', label: 'Ask for more information', disabled: r.status !== 'submitted' },
  ];
  return (
    <section className={pageStyles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Decision</h2>
      {detail.approval_refusal ? <Alert kind="warning">{`Approval is not possible: ${detail.approval_refusal}`}</Alert> : null}
      <Form
        schema={decisionSchema}
        options={{
          mode: 'onSubmit',
          defaultValues: {
            decision: undefined,
            defer_payments: String(Math.min(r.defer_payments, HARDSHIP_RULES.maxDeferral)) as Deferral,
            waive_late_fees: r.waive_late_fees,
            message: '',
          },
        }}
        submitError={(err) => (isApiError(err) ? (err.serverMessage ?? err.fieldError('message') ?? err.message) : 'The decision could not be saved.')}
        onSubmit={async (body) => {
          await decide.mutateAsync(body);
          notify.success(DONE[body.decision]);
        }}
      >
        {({ control, register, watch, formState: { errors } }) => {
          const choice = watch('decision');
          const plan = detail.plans.find((p) => String(p.defer_payments) === watch('defer_payments'));
          return (
            <>
              <Controller
                control={control}
                name="decision"
                render={({ field }) => (
                  <RadioCards
                    legend="Decision"
                    legendHidden
                    name={`${id}-choice`}
                    options={options}
                    value={field.value}
                    onChange={field.onChange}
                    columns={3}
                    error={errors.decision?.message}
                  />
                )}
              />
              {choice === 'approve' ? (
                <>
                  <Controller
                    control={control}
                    name="defer_payments"
                    render={({ field }) => (
                      <RadioCards
                        legend="Payments to defer"
                        name={`${id}-defer`}
                        value={field.value}
                        onChange={field.onChange}
                        columns={3}
                        options={detail.plans.map((p) => ({
                          value: String(p.defer_payments) as Deferral,
                          label: `Defer ${p.defer_payments}`,
                          description: `Last payment ${formatUsDate(p.maturity_after)}`,
                        }))}
                      />
                    )}
                  />
                  <Checkbox label={`Waive the late fees (${formatCents(detail.loan.late_fees)})`} {...register('waive_late_fees')} />
                  {plan ? (
                    <Table
                      caption="Schedule after the deferral"
                      rows={plan.schedule}
                      getRowKey={(row) => String(row.n)}
                      columns={[
                        { key: 'n', header: 'Payment', cell: (row) => String(row.n) },
                        { key: 'amount', header: 'Amount', cell: (row) => formatCents(row.payment) },
                        { key: 'was', header: 'Due now', cell: (row) => formatUsDate(row.due_date) },
                        { key: 'new', header: 'New due date', cell: (row) => formatUsDate(row.new_due_date) },
                      ]}
                    />
                  ) : null}
                </>
              ) : null}
              {choice ? (
                <TextAreaField
                  label={
                    choice === 'approve'
                      ? 'Note to the borrower'
                      : choice === 'decline'
                        ? 'Reason for declining (sent to the borrower)'
                        : 'Your question to the borrower'
                  }
                  optional={choice === 'approve'}
                  maxLength={HARDSHIP_RULES.messageMax}
                  rows={4}
                  error={errors.message?.message}
                  {...register('message')}
                />
              ) : null}
              <FormError />
              <Button type="submit" loading={decide.isPending}>
                {choice === 'approve'
                  ? 'Approve and move the schedule'
                  : choice === 'decline'
                    ? 'Decline the request'
                    : choice === 'ask_info'
                      ? 'Send the question'
                      : 'Save the decision'}
              </Button>
            </>
          );
        }}
      </Form>
    </section>
  );
}

/** A hardship request: borrower, loan position, reason and plan, documents, history, and the decision (servicers, admins). */
export function HardshipDetail({ id }: { id: number }) {
  const q = useHardshipDetail(id);
  const canDecide = useCan('fund');
  if (q.isPending) return <LoadingBlock label="Loading the hardship request…" />;
  if (!q.data)
    return (
      <Alert kind="error">{isApiError(q.error) && q.error.status === 404 ? 'Hardship request not found.' : 'The hardship request could not be loaded.'}</Alert>
    );
  const { request: r, borrower, loan } = q.data;
  const open = r.status === 'submitted' || r.status === 'info_requested';
  return (
    <>
      <div className={pageStyles.header}>
        <h1>{`Hardship request #${r.id}`}</h1>
        <p className={pageStyles.lead}>{`${HARDSHIP_STATUS_LABELS[r.status]} · submitted ${formatDateTime(r.created_at)}`}</p>
      </div>
      <section className={pageStyles.section} aria-labelledby="hardship-borrower">
        <h2 id="hardship-borrower">Borrower and loan</h2>
        <dl className={pageStyles.dl}>
          <dt>Borrower</dt>
          <dd>
            <Link to={`/applications/${borrower.user_id}`}>{borrower.name}</Link> ({borrower.email})
          </dd>
          <dt>Loan</dt>
          <dd>
            <Link to={`/loans/${loan.id}`}>{loan.identifier}</Link> ({humanize(loan.status)}, {loan.frequency})
          </dd>
          <dt>Payment</dt>
          <dd>{formatCents(loan.payment_per_term)}</dd>
          <dt>Principal balance</dt>
          <dd>{formatCents(loan.principal_balance)}</dd>
          <dt>Payoff today</dt>
          <dd>{formatCents(loan.outstanding_balance)}</dd>
          <dt>Next due date</dt>
          <dd>{loan.next_due_date ? formatUsDate(loan.next_due_date) : '—'}</dd>
          <dt>Days past due</dt>
          <dd>{loan.days_past_due}</dd>
          <dt>Late fees charged</dt>
          <dd>{formatCents(loan.late_fees)}</dd>
          <dt>APR</dt>
          <dd>{formatPercent(loan.apr)}</dd>
        </dl>
      </section>
      <section className={pageStyles.section} aria-labelledby="hardship-request">
        <h2 id="hardship-request">Request</h2>
        <dl className={pageStyles.dl}>
          <dt>Reason</dt>
          <dd>{HARDSHIP_REASON_LABELS[r.reason]}</dd>
          <dt>What happened</dt>
          <dd>{r.description}</dd>
          <dt>Plan asked</dt>
          <dd>{`Defer ${r.defer_payments} payment${r.defer_payments === 1 ? '' : 's'}; ${r.waive_late_fees ? 'waive late fees' : 'no fee waiver asked'}`}</dd>
          <dt>Monthly income</dt>
          <dd>{r.monthly_income === null ? 'Not given' : formatCents(r.monthly_income)}</dd>
          <dt>Monthly expenses</dt>
          <dd>{r.monthly_expenses === null ? 'Not given' : formatCents(r.monthly_expenses)}</dd>
          {r.decision ? (
            <>
              <dt>Decision</dt>
              <dd>{`${r.decision.defer_payments} deferred; late fees waived: ${formatCents(r.decision.waived_fees)}; APR ${formatPercent(r.decision.apr_before)} → ${formatPercent(r.decision.apr_after)}`}</dd>
            </>
          ) : null}
        </dl>
      </section>
      <section className={pageStyles.section} aria-labelledby="hardship-history">
        <h2 id="hardship-history">History and documents</h2>
        <ol>
          {r.history.map((e, i) => (
            <li key={i}>
              <strong>{EVENT_NAMES[e.kind]}</strong>
              {` ${formatDateTime(e.at)} by ${e.by === 'staff' ? (e.staff_name ?? 'staff') : 'the borrower'}`}
              {e.message ? <p>{e.message}</p> : null}
              {e.documents.length > 0 ? (
                <ul aria-label="Documents">
                  {e.documents.map((d) => (
                    <li key={d.id}>
                      {canDecide ? (
                        <Button variant="ghost" size="sm" onClick={() => void download(r.id, d.id, d.file_name)}>
                          {`Download ${d.file_name}`}
                        </Button>
                      ) : (
                        d.file_name
                      )}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
      {open && canDecide ? <DecisionForm detail={q.data} /> : null}
    </>
  );
}
