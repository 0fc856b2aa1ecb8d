import { FactList } from '@payrail/ui/fact-list';
import { Table } from '@payrail/ui/table';
import type { TableColumn } from '@payrail/ui/table';
import { formatCents, formatDate, formatPercent } from '@payrail/client/format';
import type { TEsignature } from '../api/esignature-api';
import { frequencyLabel } from '../lib/signature';
import styles from './esignature.module.css';

type Terms = TEsignature['loan_terms'];
type Payment = Terms['schedule'][number];

const scheduleColumns: readonly TableColumn<Payment>[] = [
  { key: 'n', header: 'Payment', cell: (row) => row.n },
  { key: 'due', header: 'Due date', cell: (row) => formatDate(row.due_date) },
  { key: 'payment', header: 'Payment amount', align: 'end', cell: (row) => formatCents(row.payment_cents) },
  { key: 'principal', header: 'Principal', align: 'end', cell: (row) => formatCents(row.principal_cents) },
  { key: 'interest', header: 'Interest', align: 'end', cell: (row) => formatCents(row.interest_cents) },
  { key: 'balance', header: 'Balance', align: 'end', cell: (row) => formatCents(row.balance_cents) },
];

/** Which repay method the figures are priced for: choosing it changed the price (issue #17), so it is said again before signing. */
const PRICED_FOR: Record<NonNullable<Terms['payment_method']>, string> = {
  split_direct_deposit: 'These terms are priced for repayment by split direct deposit from your paycheck (the price depends on how you repay).',
  auto_debit: 'These terms are priced for repayment by Auto-Debit ACH (the price depends on how you repay).',
  one_times: 'These terms are priced for paying each installment online (the price depends on how you repay).',
};

/** The Truth-in-Lending disclosure, the loan details and the payment schedule the borrower signs. */
export function LoanTermsReview({ terms }: { terms: Terms }) {
  const boxes = [
    { id: 'apr', title: 'Annual Percentage Rate', value: formatPercent(terms.apr), text: 'The cost of your credit as a yearly rate.' },
    { id: 'finance', title: 'Finance Charge', value: formatCents(terms.finance_charge_cents), text: 'The dollar amount the credit will cost you.' },
    {
      id: 'financed',
      title: 'Amount Financed',
      value: formatCents(terms.amount_financed_cents),
      text: 'The amount of credit provided to you or on your behalf.',
    },
    {
      id: 'total',
      title: 'Total of Payments',
      value: formatCents(terms.total_of_payments_cents),
      text: 'The amount you will have paid after you have made all payments as scheduled.',
    },
  ];
  return (
    <section className={styles.section} aria-labelledby="esign-terms-title">
      <h2 id="esign-terms-title">Review your loan terms</h2>
      {terms.payment_method ? <p className={styles.pricedFor}>{PRICED_FOR[terms.payment_method]}</p> : null}
      <dl className={styles.tila} aria-label="Truth-in-Lending disclosure">
        {boxes.map((box) => (
          <div key={box.id} className={styles.tilaBox}>
            <dt>
              <span className={styles.tilaTitle}>{box.title}</span>
              <span className={styles.tilaText}>{box.text}</span>
            </dt>
            <dd className={styles.tilaValue}>{box.value}</dd>
          </div>
        ))}
      </dl>
      <FactList
        className={styles.details}
        facts={[
          { label: 'Loan amount', value: formatCents(terms.amount_cents) },
          {
            label: terms.fee_label.charAt(0).toUpperCase() + terms.fee_label.slice(1),
            value: `${formatCents(terms.fee_cents)}${terms.fee_financed ? ' (financed)' : ''}`,
          },
          { label: 'Payment', value: `${formatCents(terms.payment_per_term_cents)} ${frequencyLabel(terms.term_frequency)}` },
          { label: 'Number of payments', value: terms.number_of_payments },
          { label: 'Interest rate', value: formatPercent(terms.interest_rate) },
          { label: 'Disbursement date', value: formatDate(terms.disbursement_date) },
          { label: 'First payment date', value: formatDate(terms.first_payment_date) },
        ]}
      />
      <Table caption="Payment schedule" columns={scheduleColumns} rows={terms.schedule} getRowKey={(row) => row.n} maxHeight="28rem" />
    </section>
  );
}
