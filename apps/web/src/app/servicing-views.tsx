import { lazy, Suspense, useMemo } from 'react';
import type { TServicingLoan } from '@payrail/contract/servicing';
import { Button } from '@payrail/ui/button';
import { GLOSSARY } from '@payrail/ui/glossary';
import { LoanManagerLink } from '../features/home/components/loan-manager-link';
import { useCardTokenizerConfig } from '../features/repayment/api/repayment';
import { tokenizerFor } from '../features/repayment/lib/card-tokenizer';
import { LoadingBlock, Spinner } from '@payrail/ui/spinner';
import { useBusinessDate } from '../features/servicing/api/get-business-date';
import { useLoanDocuments } from '../features/servicing/api/get-loan-documents';
import { usePaymentHistory } from '../features/servicing/api/get-payment-history';
import { PayoffLetter } from '../features/borrower-tools/components/payoff-letter';
import { RepaymentTracker } from '../features/borrower-tools/components/repayment-tracker';
import { WhatIfSimulator } from '../features/borrower-tools/components/what-if-simulator';
import type { RenderWhatIfChart } from '../features/borrower-tools/components/what-if-simulator';
import { saveBlob } from '../features/servicing/lib/save-file';
import { LoanCharts } from '../features/servicing/components/charts/loan-charts';
import { CreditBalance } from '../features/servicing/components/credit-balance';
import { usePaymentPlans } from '../features/payment-plans/api/payment-plans';
import { Alert } from '@payrail/ui/alert';
import { formatDate } from '@payrail/client/format';
import { CardSection, CollapsibleSections } from '../components/sections/card-section';
import { LoanDocuments } from '../features/servicing/components/loan-documents';
import { LoanProgress, LoanTerms } from '../features/servicing/components/loan-summary';
import { PaymentHistory } from '../features/servicing/components/payment-history';
import { PaymentsPage } from '../features/servicing/components/payments-page';
import { RefinanceStatus } from '../features/servicing/components/refinance-status';
import { navigate } from '@payrail/client/navigation';
import { agreementLink } from './agreement-links';
import styles from '../features/servicing/components/servicing.module.css';

// The chart library is loaded only when a chart is on screen.
const UplotChart = lazy(() => import('../features/servicing/components/charts/uplot-chart'));
const renderWhatIfChart: RenderWhatIfChart = (x, series) => (
  <Suspense fallback={<Spinner size="sm" label="Loading the chart" />}>
    <UplotChart x={x} series={series} />
  </Suspense>
);

/** After a payment the borrower goes to the dashboard (spec §4 Payments); the notification is already up. */
export function afterPayment() {
  navigate('/dashboard');
}

/** The payments page composed with the legal feature's disclosure link. */
export function Payments({ loan, headingLevel }: { loan: TServicingLoan | null; headingLevel?: 1 | 2 }) {
  // The card tokenizer the repayment feature loads (sandbox or Stripe.js), handed to the payments page.
  const config = useCardTokenizerConfig();
  const cardTokenizer = useMemo(() => (config.data ? tokenizerFor(config.data) : null), [config.data]);
  return (
    <PaymentsPage
      loan={loan}
      headingLevel={headingLevel}
      disclosureLink={agreementLink('auto_debit_disclosure', 'Auto Debit Disclosure')}
      onSent={afterPayment}
      cardTokenizer={cardTokenizer}
    />
  );
}

/** A payment plan the servicer proposed (docs/payment-plans.md): the borrower reviews and signs it on its page; a signed one stays linked. */
function PaymentPlanLink({ loanId }: { loanId: number }) {
  const plans = usePaymentPlans(loanId);
  const proposed = plans.data?.plans.find((p) => p.status === 'proposed');
  const accepted = plans.data?.plans.find((p) => p.status === 'accepted');
  if (proposed) {
    return (
      <Alert kind="info" title="A payment plan is waiting for you">
        We proposed a new payment plan for this loan. Review it and sign it by {formatDate(proposed.expires_on)}.{' '}
        <Button to={`/dashboard/loans/${loanId}/payment-plan`} variant="secondary" size="sm">
          Review the payment plan
        </Button>
      </Alert>
    );
  }
  if (accepted) {
    return (
      <div className={styles.actions}>
        <Button to={`/dashboard/loans/${loanId}/payment-plan`} variant="secondary">
          Your payment plan
        </Button>
      </div>
    );
  }
  return null;
}

/**
 * loanDetails (spec §2): progress (opened loans), charts, terms, refinance status, documents, payment
 * history, and for the opened loan the payments page.
 */
export function LoanDetails({ loan, applying }: { loan: TServicingLoan; applying: TServicingLoan | null }) {
  const payments = usePaymentHistory(loan.id);
  const documents = useLoanDocuments(loan.id);
  const opened = loan.loan_status === 'opened';
  const owing = opened || loan.loan_status === 'default';
  const businessDate = useBusinessDate(owing);
  // On a phone the sections collapse; the one that matters most starts open: the progress of a loan being
  // repaid (its next payment), the documents of a finished one.
  const firstOpen = useMemo(() => [opened ? `progress-${loan.id}` : 'loan-documents'], [opened, loan.id]);
  return (
    <CollapsibleSections defaultOpen={firstOpen}>
      <div className={styles.header}>
        <h1>{GLOSSARY.places.loansAndPayments}</h1>
        <Button to="/dashboard/loans-and-payments/loan-history" variant="secondary">
          Loan history
        </Button>
      </div>
      <LoanManagerLink />
      <CreditBalance loan={loan} />
      {owing ? <PaymentPlanLink loanId={loan.id} /> : null}
      {opened ? <LoanProgress loan={loan} /> : null}
      {opened ? (
        <div className={styles.actions}>
          <Button to={`/dashboard/loans-and-payments/${loan.id}/change-due-date`} variant="secondary">
            Change due date
          </Button>
        </div>
      ) : null}
      <LoanCharts loan={loan} payments={payments.data ?? []} />
      <LoanTerms loan={loan} />
      {opened ? <RefinanceStatus loan={loan} applying={applying} /> : null}
      <LoanDocuments documents={documents.data} identifier={loan.identifier} />
      <CardSection id="payment-history" title="Payment history" className={styles.card}>
        {payments.isPending ? <LoadingBlock label="Loading your payments…" /> : <PaymentHistory payments={payments.data ?? []} captionHidden />}
      </CardSection>
      {owing ? <RepaymentTracker loan={loan} /> : null}
      {owing && businessDate.data ? <PayoffLetter loan={loan} today={businessDate.data} save={saveBlob} /> : null}
      {owing && businessDate.data ? (
        <WhatIfSimulator
          loan={loan}
          today={businessDate.data}
          renderChart={renderWhatIfChart}
          disclosureLink={agreementLink('auto_debit_disclosure', 'Auto Debit Disclosure')}
        />
      ) : null}
      {opened ? <Payments loan={loan} /> : null}
    </CollapsibleSections>
  );
}
