import { useId } from 'react';
import { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZBackofficeVerification, ZBackofficeVerificationList } from '@payrail/contract/employer-verifications';
import type { TBackofficeVerification } from '@payrail/contract/employer-verifications';
import { EMPLOYMENT_STATUS_LABELS, INCOME_RANGE_LABELS, VERIFICATION_FALLBACK_BUSINESS_DAYS } from '@payrail/domain/employer/verification';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { Form, FormError } from '@payrail/ui/form';
import { LoadingBlock } from '@payrail/ui/spinner';
import { TextField } from '@payrail/ui/text-field';
import { notify } from '@payrail/ui/toast/notify';
import { formatDate } from '@payrail/client/format';
import { Badge } from '../../../components/badge';
import type { BadgeTone } from '../../../components/badge';
import styles from '@payrail/ui/styles/staff-page.module.css';
import { backofficeApi } from '../../../lib/api-client';
import { errorMessage } from '@payrail/ui/error-message';
import { formatDateTime, humanize } from '../../../lib/labels';

const key = (userId: number) => ['applications', userId, 'employment_verification'] as const;
const path = (userId: number) => `/applications/${userId}/employment_verification`;

/** GET …/employment_verification: the application's requests to employers, newest first. */
export function useEmploymentVerifications(userId: number) {
  return useQuery({ queryKey: key(userId), queryFn: () => backofficeApi.get(path(userId), { schema: ZBackofficeVerificationList }) });
}

/** POST …/employment_verification (underwriters): asks the applicant's employer, or the listed employer named. */
export function useRequestEmploymentVerification(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { employer_id?: number }) => backofficeApi.post(path(userId), body, { schema: ZBackofficeVerification }),
    onSettled: () => client.invalidateQueries({ queryKey: key(userId) }),
  });
}

const STATE: Record<TBackofficeVerification['state'], { label: string; tone: BadgeTone }> = {
  open: { label: 'Waiting for the employer', tone: 'lender' },
  answered: { label: 'Answered', tone: 'success' },
  expired: { label: 'Expired: verify by hand', tone: 'neutral' },
};

function VerificationItem({ v }: { v: TBackofficeVerification }) {
  const a = v.answer;
  return (
    <li className={styles.stack}>
      <div>
        <strong>{v.employer_name}</strong> <Badge tone={STATE[v.state].tone}>{STATE[v.state].label}</Badge>
        <br />
        Asked {formatDate(v.requested_on)} by {v.requested_by}; answer due {formatDate(v.due_on)}.
      </div>
      {a ? (
        <dl className={styles.dl}>
          <dt>Employment</dt>
          <dd>{EMPLOYMENT_STATUS_LABELS[a.employment_status]}</dd>
          <dt>Hire date</dt>
          <dd>{a.hire_date ? formatDate(a.hire_date) : 'Not given'}</dd>
          <dt>Pay frequency</dt>
          <dd>{a.pay_frequency ? humanize(a.pay_frequency) : 'Not given'}</dd>
          <dt>Income range</dt>
          <dd>{a.income_range ? INCOME_RANGE_LABELS[a.income_range] : 'Not given'}</dd>
          <dt>Answered</dt>
          <dd>
            {formatDateTime(a.answered_at)}
            {a.answered_by ? ` by ${a.answered_by}` : ''}
          </dd>
        </dl>
      ) : v.state === 'expired' ? (
        <p>
          The employer did not answer within {VERIFICATION_FALLBACK_BUSINESS_DAYS} business days: verify the employment by hand (the application stays in the
          queue).
        </p>
      ) : null}
      {v.blocks_approval ? (
        <Alert kind="error" title="Approval blocked">
          {v.blocks_approval}
        </Alert>
      ) : null}
    </li>
  );
}

/** Empty asks the applicant's employer on file; otherwise the listed employer's id, digits only. */
const askSchema = z
  .object({
    employer_id: z
      .string()
      .trim()
      .regex(/^(\d{1,9})?$/, 'Enter the employer id as digits only.'),
  })
  .transform(({ employer_id }): { employer_id?: number } => (employer_id === '' ? {} : { employer_id: Number(employer_id) }));

/**
 * The application page's employment verification (issue #31): what the applicant's employer answered in
 * the employer portal (terminated / not found block the approval; active confirms the employer), and —
 * for underwriters — asking the employer. `employer id` names the listed employer a typed-in employer
 * matches (employer review); empty asks the applicant's employer on file.
 */
export function EmploymentVerification({ userId, canRequest }: { userId: number; canRequest: boolean }) {
  const query = useEmploymentVerifications(userId);
  const request = useRequestEmploymentVerification(userId);
  const formId = useId();
  if (query.isPending) return <LoadingBlock label="Loading the employment verification…" />;
  if (query.isError) return <Alert kind="error">{errorMessage(query.error, 'The employment verification could not be loaded.')}</Alert>;
  const list = query.data.verifications;
  return (
    <div className={styles.stack}>
      {list.length === 0 ? <p>No employer has been asked to verify this applicant's employment.</p> : null}
      {list.length > 0 ? (
        <ul className={styles.stack} aria-label="Employment verification requests, newest first">
          {list.map((v) => (
            <VerificationItem key={v.id} v={v} />
          ))}
        </ul>
      ) : null}
      {canRequest ? (
        <Form
          schema={askSchema}
          options={{ mode: 'onChange', defaultValues: { employer_id: '' } }}
          submitError={(err) => errorMessage(err, 'The verification could not be requested. Please try again.')}
          onSubmit={async (body) => {
            const v = await request.mutateAsync(body);
            notify.success(`Verification requested from ${v.employer_name}; the answer is due ${formatDate(v.due_on)}.`);
          }}
          aria-labelledby={formId}
          className={styles.stack}
        >
          {({ register, formState: { errors } }) => (
            <>
              <h3 id={formId}>Ask the employer</h3>
              <TextField
                label="Listed employer id (optional)"
                hint="Leave empty to ask the applicant's employer on file; for a typed-in employer, the id of the listed employer it matches."
                inputMode="numeric"
                error={errors.employer_id?.message}
                {...register('employer_id')}
              />
              <FormError />
              <div>
                <Button type="submit" loading={request.isPending}>
                  Request employment verification
                </Button>
              </div>
            </>
          )}
        </Form>
      ) : null}
    </div>
  );
}
