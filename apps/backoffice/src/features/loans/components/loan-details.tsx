import { Alert } from '@payrail/ui/alert';
import { Spinner } from '@payrail/ui/spinner';
import { Table } from '@payrail/ui/table';
import type { TableColumn } from '@payrail/ui/table';
import { formatCents, formatDate, formatPercent } from '@payrail/client/format';
import type { TInstallment, TLoanDetailResponse } from '@payrail/contract/backoffice';
import { useLoan } from '../api/get-loan';
import { formatDateTime, humanize } from '../../../lib/labels';
import styles from '@payrail/ui/styles/staff-page.module.css';
import { installmentColumns } from '../../../components/installment-columns';

const scheduleColumns = installmentColumns<TInstallment>();

type Disbursement = TLoanDetailResponse['disbursements'][number];
const disbursementColumns: TableColumn<Disbursement>[] = [
  { key: 'at', header: 'Created', cell: (r) => formatDateTime(r.created_at) },
  { key: 'amount', header: 'Amount', align: 'end', cell: (r) => formatCents(r.amount) },
  { key: 'status', header: 'Status', cell: (r) => humanize(r.status) },
  { key: 'trace', header: 'Trace id', cell: (r) => <span className={styles.mono}>{r.trace_id}</span> },
];

/**
 * The loan's terms, then (unless `termsOnly`: the loan page, whose servicing section lists the schedule
 * with what is unpaid and the disbursements with their returns) its schedule and disbursements.
 */
export function LoanSummary({ data, headingLevel = 3, termsOnly = false }: { data: TLoanDetailResponse; headingLevel?: 2 | 3; termsOnly?: boolean }) {
  const { loan, installments, disbursements } = data;
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={styles.stack}>
      <dl className={styles.dl}>
        <dt>Loan number</dt>
        <dd className={styles.mono}>{loan.identifier}</dd>
        <dt>Status</dt>
        <dd>{humanize(loan.status)}</dd>
        <dt>Amount</dt>
        <dd>{formatCents(loan.amount)}</dd>
        <dt>Fee</dt>
        <dd>{formatCents(loan.fee)}</dd>
        <dt>Interest rate</dt>
        <dd>{formatPercent(loan.interest_rate)}</dd>
        <dt>APR</dt>
        <dd>{formatPercent(loan.apr)}</dd>
        <dt>Payments</dt>
        <dd>
          {loan.terms} × {humanize(loan.frequency).toLowerCase()}
        </dd>
        <dt>Disbursement date</dt>
        <dd>{formatDate(loan.disbursement_date)}</dd>
        <dt>First payment</dt>
        <dd>{formatDate(loan.first_payment_date)}</dd>
        <dt>Finance charge</dt>
        <dd>{formatCents(loan.finance_charge)}</dd>
        <dt>Total of payments</dt>
        <dd>{formatCents(loan.total_of_payments)}</dd>
      </dl>
      {termsOnly ? null : (
        <>
          <H>Payment schedule</H>
          <Table
            caption={`Payment schedule of loan ${loan.identifier}`}
            captionHidden
            columns={scheduleColumns}
            rows={installments}
            getRowKey={(r) => r.n}
            emptyMessage="No installments."
          />
          <H>Disbursements</H>
          <Table
            caption={`Disbursements of loan ${loan.identifier}`}
            captionHidden
            columns={disbursementColumns}
            rows={disbursements}
            getRowKey={(r) => r.id}
            emptyMessage="No disbursement yet."
          />
        </>
      )}
    </div>
  );
}

/** GET /loans/:loanId rendered: terms, schedule and disbursements. */
export function LoanDetails({ loanId, headingLevel, termsOnly }: { loanId: number; headingLevel?: 2 | 3; termsOnly?: boolean }) {
  const loan = useLoan(loanId);
  if (loan.isPending) return <Spinner label="Loading the loan…" />;
  if (loan.isError) return <Alert kind="error">We could not load the loan.</Alert>;
  return <LoanSummary data={loan.data} headingLevel={headingLevel} termsOnly={termsOnly} />;
}
