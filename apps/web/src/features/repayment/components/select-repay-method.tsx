import { MSG } from '@payrail/contract/messages';
import { useState } from 'react';
import { Container } from '../../../components/layout/container';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { RadioCards } from '../../../components/ui/radio-cards';
import { isApiError } from '../../../lib/http-client';
import { useSelectRepayMethod } from '../api/repayment';
import type { RepayChoice } from '../api/repayment';
import styles from './repayment.module.css';

export interface SelectRepayMethodProps {
  /** Federal employers (payment type allotment) call the split deposit an allotment. */
  federal: boolean;
  /** The server moved the borrower: open the page of `newStatus`. */
  onChosen: (newStatus: string) => void;
  /** A refused call: answers true when the page handled it (a 422 with current_status). */
  onRefused?: (error: unknown) => boolean;
}

type Option = '0' | '1' | '2';

/** Select repay method (classic §2): three options, Continue disabled until one is chosen. */
export function SelectRepayMethod({ federal, onChosen, onRefused }: SelectRepayMethodProps) {
  const [choice, setChoice] = useState<Option | null>(null);
  const [error, setError] = useState<string | null>(null);
  const select = useSelectRepayMethod();

  const options = [
    {
      value: '0' as const,
      label: 'Split Direct Deposit',
      description: federal
        ? 'Set up an allotment from your federal paycheck: each payment goes to your loan before your pay reaches your bank.'
        : 'Send part of each paycheck to your loan through your employer’s payroll.',
    },
    { value: '1' as const, label: 'Auto-Debit ACH', description: 'We debit each payment from your bank account on its due date.' },
    { value: '2' as const, label: 'Skip – pay online through the portal', description: 'Pay each installment online through the borrower portal.' },
  ];

  const submit = async () => {
    if (choice === null) return;
    setError(null);
    try {
      const answer = await select.mutateAsync(Number(choice) as RepayChoice);
      onChosen(answer.new_status);
    } catch (failure) {
      if (onRefused?.(failure)) return;
      if (isApiError(failure) && [401, 403, 503].includes(failure.status)) return;
      setError(isApiError(failure) ? (failure.fieldError('repay_method') ?? failure.message) : MSG.tryAgainLater);
    }
  };

  return (
    <Container width="narrow" className={styles.page}>
      <section className={styles.card} aria-labelledby="repay-title">
        <h1 id="repay-title">How would you like to repay?</h1>
        <p className={styles.lead}>Choose how your loan payments will be made. You can talk to us if you need to change it later.</p>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <RadioCards legend="Repayment method" legendHidden name="repay_method" columns={1} options={options} value={choice} onChange={setChoice} required />
          {error ? (
            <Alert kind="error" assertive className={styles.error}>
              {error}
            </Alert>
          ) : null}
          <div className={styles.actions}>
            <Button type="submit" disabled={choice === null} loading={select.isPending}>
              Continue
            </Button>
          </div>
        </form>
      </section>
    </Container>
  );
}
