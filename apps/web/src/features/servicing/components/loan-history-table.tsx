import { Link } from 'react-router';
import type { TServicingLoan } from '@payrail/contract/servicing';
import { Table } from '@payrail/ui/table';
import type { TableColumn } from '@payrail/ui/table';
import { formatCents, formatDate, formatLoanIdentifier } from '@payrail/client/format';
import { loanStatusLabel } from '../lib/servicing-format';

/** The path of a loan's details (named route loanDetails). */
export const loanDetailsPath = (identifier: string) => `/dashboard/loans-and-payments/loan-history/${encodeURIComponent(identifier)}`;

const COLUMNS: readonly TableColumn<TServicingLoan>[] = [
  {
    key: 'identifier',
    header: 'Loan number',
    cell: (loan) =>
      loan.loan_status === 'pending' ? (
        formatLoanIdentifier(loan.identifier)
      ) : (
        <Link to={loanDetailsPath(loan.identifier)}>
          <span className="visually-hidden">Loan </span>
          {formatLoanIdentifier(loan.identifier)}
        </Link>
      ),
  },
  { key: 'status', header: 'Status', cell: (loan) => loanStatusLabel(loan.loan_status) },
  { key: 'amount', header: 'Amount', align: 'end', cell: (loan) => formatCents(loan.amount) },
  { key: 'payment', header: 'Payment', align: 'end', cell: (loan) => formatCents(loan.payment_per_term) },
  { key: 'effective', header: 'Effective date', cell: (loan) => formatDate(loan.effective_date) },
  { key: 'balance', header: 'Principal balance', align: 'end', cell: (loan) => formatCents(loan.principal_balance) },
];

/** Loans of the borrower; rows become cards on small screens (compact table). */
export function LoanHistoryTable({
  loans,
  caption = 'Loan history',
  captionHidden,
}: {
  loans: readonly TServicingLoan[];
  caption?: string;
  captionHidden?: boolean;
}) {
  return <Table caption={caption} captionHidden={captionHidden} columns={COLUMNS} rows={loans} getRowKey={(loan) => loan.id} emptyMessage="No loans yet." />;
}
