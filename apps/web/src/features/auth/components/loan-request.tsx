import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { cents, formatUsdWhole } from '@payrail/domain/money';
import { NEWFLOW_LOAN_REQUEST_RANGE_CENTS, NEWFLOW_PAYMENT_FREQUENCIES, NEWFLOW_PAYMENT_FREQUENCY_LABELS } from '@payrail/contract/newflow-rules';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { RadioCards } from '@payrail/ui/radio-cards';
import { LoadingBlock } from '@payrail/ui/spinner';
import { TextField } from '@payrail/ui/text-field';
import { ValidatedForm } from '@payrail/ui/validated-form';
import { useLoanPurposes } from '../../../api/get-loan-purposes';
import { validateLoanRequest } from '../lib/newflow-signup-rules';
import type { LoanRequest, LoanRequestInput } from '../lib/newflow-signup-rules';
import styles from './auth.module.css';

/** Payment frequencies of newflow §3, shown as labels and sent lowercased (§3 "payment_frequency lowercased"). */
export const PAYMENT_FREQUENCIES = NEWFLOW_PAYMENT_FREQUENCIES.map((value) => NEWFLOW_PAYMENT_FREQUENCY_LABELS[value]);
/** Loan purposes are shown 4 per page (newflow §9). */
export const PURPOSES_PER_PAGE = 4;
/** The bounds as the form words them: "from $500 to $10,000". */
const LOAN_REQUEST_RANGE = `from ${formatUsdWhole(cents(NEWFLOW_LOAN_REQUEST_RANGE_CENTS.min))} to ${formatUsdWhole(cents(NEWFLOW_LOAN_REQUEST_RANGE_CENTS.max))}`;

export type { LoanRequest } from '../lib/newflow-signup-rules';

/**
 * Check Your Rate, first step ("Loan Information"): how much, how often the borrower is paid back and
 * what for. Continue needs all three (`validateLoanRequest`, ../lib/form-rules.ts).
 */
export function LoanRequestForm({ initial, onContinue }: { initial?: LoanRequest | null; onContinue: (loan: LoanRequest) => void }) {
  const purposes = useLoanPurposes();
  const [page, setPage] = useState(0);
  const list = purposes.data ?? [];
  const pages = Math.max(1, Math.ceil(list.length / PURPOSES_PER_PAGE));
  const shown = list.slice(page * PURPOSES_PER_PAGE, (page + 1) * PURPOSES_PER_PAGE);
  const defaultValues: LoanRequestInput = {
    amount: initial ? String(Math.round(initial.amount / 100)) : '',
    payment_frequency: initial ? NEWFLOW_PAYMENT_FREQUENCY_LABELS[initial.payment_frequency] : null,
    loan_purpose_name: initial?.loan_purpose_name ?? null,
  };

  return (
    <ValidatedForm
      aria-label="Loan information"
      validate={validateLoanRequest}
      options={{ mode: 'onTouched', defaultValues }}
      onSubmit={(loan) => onContinue(loan)}
    >
      {({ control, watch }) => {
        const purpose = watch('loan_purpose_name');
        const canContinue = validateLoanRequest(watch()).errors === undefined;
        return (
          <>
            <Controller
              control={control}
              name="amount"
              render={({ field, fieldState }) => (
                <TextField
                  label="How much do you need?"
                  hint={`In dollars, ${LOAN_REQUEST_RANGE}.`}
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={10}
                  required
                  name={field.name}
                  ref={field.ref}
                  value={field.value}
                  error={fieldState.error?.message}
                  onChange={(event) => field.onChange(event.target.value.replace(/[^\d]/g, ''))}
                  onBlur={field.onBlur}
                />
              )}
            />
            <Controller
              control={control}
              name="payment_frequency"
              render={({ field, formState }) => (
                <RadioCards
                  legend="How often would you like to pay?"
                  name="payment_frequency"
                  columns={3}
                  required
                  options={PAYMENT_FREQUENCIES.map((value) => ({ value, label: value }))}
                  value={field.value}
                  onChange={field.onChange}
                  error={formState.isSubmitted ? formState.errors.payment_frequency?.message : undefined}
                />
              )}
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
                <Controller
                  control={control}
                  name="loan_purpose_name"
                  render={({ field, formState }) => (
                    <RadioCards
                      legend="What is the loan for?"
                      name="loan_purpose"
                      required
                      options={shown.map((item) => ({ value: item.name, label: item.name }))}
                      value={field.value}
                      onChange={field.onChange}
                      hint={purpose && !shown.some((item) => item.name === purpose) ? `Chosen: ${purpose}` : undefined}
                      error={formState.isSubmitted ? formState.errors.loan_purpose_name?.message : undefined}
                    />
                  )}
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
          </>
        );
      }}
    </ValidatedForm>
  );
}
