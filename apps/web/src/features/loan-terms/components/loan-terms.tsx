import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import type { TLoanTerms } from '@payrail/contract/application';
import { Container } from '@payrail/ui/container';
import { Alert } from '@payrail/ui/alert';
import { Checkbox } from '@payrail/ui/checkbox';
import { Form } from '@payrail/ui/form';
import { Select } from '@payrail/ui/select';
import { LoadingBlock } from '@payrail/ui/spinner';
import { StepActions } from '@payrail/ui/step-actions';
import { notify } from '@payrail/ui/toast/notify';
import { formatCents, formatDate, formatPercent } from '@payrail/client/format';
import { isApiError } from '@payrail/client/http-client';
import { useLoanTerms } from '../../../api/get-loan-terms';
import { useAssociateTermsConsent } from '../api/associate-terms-consent';
import { useLoanEligibilityConsent } from '../api/get-loan-eligibility-consent';
import { feeName, frequencyName, frequencyWord, months } from '../lib/loan-figures';
import { CONSENT_NEEDED, loanTermsFormSchema } from './loan-terms.schema';
import styles from './loan-terms.module.css';

export interface LoanTermsProps {
  /** The borrower's state (id or abbreviation) for the eligibility consent document. */
  state: string | null;
  /** Consent recorded: move on (loan_terms → bank_link, loan_amount_changed → ready_for_review). */
  onContinue: () => Promise<unknown>;
  /** A call was refused with the server's current status; true when the page moved. */
  onRefused: (error: unknown) => boolean;
  onBack?: () => void;
  backPending?: boolean;
  /** The page title: "Loan Terms", or "Refinance Terms" for a refinance. */
  title?: string;
}

const silentStatus = (error: unknown) => isApiError(error) && (error.status === 401 || error.status === 403 || error.status === 503);

function Figure({ term, children, strong }: { term: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className={strong ? `${styles.figure} ${styles.strong}` : styles.figure}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The eligibility consent of the borrower's state, opened in a new window. */
function EligibilityConsentLink({ state }: { state: string | null }) {
  const consent = useLoanEligibilityConsent(state);
  const label = consent.data?.title ?? 'Consent for Loan Eligibility';
  if (!consent.data) return <span>the Consent for Loan Eligibility</span>;
  return (
    <>
      the{' '}
      <a href={consent.data.file_url} target="_blank" rel="noopener noreferrer">
        {label}
        <span className="visually-hidden"> (opens in a new window)</span>
      </a>
    </>
  );
}

function TermsFigures({ terms }: { terms: TLoanTerms }) {
  return (
    <>
      <dl className={styles.figures} aria-label="Your loan terms">
        <Figure term="Payment" strong>
          {formatCents(terms.payment_per_term)} <span className={styles.per}>per {frequencyWord(terms.term_frequency)}</span>
        </Figure>
        <Figure term="Payment frequency">{frequencyName(terms.term_frequency)}</Figure>
        <Figure term="Number of payments">{terms.terms}</Figure>
        <Figure term="Term">{months(terms.terms_in_months)}</Figure>
        <Figure term="APR">{formatPercent(terms.apr)}</Figure>
        <Figure term={feeName(terms)}>
          {formatCents(terms.fee_amount)}
          {terms.fee_not_financed && terms.fee_amount > 0 ? <span className={styles.per}> (withheld from the amount you receive)</span> : null}
        </Figure>
        <Figure term="First payment date">{formatDate(terms.first_payment_date)}</Figure>
      </dl>
      {/* The total has one meaning on every page: the disclosure's Total of payments (and Amount financed),
          named as the review names them — not "Total loan amount" for amount + fee here and the total of
          payments there. */}
      <section className={styles.tila} aria-labelledby="tila-title">
        <h2 id="tila-title" className={styles.tilaTitle}>
          Truth in Lending disclosure
        </h2>
        <dl className={styles.tilaGrid}>
          <div>
            <dt>Annual percentage rate</dt>
            <dd>{formatPercent(terms.apr)}</dd>
            <dd className={styles.tilaHint}>The cost of your credit as a yearly rate.</dd>
          </div>
          <div>
            <dt>Finance charge</dt>
            <dd>{formatCents(terms.finance_charge)}</dd>
            <dd className={styles.tilaHint}>The dollar amount the credit will cost you.</dd>
          </div>
          <div>
            <dt>Amount financed</dt>
            <dd>{formatCents(terms.amount_financed)}</dd>
            <dd className={styles.tilaHint}>The amount of credit provided to you or on your behalf.</dd>
          </div>
          <div>
            <dt>Total of payments</dt>
            <dd>{formatCents(terms.total_of_payments)}</dd>
            <dd className={styles.tilaHint}>What you will have paid after all payments are made as scheduled.</dd>
          </div>
        </dl>
      </section>
    </>
  );
}

/**
 * Loan terms (spec §2, §4, §9): the amount (a choice among `amount_options`, re-priced by the server),
 * the payment, number of payments, months, APR, fee and total; a consent to the state's loan
 * eligibility terms gates Continue, which records the consent and moves on.
 */
/**
 * A refinance's money (classic §2 "Refinance terms"): the previous loan's balance (its payoff on the
 * disbursement date), the new loan amount and what is paid to the borrower: amount − payoff − fee not financed.
 */
function RefinanceFigures({ terms, payoff }: { terms: TLoanTerms; payoff: number }) {
  const feeWithheld = terms.fee_not_financed ? terms.fee_amount : 0;
  return (
    <dl className={styles.figures} aria-label="Your refinance">
      <Figure term="Previous loan balance">{formatCents(payoff)}</Figure>
      <Figure term="New loan amount">{formatCents(terms.amount)}</Figure>
      <Figure term="Amount paid to you" strong>
        {formatCents(terms.amount - payoff - feeWithheld)}
      </Figure>
    </dl>
  );
}

export function LoanTerms({ state, onContinue, onRefused, onBack, backPending, title = 'Loan Terms' }: LoanTermsProps) {
  const [amount, setAmount] = useState<number | undefined>(undefined);
  const loan = useLoanTerms(amount);
  const associate = useAssociateTermsConsent();
  const terms = loan.data;
  const repricing = loan.isFetching && loan.isPlaceholderData;
  const [amountError, setAmountError] = useState<string | undefined>();
  const failed = loan.error && !silentStatus(loan.error) ? loan.error : null;
  // A refused amount goes back to the stored choice and says why on the amount field.
  const refusedAmount =
    failed && amount !== undefined ? (isApiError(failed) && (failed.fieldError('amount') ?? failed.serverMessage)) || 'This amount is not available.' : null;
  useEffect(() => {
    if (refusedAmount === null) return;
    setAmountError(refusedAmount);
    setAmount(undefined);
  }, [refusedAmount]);
  const loadError = failed && amount === undefined ? failed : null;
  // Nothing is pre-selected (least of all the maximum): the borrower picks an amount, then sees its terms.
  const choosing = terms !== undefined && terms.amount_options.length > 1 && amount === undefined;
  const blocked = !terms || repricing || choosing;

  const proceed = async () => {
    if (blocked) return;
    try {
      await associate.mutateAsync();
      await onContinue();
    } catch (error) {
      if (silentStatus(error) || onRefused(error)) return;
      notify.error(isApiError(error) ? (error.serverMessage ?? error.message) : 'We could not record your consent. Please try again.');
    }
  };

  return (
    <Container width="narrow" className={styles.page}>
      <section className={styles.card} aria-labelledby="loan-terms-title" aria-busy={repricing || undefined}>
        <h1 id="loan-terms-title">{title}</h1>
        {terms?.change_message ? <Alert kind="info">{terms.change_message}</Alert> : null}
        {loadError ? (
          <Alert kind="error">{(isApiError(loadError) && loadError.serverMessage) || 'We could not load your loan terms. Please reload the page.'}</Alert>
        ) : null}
        {!terms && !loadError ? <LoadingBlock label="Loading your loan terms…" /> : null}
        {terms ? (
          <Form className={styles.form} aria-label="Loan terms" schema={loanTermsFormSchema} options={{ defaultValues: { consent: false } }} onSubmit={proceed}>
            {({ register, setValue, watch, formState: { isSubmitting } }) => {
              const consent = watch('consent');
              return (
                <>
                  <div className={styles.amount}>
                    {terms.amount_options.length > 1 ? (
                      <Select
                        label="Loan amount"
                        hint="Choose how much you want to borrow; your terms update."
                        options={terms.amount_options.map((option) => ({ value: String(option), label: formatCents(option) }))}
                        placeholder="Choose an amount"
                        value={amount === undefined ? '' : String(amount)}
                        onChange={(event) => {
                          setAmount(Number(event.target.value));
                          setAmountError(undefined);
                          setValue('consent', false);
                        }}
                        error={amountError}
                      />
                    ) : (
                      <dl className={styles.figures}>
                        <Figure term="Loan amount" strong>
                          {formatCents(terms.amount)}
                        </Figure>
                      </dl>
                    )}
                    <p className={styles.status} aria-live="polite">
                      {repricing ? 'Updating your terms…' : ''}
                    </p>
                  </div>
                  {choosing ? (
                    <p className={styles.hint}>Choose an amount to see your payment, APR and total of payments.</p>
                  ) : (
                    <>
                      {terms.payoff_amount !== null ? <RefinanceFigures terms={terms} payoff={terms.payoff_amount} /> : null}
                      <TermsFigures terms={terms} />
                    </>
                  )}
                  <Checkbox
                    disabled={choosing}
                    label={
                      <>
                        I agree to these loan terms and to <EligibilityConsentLink state={state} />.
                      </>
                    }
                    {...register('consent')}
                  />
                  <StepActions
                    disabled={!consent || blocked}
                    pending={isSubmitting}
                    hint={consent ? null : CONSENT_NEEDED}
                    onBack={onBack}
                    backPending={backPending}
                  />
                </>
              );
            }}
          </Form>
        ) : null}
      </section>
    </Container>
  );
}
