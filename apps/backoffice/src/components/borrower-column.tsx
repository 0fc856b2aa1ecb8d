import { Link } from 'react-router';
import type { TableColumn } from '@payrail/ui/table';
import type { TQueueItem } from '@payrail/contract/backoffice';

/** An application list's first column: the borrower's name (or "Applicant #id") linked to the application, the e-mail under it. */
export const borrowerColumn: TableColumn<TQueueItem> = {
  key: 'name',
  header: 'Borrower',
  cell: (row) => (
    <>
      <Link to={`/applications/${row.user_id}`}>{row.name || `Applicant #${row.user_id}`}</Link>
      <br />
      <small>{row.email}</small>
    </>
  ),
};
