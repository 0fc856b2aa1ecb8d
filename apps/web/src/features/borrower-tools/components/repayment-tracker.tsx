import type { TPayDateRow } from '@payrail/contract/borrower-tools';
import type { TServicingLoan } from '@payrail/contract/servicing';
import { Alert } from '@payrail/ui/alert';
import { GLOSSARY } from '@payrail/ui/glossary';
import { Table } from '@payrail/ui/table';
import { formatCents, formatDate } from '@payrail/client/format';
import { useRepaymentTracker } from '../api/repayment-tracker';
import styles from './borrower-tools.module.css';
import { CardSection } from '../../../components/sections/card-section';

export const TRACKER_FAILED = 'We could not load your payroll deductions. Please try again later.';

const STATUS_LABEL: Record<TPayDateRow['status'], string> = {
  upcoming: 'Upcoming',
  received: 'Received',
  short: 'Short',
  waiting: 'Not arrived yet',
  in_suspense: 'Being matched',
  missing: 'Missing',
  covered: 'Covered by other payments',
};

const PROBLEM: ReadonlySet<TPayDateRow['status']> = new Set(['short', 'missing']);

/**
 * Payroll allotment tracker: for each pay date, what the employer should have remitted and what it did,
 * with the reason when short or missing and what to do. Shown only for loans repaid by allotment.
 */
export function RepaymentTracker({ loan }: { loan: TServicingLoan }) {
  const tracker = useRepaymentTracker(loan.id);
  // Most loans are not repaid by allotment: nothing shows until the answer says this one is.
  if (tracker.isPending) return null;
  if (tracker.isError) return <Alert kind="error">{TRACKER_FAILED}</Alert>;
  const data = tracker.data;
  if (!data.payroll) return null;
  const problems = data.pay_dates.filter((row) => PROBLEM.has(row.status)).length;
  return (
    <CardSection id={`tracker-${loan.id}`} title={GLOSSARY.places.payrollDeductions} className={styles.card}>
      <p className={styles.muted}>
        {data.employer
          ? `What ${data.employer} should send on each payday, and what we received.`
          : 'What your employer should send on each payday, and what we received.'}{' '}
        {problems === 0
          ? 'Everything due so far has arrived or is on its way.'
          : problems === 1
            ? '1 pay date needs your attention.'
            : `${problems} pay dates need your attention.`}
      </p>
      <Table
        caption="Payroll deductions by pay date"
        captionHidden
        rows={data.pay_dates}
        getRowKey={(row) => row.n}
        columns={[
          { key: 'date', header: 'Pay date', cell: (row) => formatDate(row.pay_date) },
          { key: 'expected', header: 'Expected', align: 'end', cell: (row) => formatCents(row.expected) },
          { key: 'received', header: 'Received', align: 'end', cell: (row) => formatCents(row.received) },
          {
            key: 'status',
            header: 'Status',
            cell: (row) => <span className={PROBLEM.has(row.status) ? styles.short : undefined}>{STATUS_LABEL[row.status]}</span>,
          },
          {
            key: 'why',
            header: 'Why, and what to do',
            cell: (row) =>
              row.reason || row.action ? (
                <>
                  {row.reason ? <span>{row.reason}</span> : null} {row.action ? <strong>{row.action}</strong> : null}
                </>
              ) : (
                '—'
              ),
          },
        ]}
      />
    </CardSection>
  );
}
