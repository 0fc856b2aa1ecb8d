import { MSG } from '@payrail/contract/messages';
import { Controller } from 'react-hook-form';
import { Container } from '@payrail/ui/container';
import { Alert } from '@payrail/ui/alert';
import { Form, FormError } from '@payrail/ui/form';
import { RadioCards } from '@payrail/ui/radio-cards';
import { StepActions } from '@payrail/ui/step-actions';
import { isApiError } from '@payrail/client/http-client';
import { useRepayMethodOffers, useSelectRepayMethod } from '../api/repayment';
import { formatCents, formatPercent } from '@payrail/client/format';
import { ZSelectRepayMethodRequest } from '@payrail/contract/banking';
import type { RepayMethod, TRepayMethodOffer } from '@payrail/contract/banking';
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

/** "Interest rate 23.39%, APR 26.10%: 78 payments of $62.15." — the price of a method, from the server's quote. */
function priceText(offer: TRepayMethodOffer): string {
  return `Interest rate ${formatPercent(offer.interest_rate)}, APR ${formatPercent(offer.apr)}: ${offer.number_of_payments} payments of ${formatCents(offer.payment_per_term)}.`;
}

/** Select repay method (classic §2): three options, Continue disabled until one is chosen. */
export function SelectRepayMethod({ federal, onChosen, onRefused }: SelectRepayMethodProps) {
  const select = useSelectRepayMethod();
  const offers = useRepayMethodOffers();
  const offerOf = (method: RepayMethod) => offers.data?.offers.find((o) => o.method === method);
  const split = offerOf('split_direct_deposit');
  const lower = split !== undefined && (offers.data?.offers ?? []).some((o) => o.method !== 'split_direct_deposit' && Number(o.apr) > Number(split.apr));
  const described = (method: RepayMethod, text: string) => {
    const offer = offerOf(method);
    return offer ? `${text} ${priceText(offer)}` : text;
  };

  const options = [
    {
      value: '0' as const,
      label: lower ? 'Split Direct Deposit (lower rate)' : 'Split Direct Deposit',
      description: described(
        'split_direct_deposit',
        federal
          ? 'Set up an allotment from your federal paycheck: each payment goes to your loan before your pay reaches your bank.'
          : 'Send part of each paycheck to your loan through your employer’s payroll.',
      ),
    },
    { value: '1' as const, label: 'Auto-Debit ACH', description: described('auto_debit', 'We debit each payment from your bank account on its due date.') },
    {
      value: '2' as const,
      label: 'Skip – pay online through the portal',
      description: described('online', 'Pay each installment online through the borrower portal.'),
    },
  ];

  const submit = async ({ repay_method }: { repay_method: 0 | 1 | 2 }) => {
    try {
      const answer = await select.mutateAsync(repay_method);
      onChosen(answer.new_status);
    } catch (failure) {
      if (onRefused?.(failure)) return;
      if (isApiError(failure) && [401, 403, 503].includes(failure.status)) return;
      throw failure;
    }
  };

  return (
    <Container width="narrow" className={styles.page}>
      <section className={styles.card} aria-labelledby="repay-title">
        <h1 id="repay-title">How would you like to repay?</h1>
        <Alert kind="success" className={styles.notice}>
          You are pre-approved. Choose how you will repay, then review and sign your loan agreement; we make the final approval after you sign.
        </Alert>
        <p className={styles.lead}>
          Choose how your loan payments will be made. The price depends on it: your e-signature shows the terms of the method you choose. You can talk to us if
          you need to change it later.
        </p>
        <Form
          schema={ZSelectRepayMethodRequest}
          options={{ defaultValues: { repay_method: '' } }}
          onSubmit={submit}
          submitError={(failure) => (isApiError(failure) ? (failure.fieldError('repay_method') ?? failure.message) : MSG.tryAgainLater)}
        >
          {({ control, watch, formState: { isSubmitting } }) => (
            <>
              <Controller
                control={control}
                name="repay_method"
                render={({ field }) => (
                  <RadioCards
                    legend="Repayment method"
                    legendHidden
                    name={field.name}
                    columns={1}
                    options={options}
                    value={field.value === '' ? null : (field.value as Option)}
                    onChange={field.onChange}
                    required
                  />
                )}
              />
              <FormError className={styles.error} />
              <StepActions disabled={watch('repay_method') === ''} pending={isSubmitting} />
            </>
          )}
        </Form>
      </section>
    </Container>
  );
}
