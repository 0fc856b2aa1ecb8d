import { useState } from 'react';
import { ZLoanOfferData } from '@payrail/contract/newflow';
import type { TLoanOffer } from '@payrail/contract/newflow';
import type { z } from 'zod';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { RadioCards } from '@payrail/ui/radio-cards';
import { formatCents } from '@payrail/client/format';
import { useStepData, useSubmitStep } from '../api/steps';
import { StepCard } from './step-card';
import { StepGate } from './step-states';
import styles from './newflow.module.css';

type OfferData = z.infer<typeof ZLoanOfferData>;
type ListName = 'split_direct_deposit' | 'auto_debit' | 'one_times';

const FREQUENCY: Readonly<Record<TLoanOffer['term_frequency'], string>> = { weekly: 'week', biweekly: 'two weeks', semimonthly: 'half month', monthly: 'month' };
export const LIST_TITLES: Readonly<Record<ListName, string>> = { split_direct_deposit: 'Split direct deposit', auto_debit: 'Auto-debit (ACH)', one_times: 'One-time offers' };

/** Rates with 2 decimals and % (newflow §9 "APR 2 decimals with %"). */
export function percent(rate: string): string {
  const value = Number(rate);
  return Number.isFinite(value) ? `${value.toFixed(2)}%` : `${rate}%`;
}

export function offerKey(list: ListName, index: number): string {
  return `${list}:${index}`;
}

function OfferDescription({ offer }: { offer: TLoanOffer }) {
  return (
    <dl className={styles.summary}>
      <dt>Payment</dt>
      <dd>
        {formatCents(offer.fixed_payment_amount)} every {FREQUENCY[offer.term_frequency]}
      </dd>
      <dt>Payments</dt>
      <dd>
        {offer.terms} over {offer.terms_in_months} months
      </dd>
      <dt>Interest rate</dt>
      <dd>{percent(offer.interest_rate)}</dd>
      <dt>APR</dt>
      <dd>{percent(offer.apr)}</dd>
      <dt>Fee</dt>
      <dd>{formatCents(offer.fee_amount)}</dd>
      <dt>Finance charge</dt>
      <dd>{formatCents(offer.finance_charge)}</dd>
      <dt>Total of payments</dt>
      <dd>{formatCents(offer.total_of_payments)}</dd>
    </dl>
  );
}

function Offers({ data }: { data: OfferData }) {
  const { submit, pending } = useSubmitStep();
  const [chosen, setChosen] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const lists = (['split_direct_deposit', 'auto_debit', 'one_times'] as const).filter((name) => data[name].length > 0);

  const send = async () => {
    if (!chosen) return;
    const [list, index] = chosen.split(':') as [ListName, string];
    const offer = data[list][Number(index)];
    if (!offer) return;
    setMessage(null);
    const outcome = await submit({ workflow_status_key: 'loan_offer', isAutodebit: list !== 'split_direct_deposit', payment: offer.fixed_payment_amount, amount: offer.amount, terms: offer.terms });
    if (outcome.kind === 'invalid') setMessage(outcome.message ?? Object.values(outcome.fieldErrors)[0] ?? null);
  };

  if (lists.length === 0) {
    return (
      <StepCard title="Your loan offers">
        <Alert kind="info">We have no offer for you right now. Please contact us.</Alert>
      </StepCard>
    );
  }
  return (
    <StepCard title="Your loan offers" lead="Choose the offer that suits you. Every figure is final and shown in your loan agreement.">
      {data.discount_percentage > 0 ? <Alert kind="success">Split direct deposit offers come with a {data.discount_percentage.toFixed(2)}% lower interest rate.</Alert> : null}
      {message ? (
        <Alert kind="error" assertive>
          {message}
        </Alert>
      ) : null}
      {lists.map((list) => (
        <RadioCards
          key={list}
          legend={list === 'split_direct_deposit' && data.discount_percentage > 0 ? `${LIST_TITLES[list]} (lower interest rate)` : LIST_TITLES[list]}
          name="offer"
          columns={1}
          options={data[list].map((offer, index) => ({ value: offerKey(list, index), label: `${formatCents(offer.amount)}${offer.special ? ' · Special offer' : ''}`, description: <OfferDescription offer={offer} /> }))}
          value={chosen && chosen.startsWith(`${list}:`) ? chosen : null}
          onChange={setChosen}
        />
      ))}
      <div className={styles.actions}>
        <Button size="lg" fullWidth disabled={!chosen} loading={pending} onClick={() => void send()}>
          Accept this offer
        </Button>
      </div>
    </StepCard>
  );
}

/** loan_offer (newflow §2, §3): the split_direct_deposit, auto_debit and one_times lists and the discount; sends `{isAutodebit, payment, amount}`. */
export function LoanOffer() {
  const query = useStepData('loan_offer', ZLoanOfferData);
  return <StepGate query={query} title="Your loan offers">{(data) => <Offers data={data} />}</StepGate>;
}
