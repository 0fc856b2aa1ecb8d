import { displayAccountNumber } from '@payrail/client/format';
import type { ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import type { UseFormReturn } from 'react-hook-form';
import { MSG } from '@payrail/contract/messages';
import type { TAutoDebitRequest, TBankInformation } from '@payrail/contract/banking';
import { Container } from '@payrail/ui/container';
import { Form, FormError } from '@payrail/ui/form';
import { RadioCards } from '@payrail/ui/radio-cards';
import { SelectField } from '@payrail/ui/select-field';
import { LoadingBlock } from '@payrail/ui/spinner';
import { MaskedField } from '@payrail/ui/masked-field';
import { StepActions } from '@payrail/ui/step-actions';
import { BRAND } from '../../../lib/brand';
import { isApiError } from '@payrail/client/http-client';
import { useBankInformation } from '../../../api/get-bank-information';
import { useAutoDebit } from '../api/repayment';
import { AUTO_DEBIT_FIELDS, autoDebitFormSchema } from './auto-debit.schema';
import type { AutoDebitFormInput, AutoDebitSource } from './auto-debit.schema';
import styles from './repayment.module.css';

export interface AutoDebitProps {
  /** The auto debit disclosure link (agreement document). */
  disclosureLink: (label: string) => ReactNode;
  onDone: (newStatus: string) => void;
  onRefused?: (error: unknown) => boolean;
  onBack?: () => void;
  backPending?: boolean;
}

const ACCOUNT_TYPE_OPTIONS = [
  { value: 'checking', label: 'Checking' },
  { value: 'savings', label: 'Savings' },
];

const typeLabel = (type: string | null) => (type === 'savings' ? 'Savings' : type === 'checking' ? 'Checking' : '—');

/** One line (phrasing content: it sits inside the option's label): bank, type, masked number, routing. */
function onFileText(account: TBankInformation): string {
  return [
    account.bank_name,
    typeLabel(account.account_type),
    `account ${displayAccountNumber(account.bank_account_number)}`,
    `routing ${account.routing_transfer_number ?? '—'}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * Auto-debit ACH (classic §2, §5): the account on file or a new one (type, account and routing number
 * all required; the server checks the bank), with the auto debit disclosure. Continue → esignature_needed.
 */
export function AutoDebit({ disclosureLink, onDone, onRefused, onBack, backPending }: AutoDebitProps) {
  const bank = useBankInformation({ retry: false });
  const submitCall = useAutoDebit();

  if (bank.isPending) return <LoadingBlock label="Loading your bank account…" />;
  const account = bank.data ?? null;
  const usable = account && account.bank_account_number ? account : null;

  const submit = async (body: TAutoDebitRequest, form: UseFormReturn<AutoDebitFormInput, unknown, TAutoDebitRequest>) => {
    try {
      const answer = await submitCall.mutateAsync(body);
      onDone(answer.new_status);
    } catch (failure) {
      if (onRefused?.(failure)) return;
      if (!isApiError(failure)) {
        form.setError('root.server', { type: 'server', message: MSG.tryAgainLater });
        return;
      }
      if ([401, 403, 503].includes(failure.status)) return;
      let onField = false;
      for (const field of AUTO_DEBIT_FIELDS) {
        const message = failure.fieldError(field);
        if (!message) continue;
        form.setError(field, { type: 'server', message });
        onField = true;
      }
      if (failure.serverMessage || !onField) form.setError('root.server', { type: 'server', message: failure.serverMessage ?? failure.message });
    }
  };

  const options = [
    ...(usable ? [{ value: 'on_file' as const, label: 'Use the account on file', description: onFileText(usable) }] : []),
    { value: 'new' as const, label: 'Use a new account', description: 'Enter the checking or savings account we should debit.' },
  ];

  return (
    <Container width="narrow" className={styles.page}>
      <section className={styles.card} aria-labelledby="auto-debit-title">
        <h1 id="auto-debit-title">Auto-Debit ACH</h1>
        <p className={styles.lead}>Each payment is debited from your bank account on its due date. Choose the account to debit.</p>
        <Form
          schema={autoDebitFormSchema}
          options={{ defaultValues: { source: usable ? 'on_file' : 'new', account_type: '', account_number: '', routing_number: '' } }}
          onSubmit={submit}
        >
          {({ control, watch, formState: { isSubmitting } }) => (
            <>
              <Controller
                control={control}
                name="source"
                render={({ field }) => (
                  <RadioCards<AutoDebitSource>
                    legend="Account to debit"
                    name="auto_debit_source"
                    columns={1}
                    options={options}
                    value={field.value}
                    onChange={field.onChange}
                  />
                )}
              />
              {watch('source') === 'new' ? (
                <div className={styles.fields}>
                  <SelectField
                    className={styles.wide}
                    name="account_type"
                    label="Account type"
                    placeholder="Choose the account type"
                    options={ACCOUNT_TYPE_OPTIONS}
                    required
                  />
                  <MaskedField name="account_number" label="Account number" mask="####################" inputMode="numeric" autoComplete="off" required />
                  <MaskedField name="routing_number" label="Routing number" mask="############" inputMode="numeric" autoComplete="off" required />
                </div>
              ) : null}
              <div className={styles.disclosure}>
                <h2>Auto debit disclosure</h2>
                <p>
                  By selecting Continue you authorize {BRAND.name} to debit the account above for each scheduled payment of your loan, as described in the{' '}
                  {disclosureLink('Auto Debit Disclosure')}. You may revoke this authorization by contacting us at least three business days before a payment
                  date.
                </p>
              </div>
              <FormError className={styles.error} />
              <StepActions pending={isSubmitting} onBack={onBack} backPending={backPending} />
            </>
          )}
        </Form>
      </section>
    </Container>
  );
}
