import { useId } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ZBackofficeEmployerVerifications } from '@payrail/contract/employer-verifications';
import type { TBackofficeEmployerVerifications } from '@payrail/contract/employer-verifications';
import { EMPLOYMENT_STATUS_LABELS, VERIFICATION_FALLBACK_BUSINESS_DAYS } from '@payrail/domain/employer/verification';
import { Table } from '@payrail/ui/table';
import type { TableColumn } from '@payrail/ui/table';
import { formatDate } from '@payrail/client/format';
import { Badge } from '../../../components/badge';
import type { BadgeTone } from '../../../components/badge';
import styles from '@payrail/ui/styles/staff-page.module.css';
import { backofficeApi } from '../../../lib/api-client';
import { QueryFallback } from '@payrail/ui/query-fallback';

type Verification = TBackofficeEmployerVerifications['verifications'][number];

/** GET /api/backoffice/employers/:id/verifications: the employer's employment verification requests, open first. */
export function useEmployerVerifications(employerId: number) {
  return useQuery({
    queryKey: ['employers', 'verifications', employerId],
    queryFn: () => backofficeApi.get(`/employers/${employerId}/verifications`, { schema: ZBackofficeEmployerVerifications }),
  });
}

export const VERIFICATION_STATE_LABELS: Record<Verification['state'], { label: string; tone: BadgeTone }> = {
  open: { label: 'Waiting for the employer', tone: 'lender' },
  answered: { label: 'Answered', tone: 'success' },
  expired: { label: 'Expired: manual review', tone: 'neutral' },
};

const columns: TableColumn<Verification>[] = [
  { key: 'applicant', header: 'Applicant', cell: (v) => <Link to={`/applications/${v.user_id}`}>{v.applicant_name}</Link> },
  { key: 'employee', header: 'Stated employee id', cell: (v) => (v.stated_employee_id ? <span className={styles.mono}>{v.stated_employee_id}</span> : '—') },
  { key: 'requested', header: 'Requested', cell: (v) => `${formatDate(v.requested_on)} by ${v.requested_by}` },
  { key: 'due', header: 'Answer due', cell: (v) => formatDate(v.due_on) },
  { key: 'state', header: 'State', cell: (v) => <Badge tone={VERIFICATION_STATE_LABELS[v.state].tone}>{VERIFICATION_STATE_LABELS[v.state].label}</Badge> },
  {
    key: 'answer',
    header: 'Answer',
    cell: (v) => (v.answer ? `${EMPLOYMENT_STATUS_LABELS[v.answer.employment_status]}${v.answer.answered_by ? ` (${v.answer.answered_by})` : ''}` : '—'),
  },
];

/**
 * The employer page's employment verifications (issue #31): the requests underwriting sent this employer
 * — open ones first (with the day the answer is due; after {@link VERIFICATION_FALLBACK_BUSINESS_DAYS}
 * business days a request expires and underwriting verifies by hand), then expired and answered ones.
 */
export function EmployerOpenVerifications({ employerId }: { employerId: number }) {
  const query = useEmployerVerifications(employerId);
  const titleId = useId();
  const open = query.data?.verifications.filter((v) => v.state === 'open').length ?? 0;
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId}>Employment verifications</h2>
      {!query.data ? (
        <QueryFallback query={query} loadingLabel="Loading the verifications…" failure="The verifications could not be loaded." />
      ) : query.data.verifications.length === 0 ? (
        <p>Underwriting has not asked this employer to verify any employment yet.</p>
      ) : (
        <>
          <p>
            {open === 0
              ? 'No request is waiting for the employer.'
              : `${open} ${open === 1 ? 'request is' : 'requests are'} waiting for the employer's answer.`}{' '}
            Unanswered after {VERIFICATION_FALLBACK_BUSINESS_DAYS} business days, a request expires and underwriting verifies the employment by hand.
          </p>
          <Table
            caption="Employment verification requests, open first"
            columns={columns}
            rows={query.data.verifications}
            getRowKey={(v) => v.id}
            emptyMessage="No requests."
          />
        </>
      )}
    </section>
  );
}
