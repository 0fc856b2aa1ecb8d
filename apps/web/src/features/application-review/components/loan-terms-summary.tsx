import type { TLoanTerms } from '@payrail/contract/application';
import { formatCents, formatPercent } from '@payrail/client/format';
import { FREQUENCY_WORDS } from '../../../lib/frequency-words';
import styles from './review.module.css';

/** The loan terms block on top of the review (amounts in cents). */
export function LoanTermsSummary({ terms }: { terms: TLoanTerms }) {
  const rows: [string, string][] = [
    ['Loan amount', formatCents(terms.amount)],
    ['Payment', `${formatCents(terms.payment_per_term)} every ${FREQUENCY_WORDS[terms.term_frequency]}`],
    ['Number of payments', String(terms.terms)],
    ['Terms in months', String(terms.terms_in_months)],
    ['APR', formatPercent(terms.apr)],
    [terms.fee_label.charAt(0).toUpperCase() + terms.fee_label.slice(1), formatCents(terms.fee_amount)],
    ['Amount financed', formatCents(terms.amount_financed)],
    ['Total of payments', formatCents(terms.total_of_payments)],
  ];
  return (
    <section className={styles.terms} aria-labelledby="review-terms-title">
      <h2 id="review-terms-title" className={styles.termsTitle}>
        Your loan terms
      </h2>
      <dl className={styles.termsList}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.term}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
