import { Link } from 'react-router';
import type { TServicingLoan } from '@payrail/contract/servicing';
import { formatCents, formatDate, formatLoanIdentifier, formatPercent } from '@payrail/client/format';
import { loanStatusLabel, percentPaid, termFrequencyLabel } from '../lib/servicing-format';
import { CardSection } from '../../../components/sections/card-section';
import { ProgressCircle } from './progress-circle';
import styles from './servicing.module.css';

/**
 * "Next payment $X on MM/DD/YYYY": the server's next payment (the schedule of record's installment plus
 * what is past due, integer cents). Nothing when the answer has none (nothing due, an older answer).
 */
export function NextPayment({ loan }: { loan: TServicingLoan }) {
  const next = loan.next_payment;
  if (!next) return null;
  return (
    <p className={styles.nextPayment} data-testid="next-payment">
      Next payment <strong>{formatCents(next.amount)}</strong>
      {next.due_date ? (
        <>
          {' '}
          on <strong>{formatDate(next.due_date)}</strong>
        </>
      ) : (
        ', due now'
      )}
    </p>
  );
}

/** The progress of an opened loan: ring (percent of the total of payments paid) and the balances. */
export function LoanProgress({ loan, headingLevel = 2 }: { loan: TServicingLoan; headingLevel?: 2 | 3 }) {
  const percent = percentPaid(loan.paid_amount, loan.total_of_payments);
  return (
    <CardSection id={`progress-${loan.id}`} title="Loan progress" headingLevel={headingLevel} className={styles.card}>
      <NextPayment loan={loan} />
      <div className={styles.progress}>
        <ProgressCircle percent={percent} />
        <dl className={styles.facts}>
          <dt>Paid so far</dt>
          <dd>{formatCents(loan.paid_amount)}</dd>
          <dt>Total of payments</dt>
          <dd>{formatCents(loan.total_of_payments)}</dd>
          <dt>Principal balance</dt>
          <dd>{formatCents(loan.principal_balance)}</dd>
          <dt>Payoff today</dt>
          <dd>{formatCents(loan.outstanding_balance)}</dd>
          <dt>Next due date</dt>
          <dd>{loan.due_date ? formatDate(loan.due_date) : 'Nothing due'}</dd>
          <dt>Payments made</dt>
          <dd>
            {loan.total_allotments_paid} of {loan.terms}
          </dd>
          {loan.days_past_due > 0 ? (
            <>
              <dt>Past due</dt>
              <dd className={styles.pastDue}>{loan.days_past_due === 1 ? '1 day' : `${loan.days_past_due} days`}</dd>
            </>
          ) : null}
        </dl>
      </div>
      {loan.loan_status === 'opened' ? (
        <p>
          <Link to={`/dashboard/loans/${loan.id}/hardship`}>Having trouble paying? Request hardship help</Link>
        </p>
      ) : null}
    </CardSection>
  );
}

/** Loan terms (§3 Loan fields), money as dollars, rates with two decimals, dates MM/DD/YYYY. */
export function LoanTerms({ loan }: { loan: TServicingLoan }) {
  return (
    <CardSection id={`terms-${loan.id}`} title="Loan terms" className={styles.card}>
      <dl className={styles.facts}>
        <dt>Loan number</dt>
        <dd>{formatLoanIdentifier(loan.identifier)}</dd>
        <dt>Status</dt>
        <dd>{loanStatusLabel(loan.loan_status)}</dd>
        <dt>Amount</dt>
        <dd>{formatCents(loan.amount)}</dd>
        <dt>{loan.fee_label}</dt>
        <dd>{formatCents(loan.fee_amount)}</dd>
        <dt>Interest rate</dt>
        <dd>{formatPercent(loan.interest_rate)}</dd>
        <dt>APR</dt>
        <dd>{formatPercent(loan.apr)}</dd>
        <dt>Payment</dt>
        <dd>
          {formatCents(loan.payment_per_term)} {termFrequencyLabel(loan.term_frequency).toLowerCase()}
        </dd>
        <dt>Number of payments</dt>
        <dd>{loan.number_of_allotments}</dd>
        <dt>Term</dt>
        <dd>{loan.terms_in_months === 1 ? '1 month' : `${loan.terms_in_months} months`}</dd>
        <dt>Finance charge</dt>
        <dd>{formatCents(loan.finance_charge)}</dd>
        <dt>Total of payments</dt>
        <dd>{formatCents(loan.total_of_payments)}</dd>
        <dt>Effective date</dt>
        <dd>{formatDate(loan.effective_date)}</dd>
      </dl>
    </CardSection>
  );
}
