import { Button } from '@payrail/ui/button';
import { BRAND } from '../../../lib/brand';
import { formatCents, formatPercent } from '@payrail/client/format';
import { useRepresentativeExample } from '../api/representative-example';
import styles from './landing-page.module.css';

const steps = [
  { title: 'Check your rate', text: 'Tell us where you work and how much you need. It takes a few minutes.' },
  { title: 'Verify and apply', text: 'Confirm your e-mail and mobile phone, connect your bank account and upload your documents.' },
  { title: 'Sign online', text: 'Review your loan agreement, sign it electronically and track everything from your dashboard.' },
] as const;

const repayment = [
  {
    title: 'From your paycheck',
    text: 'A payroll allotment, also called a split direct deposit, sends a fixed part of each paycheck to your loan. The rest reaches your bank account as usual.',
  },
  {
    title: 'By automatic debit',
    text: 'Prefer your bank account? Each payment is debited automatically on its due date, so you never have to remember it.',
  },
] as const;

function FlowIcon({ kind }: { kind: 'paycheck' | 'loan' | 'bank' }) {
  const paths = {
    paycheck: 'M4 7h16v10H4zM8 12h.01M16 12h.01M12 10a2 2 0 110 4 2 2 0 010-4z',
    loan: 'M5 12l4 4 10-10',
    bank: 'M3 10l9-6 9 6M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 20h18',
  } as const;
  return (
    <svg viewBox="0 0 24 24" className={styles.flowIcon} aria-hidden="true" focusable="false">
      <path d={paths[kind]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

const EVERY: Record<string, string> = { weekly: 'every week', biweekly: 'every two weeks', semimonthly: 'twice a month', monthly: 'every month' };

/**
 * The representative example lenders must give when they advertise terms: APR range, amounts, terms and
 * one worked example — every figure computed by the loan engine from today's pricing (no copy to go stale).
 */
function RepresentativeExample() {
  const { data, isError } = useRepresentativeExample();
  return (
    <section className={styles.section} aria-labelledby="example-title">
      <div className={styles.sectionInner}>
        <h2 id="example-title" className={styles.sectionTitle}>
          Rates and a representative example
        </h2>
        {isError ? (
          <p>Our current rates could not be loaded. Call us at {BRAND.supportPhone} to hear them.</p>
        ) : !data ? (
          <p aria-busy="true">Loading our current rates…</p>
        ) : (
          <div className={styles.example}>
            <p>
              APR from <strong>{formatPercent(data.apr_min)}</strong> to <strong>{formatPercent(data.apr_max)}</strong>. Loans of {formatCents(data.amount_min)}{' '}
              to {formatCents(data.amount_max)}, repaid over {data.term_months_min} to {data.term_months_max} months. Your rate depends on your employer, the
              amount, how you repay (payroll repayment has the lower rate) and your state.
            </p>
            <p>
              <strong>Example:</strong> borrow {formatCents(data.example.amount)} with a {data.example.fee_label} of {formatCents(data.example.fee_amount)}
              {data.example.fee_financed ? ' added to the loan' : ' withheld from the amount you receive'}, at an interest rate of{' '}
              {formatPercent(data.example.interest_rate)}. You make {data.example.number_of_payments} payments of {formatCents(data.example.payment_per_term)}{' '}
              {EVERY[data.example.term_frequency]} over {data.example.terms_in_months} months
              {data.example.final_payment !== data.example.payment_per_term ? ` (the last one ${formatCents(data.example.final_payment)})` : ''}. Amount
              financed {formatCents(data.example.amount_financed)}, finance charge {formatCents(data.example.finance_charge)}, total of payments{' '}
              {formatCents(data.example.total_of_payments)}: <strong>APR {formatPercent(data.example.apr)}</strong>.
            </p>
          </div>
        )}
      </div>
    </section>
  );
}

/** The visitor's entry page: what Payrail is and the two ways in. */
export function LandingPage() {
  return (
    <>
      <section className={styles.hero} aria-labelledby="hero-title">
        <div className={styles.heroInner}>
          <div className={styles.heroText}>
            <p className={styles.eyebrow}>Employer-based installment loans</p>
            <h1 id="hero-title" className={styles.heroTitle}>
              A loan that works with your paycheck
            </h1>
            <p className={styles.lead}>
              {BRAND.name} offers installment loans to employees through their employers. You borrow a set amount and repay it in fixed payments, straight from
              your paycheck or by automatic debit.
            </p>
            <div className={styles.ctas}>
              <Button to="/signup" size="lg">
                Check your rate
              </Button>
              <Button to="/signin" size="lg" variant="secondary">
                Sign in
              </Button>
            </div>
            <p className={styles.smallPrint}>Loans are made by {BRAND.lender}</p>
          </div>

          <figure className={styles.flowCard} aria-labelledby="flow-caption">
            <figcaption id="flow-caption" className={styles.flowCaption}>
              Repaying through payroll
            </figcaption>
            <ol className={styles.flowList}>
              <li>
                <FlowIcon kind="paycheck" />
                <span>Your paycheck is paid</span>
              </li>
              <li>
                <FlowIcon kind="loan" />
                <span>Your fixed loan payment goes to your loan first</span>
              </li>
              <li>
                <FlowIcon kind="bank" />
                <span>The rest arrives in your bank account as usual</span>
              </li>
            </ol>
          </figure>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="how-title">
        <div className={styles.sectionInner}>
          <h2 id="how-title" className={styles.sectionTitle}>
            How it works
          </h2>
          <ol className={styles.steps}>
            {steps.map((step, index) => (
              <li key={step.title} className={styles.step}>
                <span className={styles.stepNumber} aria-hidden="true">
                  {index + 1}
                </span>
                <h3 className={styles.stepTitle}>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className={`${styles.section} ${styles.sectionAlt}`} aria-labelledby="repay-title">
        <div className={styles.sectionInner}>
          <h2 id="repay-title" className={styles.sectionTitle}>
            Two ways to repay
          </h2>
          <div className={styles.cards}>
            {repayment.map((option) => (
              <article key={option.title} className={styles.card}>
                <h3>{option.title}</h3>
                <p>{option.text}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <RepresentativeExample />

      <section className={styles.section} aria-labelledby="trust-title">
        <div className={styles.sectionInner}>
          <h2 id="trust-title" className={styles.sectionTitle}>
            Why borrowers choose {BRAND.name}
          </h2>
          <ul className={styles.trust}>
            <li>
              <h3>A bank behind every loan</h3>
              <p>Your loan is made by {BRAND.lender}, and your terms are in writing before you sign.</p>
            </li>
            <li>
              <h3>Your information is protected</h3>
              <p>Everything you send us travels over a 2048-bit SSL connection.</p>
            </li>
            <li>
              <h3>People who pick up the phone</h3>
              <p>
                Questions? Call customer service at <a href={BRAND.supportPhoneHref}>{BRAND.supportPhone}</a>.
              </p>
            </li>
          </ul>
        </div>
      </section>

      <section className={styles.band} aria-labelledby="band-title">
        <div className={styles.bandInner}>
          <h2 id="band-title" className={styles.bandTitle}>
            See what you can borrow
          </h2>
          <Button to="/signup" size="lg" className={styles.bandButton}>
            Check your rate
          </Button>
        </div>
      </section>
    </>
  );
}
