import { useState } from 'react';
import type { ReactNode } from 'react';
import { NEWFLOW_MSG, ZLoanOfferData } from '@payrail/contract/newflow';
import type { TCounterofferNotice, TLoanOffer } from '@payrail/contract/newflow';
import type { z } from 'zod';
import { Alert } from '@payrail/ui/alert';
import { ErrorAlert } from '@payrail/ui/error-alert';
import { Button } from '@payrail/ui/button';
import { Checkbox } from '@payrail/ui/checkbox';
import { RadioCards } from '@payrail/ui/radio-cards';
import { formatCents } from '@payrail/client/format';
import { BRAND } from '../../../lib/brand';
import { FREQUENCY_WORDS } from '../../../lib/frequency-words';
import { useSubmitStep } from '../api/steps';
import { StepCard } from './step-card';
import { StepScreen } from './step-states';
import styles from './newflow.module.css';

type OfferData = z.infer<typeof ZLoanOfferData>;
type ListName = 'split_direct_deposit' | 'auto_debit' | 'one_times';
/** The Auto Debit Disclosure link (agreement document), composed by the app from the legal feature. */
type DisclosureLink = (label: string) => ReactNode;

export const LIST_TITLES: Readonly<Record<ListName, string>> = {
  split_direct_deposit: 'Split direct deposit',
  auto_debit: 'Auto-debit (ACH)',
  one_times: 'One-time offers',
};

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
        {formatCents(offer.fixed_payment_amount)} every {FREQUENCY_WORDS[offer.term_frequency]}
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

/**
 * The ACH debit authorization an auto-debit offer needs (as on the classic /auto_debit page): the
 * disclosure's summary and link, and the consent checkbox.
 */
function AutoDebitConsent({
  disclosureLink,
  accepted,
  error,
  onChange,
}: {
  disclosureLink: DisclosureLink;
  accepted: boolean;
  error: string | undefined;
  onChange: (accepted: boolean) => void;
}) {
  return (
    <div className={styles.disclosure}>
      <h2>Auto debit disclosure</h2>
      <p>
        By accepting this offer you authorize {BRAND.name} to debit the bank account you verified for each scheduled payment of your loan, as described in the{' '}
        {disclosureLink('Auto Debit Disclosure')}. You may revoke this authorization by contacting us at least three business days before a payment date.
      </p>
      <Checkbox
        label="I have read and accept the Auto Debit Disclosure."
        checked={accepted}
        onChange={(event) => onChange(event.target.checked)}
        error={error}
      />
    </div>
  );
}

/**
 * A counteroffer (the rate check offered less than asked): a clear notice with the principal reasons,
 * and the combined adverse-action notice the server recorded and e-mailed, readable in full.
 */
export function CounterofferNotice({ notice }: { notice: TCounterofferNotice }) {
  return (
    <section className={styles.disclosure} aria-labelledby="counteroffer-title">
      <h2 id="counteroffer-title">These offers are for less than you asked</h2>
      <p>
        You asked for {formatCents(notice.requested_amount)}. We can offer you up to {formatCents(notice.offered_amount)}. The principal{' '}
        {notice.reasons.length === 1 ? 'reason' : 'reasons'} for offering less:
      </p>
      <ul>
        {notice.reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
      {notice.credit_score !== null ? (
        <p>
          We used your credit score ({notice.credit_score}) from {notice.bureau_name}. You may get a free copy of your credit report from them if you ask within
          60 days.
        </p>
      ) : null}
      <details>
        <summary>Read your notice{notice.sent_at ? ' (we also e-mailed it to you)' : ''}</summary>
        <div className={styles.noticeText} role="region" aria-label="Your notice" tabIndex={0}>
          {notice.text.split('\n\n').map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
      </details>
    </section>
  );
}

function Offers({ data, disclosureLink }: { data: OfferData; disclosureLink: DisclosureLink }) {
  const { submit, pending } = useSubmitStep();
  const [chosen, setChosen] = useState<string | null>(null);
  const [accepted, setAccepted] = useState(false);
  const [consentError, setConsentError] = useState<string | undefined>(undefined);
  const [message, setMessage] = useState<string | null>(null);
  const lists = (['split_direct_deposit', 'auto_debit', 'one_times'] as const).filter((name) => data[name].length > 0);
  // An auto-debit offer is repaid by ACH debits of the verified account: it needs the disclosure accepted.
  const autoDebit = chosen?.startsWith('auto_debit:') ?? false;

  const send = async () => {
    if (!chosen) return;
    const [list, index] = chosen.split(':') as [ListName, string];
    const offer = data[list][Number(index)];
    if (!offer) return;
    setMessage(null);
    if (list === 'auto_debit' && !accepted) {
      setConsentError(NEWFLOW_MSG.autoDebitDisclosureRequired);
      return;
    }
    const outcome = await submit({
      workflow_status_key: 'loan_offer',
      isAutodebit: list !== 'split_direct_deposit',
      payment: offer.fixed_payment_amount,
      amount: offer.amount,
      terms: offer.terms,
      ...(list === 'auto_debit' ? { auto_debit_disclosure_accepted: true } : {}),
    });
    if (outcome.kind !== 'invalid') return;
    const { auto_debit_disclosure_accepted: consent, ...others } = outcome.fieldErrors;
    setConsentError(consent);
    setMessage(outcome.message ?? Object.values(others)[0] ?? null);
  };

  const counteroffer = data.counteroffer ?? null;
  // The split-deposit discount is advertised only when a split-deposit offer is listed.
  const splitDiscount = data.discount_percentage > 0 && data.split_direct_deposit.length > 0;
  if (lists.length === 0) {
    return (
      <StepCard title="Your loan offers">
        {counteroffer ? <CounterofferNotice notice={counteroffer} /> : null}
        <Alert kind="info">We have no offer for you right now. Please contact us.</Alert>
      </StepCard>
    );
  }
  return (
    <StepCard
      title="Your loan offers"
      lead={
        counteroffer
          ? 'Choose the offer that suits you. Every figure below is the one in your loan agreement.'
          : 'Choose the offer that suits you. Every figure is final and shown in your loan agreement.'
      }
    >
      {counteroffer ? <CounterofferNotice notice={counteroffer} /> : null}
      {splitDiscount ? <Alert kind="success">Split direct deposit offers come with a {data.discount_percentage.toFixed(2)}% lower interest rate.</Alert> : null}
      <ErrorAlert message={message} />
      {lists.map((list) => (
        <RadioCards
          key={list}
          legend={list === 'split_direct_deposit' && data.discount_percentage > 0 ? `${LIST_TITLES[list]} (lower interest rate)` : LIST_TITLES[list]}
          name="offer"
          columns={1}
          options={data[list].map((offer, index) => ({
            value: offerKey(list, index),
            label: `${formatCents(offer.amount)}${offer.special ? ' · Special offer' : ''}`,
            description: <OfferDescription offer={offer} />,
          }))}
          value={chosen && chosen.startsWith(`${list}:`) ? chosen : null}
          onChange={setChosen}
        />
      ))}
      {autoDebit ? (
        <AutoDebitConsent
          disclosureLink={disclosureLink}
          accepted={accepted}
          error={consentError}
          onChange={(value) => {
            setAccepted(value);
            setConsentError(undefined);
          }}
        />
      ) : null}
      <div className={styles.actions}>
        <Button size="lg" fullWidth disabled={!chosen} loading={pending} onClick={() => void send()}>
          Accept this offer
        </Button>
      </div>
    </StepCard>
  );
}

/**
 * loan_offer (newflow §2, §3): the split_direct_deposit, auto_debit and one_times lists and the discount;
 * sends `{isAutodebit, payment, amount, terms}`, with `auto_debit_disclosure_accepted` for an auto-debit
 * offer (its consent checkbox shows while one is selected).
 */
export function LoanOffer({ disclosureLink }: { disclosureLink: DisclosureLink }) {
  return (
    <StepScreen step="loan_offer" schema={ZLoanOfferData} title="Your loan offers">
      {(data) => <Offers data={data} disclosureLink={disclosureLink} />}
    </StepScreen>
  );
}
