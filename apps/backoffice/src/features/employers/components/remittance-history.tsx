import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ZBackofficeEmployerRemittances } from '@payrail/contract/employer-remittances';
import type { TBackofficeEmployerRemittances, TReconciliationStatus } from '@payrail/contract/employer-remittances';
import { Button } from '@payrail/ui/button';
import { Table } from '@payrail/ui/table';
import type { TableColumn } from '@payrail/ui/table';
import { formatCents, formatDate } from '@payrail/client/format';
import { Badge } from '../../../components/badge';
import type { BadgeTone } from '../../../components/badge';
import styles from '@payrail/ui/styles/staff-page.module.css';
import { backofficeApi } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/labels';
import { useCan } from '../../../lib/roles';
import { QueryFallback } from '@payrail/ui/query-fallback';

type Remittance = TBackofficeEmployerRemittances['remittances'][number];
type Line = Remittance['lines'][number];

/** GET /api/backoffice/employers/:id/remittances (servicers, admins): the employer's remittances with each reconciliation. */
export function useEmployerRemittances(employerId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['employers', 'remittances', employerId],
    queryFn: () => backofficeApi.get(`/employers/${employerId}/remittances`, { schema: ZBackofficeEmployerRemittances }),
    enabled,
  });
}

export const RECONCILIATION_LABELS: Record<TReconciliationStatus, { label: string; tone: BadgeTone }> = {
  exact: { label: 'Exact', tone: 'success' },
  short: { label: 'Short', tone: 'danger' },
  over: { label: 'Over', tone: 'lender' },
  missing: { label: 'Missing', tone: 'danger' },
  unknown_employee: { label: 'Unknown employee', tone: 'lender' },
};

const signed = (c: number) => (c > 0 ? `+${formatCents(c)}` : c < 0 ? `−${formatCents(-c)}` : formatCents(0));

const lineColumns: TableColumn<Line>[] = [
  { key: 'employee', header: 'Employee', cell: (l) => l.employee_name ?? '—' },
  { key: 'id', header: 'Employee id', cell: (l) => <span className={styles.mono}>{l.employee_id}</span> },
  { key: 'expected', header: 'Expected', align: 'end', cell: (l) => formatCents(l.expected) },
  { key: 'remitted', header: 'Remitted', align: 'end', cell: (l) => formatCents(l.remitted) },
  { key: 'difference', header: 'Difference', align: 'end', cell: (l) => signed(l.difference) },
  { key: 'status', header: 'Result', cell: (l) => <Badge tone={RECONCILIATION_LABELS[l.status].tone}>{RECONCILIATION_LABELS[l.status].label}</Badge> },
  { key: 'reason', header: 'Why', cell: (l) => l.reason },
  { key: 'loan', header: 'Loan', cell: (l) => (l.loan_id ? <Link to={`/loans/${l.loan_id}`}>Loan #{l.loan_id}</Link> : 'In suspense') },
];

/** "2 short, 1 missing" — the differences of a remittance in words (text, not colour, carries it). */
export function differencesSummary(counts: Remittance['counts']): string {
  const parts = (['short', 'missing', 'over', 'unknown_employee'] as const)
    .filter((k) => counts[k] > 0)
    .map((k) => `${counts[k]} ${RECONCILIATION_LABELS[k].label.toLowerCase()}`);
  return parts.length === 0 ? 'All exact' : parts.join(', ');
}

function Reconciliation({ remittance }: { remittance: Remittance }) {
  const [open, setOpen] = useState(remittance.counts.short + remittance.counts.missing + remittance.counts.unknown_employee > 0);
  const regionId = useId();
  return (
    <li className={styles.stack}>
      <div>
        <strong>Pay date {formatDate(remittance.pay_date)}</strong> — remitted {formatCents(remittance.remitted)} of {formatCents(remittance.expected)} expected
        · {differencesSummary(remittance.counts)}
        <br />
        <span>
          {remittance.method === 'upload' ? `Uploaded${remittance.file_name ? ` (${remittance.file_name})` : ''}` : 'Entered on screen'}{' '}
          {formatDateTime(remittance.submitted_at)}
          {remittance.submitted_by ? ` by ${remittance.submitted_by}` : ''} · batch {remittance.batch_id}
        </span>
      </div>
      <div>
        <Button variant="secondary" aria-expanded={open} aria-controls={regionId} onClick={() => setOpen((v) => !v)}>
          {open ? 'Hide the reconciliation' : 'Show the reconciliation'}
        </Button>
      </div>
      <div id={regionId} hidden={!open}>
        {open ? (
          <Table
            caption={`Reconciliation of the ${formatDate(remittance.pay_date)} remittance`}
            columns={lineColumns}
            rows={remittance.lines}
            getRowKey={(l) => `${l.employee_id}-${l.loan_id ?? 'none'}`}
            emptyMessage="No lines."
          />
        ) : null}
      </div>
    </li>
  );
}

/**
 * The employer page's remittance history (issue #31): what the employer submitted in the portal, pay date
 * by pay date, each reconciled against the expected deductions (exact, short, missing, over, unknown
 * employee) with the reason and the loan it concerns. Remittances with a difference open by default.
 * Servicers and admins (those who import remittances).
 */
export function EmployerRemittanceHistory({ employerId }: { employerId: number }) {
  const allowed = useCan('fund');
  const query = useEmployerRemittances(employerId, allowed);
  const titleId = useId();
  if (!allowed) return null;
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId}>Remittances</h2>
      {!query.data ? (
        <QueryFallback query={query} loadingLabel="Loading the remittances…" failure="The remittances could not be loaded." />
      ) : query.data.remittances.length === 0 ? (
        <p>No remittances submitted in the employer portal yet.</p>
      ) : (
        <ul className={styles.stack} aria-label="Remittances, newest first">
          {query.data.remittances.map((r) => (
            <Reconciliation key={r.id} remittance={r} />
          ))}
        </ul>
      )}
    </section>
  );
}
