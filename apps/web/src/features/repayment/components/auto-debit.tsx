import { displayAccountNumber } from '@payrail/client/format';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { FIELD_MSG, MSG } from '@payrail/contract/messages';
import type { TBankInformation } from '@payrail/contract/banking';
import { Container } from '@payrail/ui/container';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { RadioCards } from '@payrail/ui/radio-cards';
import { Select } from '@payrail/ui/select';
import { LoadingBlock } from '@payrail/ui/spinner';
import { MaskedTextField } from '@payrail/ui/masked-text-field';
import { BRAND } from '../../../lib/brand';
import { isApiError } from '@payrail/client/http-client';
import { useBankInformation } from '../../../api/get-bank-information';
import { useAutoDebit } from '../api/repayment';
import styles from './repayment.module.css';

export interface AutoDebitProps {
  /** The auto debit disclosure link (agreement document). */
  disclosureLink: (label: string) => ReactNode;
  onDone: (newStatus: string) => void;
  onRefused?: (error: unknown) => boolean;
  onBack?: () => void;
  backPending?: boolean;
}

type Source = 'on_file' | 'new';
type Field = 'account_type' | 'account_number' | 'routing_number';
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
  const [chosen, setChosen] = useState<Source | null>(null);
  const [values, setValues] = useState<Record<Field, string>>({ account_type: '', account_number: '', routing_number: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  if (bank.isPending) return <LoadingBlock label="Loading your bank account…" />;
  const account = bank.data ?? null;
  const usable = account && account.bank_account_number ? account : null;
  const source: Source = chosen ?? (usable ? 'on_file' : 'new');

  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async () => {
    setFormError(null);
    if (source === 'new') {
      const missing: Partial<Record<Field, string>> = {};
      for (const field of ['account_type', 'account_number', 'routing_number'] as const) if (!values[field].trim()) missing[field] = FIELD_MSG.blank;
      setErrors(missing);
      if (Object.keys(missing).length > 0) return;
    }
    try {
      const answer = await submitCall.mutateAsync(
        source === 'on_file'
          ? { use_account_on_file: true }
          : {
              account_type: values.account_type as 'checking' | 'savings',
              account_number: values.account_number.trim(),
              routing_number: values.routing_number.trim(),
            },
      );
      onDone(answer.new_status);
    } catch (failure) {
      if (onRefused?.(failure)) return;
      if (!isApiError(failure)) {
        setFormError(MSG.tryAgainLater);
        return;
      }
      if ([401, 403, 503].includes(failure.status)) return;
      const fieldErrors: Partial<Record<Field, string>> = {};
      for (const field of ['account_type', 'account_number', 'routing_number'] as const) {
        const message = failure.fieldError(field);
        if (message) fieldErrors[field] = message;
      }
      setErrors(fieldErrors);
      if (failure.serverMessage || Object.keys(fieldErrors).length === 0) setFormError(failure.serverMessage ?? failure.message);
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
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <RadioCards legend="Account to debit" name="auto_debit_source" columns={1} options={options} value={source} onChange={setChosen} />
          {source === 'new' ? (
            <div className={styles.fields}>
              <Select
                className={styles.wide}
                label="Account type"
                placeholder="Choose the account type"
                options={ACCOUNT_TYPE_OPTIONS}
                value={values.account_type}
                onChange={(event) => set('account_type', event.target.value)}
                error={errors.account_type}
                required
              />
              <MaskedTextField
                label="Account number"
                mask="####################"
                inputMode="numeric"
                autoComplete="off"
                value={values.account_number}
                onValueChange={(_, raw) => set('account_number', raw)}
                error={errors.account_number}
                required
              />
              <MaskedTextField
                label="Routing number"
                mask="############"
                inputMode="numeric"
                autoComplete="off"
                value={values.routing_number}
                onValueChange={(_, raw) => set('routing_number', raw)}
                error={errors.routing_number}
                required
              />
            </div>
          ) : null}
          <div className={styles.disclosure}>
            <h2>Auto debit disclosure</h2>
            <p>
              By selecting Continue you authorize {BRAND.name} to debit the account above for each scheduled payment of your loan, as described in the{' '}
              {disclosureLink('Auto Debit Disclosure')}. You may revoke this authorization by contacting us at least three business days before a payment date.
            </p>
          </div>
          {formError ? (
            <Alert kind="error" assertive className={styles.error}>
              {formError}
            </Alert>
          ) : null}
          {/* The same actions as every other step: Continue first and full width, Back under it. */}
          <div className={styles.actions}>
            <Button type="submit" size="lg" fullWidth loading={submitCall.isPending}>
              Continue
            </Button>
            {onBack ? (
              <Button variant="ghost" fullWidth onClick={onBack} loading={backPending}>
                Back
              </Button>
            ) : null}
          </div>
        </form>
      </section>
    </Container>
  );
}
