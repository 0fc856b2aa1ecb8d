import { Link } from 'react-router';
import { Table } from '@payrail/ui/table';
import type { TableColumn } from '@payrail/ui/table';
import { PAYROLL_FREQUENCY_LABELS } from '@payrail/ui/labels';
import type { TBackofficeEmployer } from '@payrail/contract/employer-portal';
import { Badge } from '../../../components/badge';
import { humanize } from '../../../lib/labels';
import { useEmployers } from '../api/get-employers';
import { QueryFallback } from '@payrail/ui/query-fallback';

const columns: readonly TableColumn<TBackofficeEmployer>[] = [
  {
    key: 'name',
    header: 'Employer',
    cell: (e) => <Link to={`/employers/${e.id}`}>{e.name}</Link>,
  },
  { key: 'partnership', header: 'Partnership', cell: (e) => (e.partnership === 'b2b_partner' ? <Badge tone="success">B2B partner</Badge> : '—') },
  { key: 'type', header: 'Type', cell: (e) => humanize(e.employer_type) },
  { key: 'frequency', header: 'Pay frequency', cell: (e) => PAYROLL_FREQUENCY_LABELS[e.pay_frequency] },
  { key: 'users', header: 'Portal users', align: 'end', cell: (e) => String(e.active_users) },
  { key: 'invitations', header: 'Pending invitations', align: 'end', cell: (e) => String(e.pending_invitations) },
];

/** The Employers page's body: every listed employer, b2b partners first, with its portal accounts. */
export function EmployersList() {
  const employers = useEmployers();
  if (!employers.data) return <QueryFallback query={employers} loadingLabel="Loading the employers…" />;
  return (
    <Table
      caption="Employers, b2b partners first"
      columns={columns}
      rows={employers.data.employers}
      getRowKey={(e) => String(e.id)}
      emptyMessage="No employer is listed yet."
    />
  );
}
