import { useState } from 'react';
import type { FormEvent } from 'react';
import { MSG } from '@payrail/contract/messages';
import { cents, formatUsdWhole } from '@payrail/domain/money';
import {
  NEWFLOW_LOAN_REQUEST_RANGE_CENTS,
  NEWFLOW_LOAN_REQUEST_RANGE_MSG,
  NEWFLOW_PAYMENT_FREQUENCIES,
  NEWFLOW_PAYMENT_FREQUENCY_LABELS,
} from '@payrail/contract/newflow-rules';
import type { TNewflowSignupRequest } from '@payrail/contract/newflow';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { RadioCards } from '@payrail/ui/radio-cards';
import { LoadingBlock } from '@payrail/ui/spinner';
import { TextField } from '@payrail/ui/text-field';
import { useLoanPurposes } from '../../../api/get-loan-purposes';
import styles from './auth.module.css';

/** Payment frequencies of newflow §3, shown as labels and sent lowercased (§3 "payment_frequency lowercased"). */
export const PAYMENT_FREQUENCIES = NEWFLOW_PAYMENT_FREQUENCIES.map((value) => NEWFLOW_PAYMENT_FREQUENCY_LABELS[value]);
/** Loan purposes are shown 4 per page (newflow §9). */
export const PURPOSES_PER_PAGE = 4;
/** The amount a visitor may ask for on Check Your Rate, in whole dollars (the product's lending range); the offers decide what is lent. */
export const LOAN_REQUEST_MIN = NEWFLOW_LOAN_REQUEST_RANGE_CENTS.min / 100;
export const LOAN_REQUEST_MAX = NEWFLOW_LOAN_REQUEST_RANGE_CENTS.max / 100;
/** The bounds as the form words them: "from $500 to $10,000". */
const LOAN_REQUEST_RANGE = `from ${formatUsdWhole(cents(NEWFLOW_LOAN_REQUEST_RANGE_CENTS.min))} to ${formatUsdWhole(cents(NEWFLOW_LOAN_REQUEST_RANGE_CENTS.max))}`;

/** The `loan` object of the new-flow sign-up (newflow §3); `amount` in cents like every contract. */
export type LoanRequest = TNewflowSignupRequest['loan'];

export function loanAmountError(text: string): string | undefined {
  if (text.trim() === '') return MSG.required;
  const value = Number(text.replace(/[$,\s]/g, ''));
  if (!Number.isInteger(value) || value < LOAN_REQUEST_MIN || value > LOAN_REQUEST_MAX) return NEWFLOW_LOAN_REQUEST_RANGE_MSG;
  return undefined;
}

/**
 * Check Your Rate, first step ("Loan Information"): how much, how often the borrower is paid back and
 * what for. Continue needs all three.
 */
export function LoanRequestForm({ initial, onContinue }: { initial?: LoanRequest | null; onContinue: (loan: LoanRequest) => void }) {
  const purposes = useLoanPurposes();
  const [amount, setAmount] = useState(initial ? String(Math.round(initial.amount / 100)) : '');
  const [frequency, setFrequency] = useState<string | null>(initial ? NEWFLOW_PAYMENT_FREQUENCY_LABELS[initial.payment_frequency] : null);
  const [purpose, setPurpose] = useState<string | null>(initial?.loan_purpose_name ?? null);
  const [page, setPage] = useState(0);
  const [submitted, setSubmitted] = useState(false);
  const [amountTouched, setAmountTouched] = useState(false);

  const amountError = loanAmountError(amount);
  const list = purposes.data ?? [];
  const pages = Math.max(1, Math.ceil(list.length / PURPOSES_PER_PAGE));
  const shown = list.slice(page * PURPOSES_PER_PAGE, (page + 1) * PURPOSES_PER_PAGE);
  const canContinue = !amountError && frequency !== null && purpose !== null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (!canContinue || !frequency || !purpose) return;
    const value = NEWFLOW_PAYMENT_FREQUENCIES.find((key) => NEWFLOW_PAYMENT_FREQUENCY_LABELS[key] === frequency) ?? 'monthly';
    onContinue({ amount: Number(amount.replace(/[$,\s]/g, '')) * 100, payment_frequency: value, loan_purpose_name: purpose });
  };

  return (
    <form noValidate aria-label="Loan information" onSubmit={submit}>
      <TextField
        label="How much do you need?"
        hint={`In dollars, ${LOAN_REQUEST_RANGE}.`}
        inputMode="numeric"
        autoComplete="off"
        maxLength={10}
        required
        value={amount}
        error={(amountTouched || submitted) && amountError ? amountError : undefined}
        onChange={(event) => setAmount(event.target.value.replace(/[^\d]/g, ''))}
        onBlur={() => setAmountTouched(true)}
      />
      <RadioCards
        legend="How often would you like to pay?"
        name="payment_frequency"
        columns={3}
        required
        options={PAYMENT_FREQUENCIES.map((value) => ({ value, label: value }))}
        value={frequency}
        onChange={setFrequency}
        error={submitted && !frequency ? MSG.required : undefined}
      />
      {purposes.isPending ? (
        <LoadingBlock label="Loading loan purposes…" />
      ) : purposes.isError ? (
        <Alert kind="error" title="We could not load the loan purposes.">
          <Button variant="secondary" size="sm" onClick={() => void purposes.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <>
          <RadioCards
            legend="What is the loan for?"
            name="loan_purpose"
            required
            options={shown.map((item) => ({ value: item.name, label: item.name }))}
            value={purpose}
            onChange={setPurpose}
            hint={purpose && !shown.some((item) => item.name === purpose) ? `Chosen: ${purpose}` : undefined}
            error={submitted && !purpose ? MSG.required : undefined}
          />
          {pages > 1 ? (
            <div className={styles.pager}>
              <Button variant="ghost" size="sm" disabled={page === 0} onClick={() => setPage((value) => value - 1)}>
                Previous purposes
              </Button>
              <span aria-live="polite">
                Page {page + 1} of {pages}
              </span>
              <Button variant="ghost" size="sm" disabled={page >= pages - 1} onClick={() => setPage((value) => value + 1)}>
                More purposes
              </Button>
            </div>
          ) : null}
        </>
      )}
      <div className={styles.actions}>
        <Button type="submit" size="lg" fullWidth disabled={!canContinue}>
          Continue
        </Button>
      </div>
    </form>
  );
}
