import { useId } from 'react';
import { z } from 'zod';
import { isIsoDate } from '@payrail/domain/dates';
import {
  EMPLOYMENT_STATUS_LABELS,
  EMPLOYMENT_STATUSES,
  INCOME_RANGE_LABELS,
  INCOME_RANGES,
  VERIFIED_PAY_FREQUENCIES,
} from '@payrail/domain/employer/verification';
import type { TEmployerVerification } from '@payrail/contract/employer-verifications';
import { EMPLOYMENT_VERIFICATION_MSG, ZEmployerVerificationAnswer } from '@payrail/contract/employer-verifications';
import { ErrorAlert } from '@payrail/ui/error-alert';
import { Button } from '@payrail/ui/button';
import { Form } from '@payrail/ui/form';
import { Select } from '@payrail/ui/select';
import { Table } from '@payrail/ui/table';
import type { TableColumn } from '@payrail/ui/table';
import { TextField } from '@payrail/ui/text-field';
import { notify } from '@payrail/ui/toast/notify';
import { formatDate } from '@payrail/client/format';
import { Badge } from '@payrail/ui/badge';
import styles from '@payrail/ui/styles/staff-page.module.css';
import { PAYROLL_FREQUENCY_LABELS } from '@payrail/ui/labels';
import { QueryFallback } from '@payrail/ui/query-fallback';
import { errorMessage } from '@payrail/ui/error-message';
import { useAnswerVerification, useVerifications } from '../api/verifications';
import own from './verifications.module.css';

export const STATUS_REQUIRED = 'Choose the employment status.';

const optional = (v: string): string | undefined => (v.trim() === '' ? undefined : v.trim());
const ZAnswerForm = z
  .object({
    employment_status: z.string().refine((v) => (EMPLOYMENT_STATUSES as readonly string[]).includes(v), STATUS_REQUIRED),
    hire_date: z.string().refine((v) => v.trim() === '' || isIsoDate(v.trim()), EMPLOYMENT_VERIFICATION_MSG.hireDateInvalid),
    pay_frequency: z.string(),
    income_range: z.string(),
  })
  .transform((v) => {
    const out: z.input<typeof ZEmployerVerificationAnswer> = { employment_status: v.employment_status as (typeof EMPLOYMENT_STATUSES)[number] };
    const hire = optional(v.hire_date);
    const frequency = optional(v.pay_frequency);
    const income = optional(v.income_range);
    if (hire) out.hire_date = hire;
    if (frequency) out.pay_frequency = frequency as (typeof VERIFIED_PAY_FREQUENCIES)[number];
    if (income) out.income_range = income as (typeof INCOME_RANGES)[number];
    return out;
  })
  .pipe(ZEmployerVerificationAnswer);

function AnswerForm({ request }: { request: TEmployerVerification }) {
  const answer = useAnswerVerification();
  const titleId = `verification-${String(request.id)}`;
  return (
    <article className={own.card} aria-labelledby={titleId}>
      <h3 id={titleId}>{request.applicant_name}</h3>
      <p className={own.meta}>
        {request.stated_employee_id ? `Employee id given: ${request.stated_employee_id} · ` : 'No employee id given · '}
        Asked on {formatDate(request.requested_on)} · please answer by {formatDate(request.due_on)}
      </p>
      <Form
        schema={ZAnswerForm}
        options={{ defaultValues: { employment_status: '', hire_date: '', pay_frequency: '', income_range: '' } }}
        aria-label={`Answer for ${request.applicant_name}`}
        className={styles.fieldGrid}
        onSubmit={async (values) => {
          const done = await answer.mutateAsync({ id: request.id, body: values }).catch(() => null);
          if (done) notify.success(`Thank you: your answer for ${request.applicant_name} was sent.`);
        }}
      >
        {({ register, formState }) => (
          <>
            <ErrorAlert message={answer.isError ? errorMessage(answer.error, 'We could not send the answer. Please try again.') : null} />
            <Select
              label="Employment status"
              placeholder="Choose…"
              options={EMPLOYMENT_STATUSES.map((s) => ({ value: s, label: EMPLOYMENT_STATUS_LABELS[s] }))}
              required
              error={formState.errors.employment_status?.message}
              {...register('employment_status')}
            />
            <TextField label="Hire date" type="date" optional error={formState.errors.hire_date?.message} {...register('hire_date')} />
            <Select
              label="Pay frequency"
              optional
              placeholder="Not stated"
              options={VERIFIED_PAY_FREQUENCIES.map((f) => ({ value: f, label: PAYROLL_FREQUENCY_LABELS[f] }))}
              {...register('pay_frequency')}
            />
            <Select
              label="Annual income range"
              optional
              hint="A range only, never an exact salary."
              placeholder="Not stated"
              options={INCOME_RANGES.map((r) => ({ value: r, label: INCOME_RANGE_LABELS[r] }))}
              {...register('income_range')}
            />
            <div className={styles.fieldGridRow}>
              <Button type="submit" loading={formState.isSubmitting}>
                Send the answer
              </Button>
            </div>
          </>
        )}
      </Form>
    </article>
  );
}

const STATE_LABELS = { open: 'Open', answered: 'Answered', expired: 'Expired' } as const;

const answeredColumns: TableColumn<TEmployerVerification>[] = [
  { key: 'name', header: 'Applicant', cell: (v) => v.applicant_name },
  { key: 'id', header: 'Employee id', cell: (v) => v.stated_employee_id ?? '—' },
  { key: 'asked', header: 'Asked on', cell: (v) => formatDate(v.requested_on) },
  { key: 'state', header: 'State', cell: (v) => <Badge tone={v.state === 'answered' ? 'success' : 'neutral'}>{STATE_LABELS[v.state]}</Badge> },
  {
    key: 'answer',
    header: 'Your answer',
    cell: (v) => (v.answer ? EMPLOYMENT_STATUS_LABELS[v.answer.employment_status] : 'Not answered in time: verified by phone instead'),
  },
  { key: 'hired', header: 'Hire date', cell: (v) => (v.answer?.hire_date ? formatDate(v.answer.hire_date) : '—') },
  { key: 'when', header: 'Answered on', cell: (v) => (v.answer ? formatDate(v.answer.answered_at) : '—') },
];

/** Employment verification requests: the open ones with an answer form, then those answered or expired. */
export function Verifications() {
  const openId = useId();
  const doneId = useId();
  const list = useVerifications();
  if (!list.data)
    return <QueryFallback query={list} loadingLabel="Loading the verification requests…" failure="We could not load the verification requests." />;
  const open = list.data.verifications.filter((v) => v.state === 'open');
  const closed = list.data.verifications.filter((v) => v.state !== 'open');
  return (
    <>
      <section className={styles.section} aria-labelledby={openId}>
        <h2 id={openId}>Open requests</h2>
        {open.length === 0 ? (
          <p>No verification request is waiting for you.</p>
        ) : (
          <div className={styles.stack}>
            {open.map((v) => (
              <AnswerForm key={v.id} request={v} />
            ))}
          </div>
        )}
      </section>
      <section className={styles.section} aria-labelledby={doneId}>
        <h2 id={doneId}>Answered and expired</h2>
        <Table
          caption="Answered and expired verification requests"
          captionHidden
          columns={answeredColumns}
          rows={closed}
          getRowKey={(v) => v.id}
          emptyMessage="None yet."
        />
      </section>
    </>
  );
}
