import styles from './dashboard.module.css';

/** /dashboard/loans-and-payments (named route loansAndPayments). */
export function Component() {
  return (
    <>
      <h1>Loans &amp; Payments</h1>
      <section className={styles.note} aria-labelledby="loans-next">
        <h2 id="loans-next">Coming in the dashboard release</h2>
        <p>Your loans, payment history and one-time, auto-debit and payoff payments will be managed here.</p>
      </section>
    </>
  );
}
