import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { MSG } from '@payrail/contract/messages';
import { Container } from '@payrail/ui/container';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { RadioCards } from '@payrail/ui/radio-cards';
import { TextField } from '@payrail/ui/text-field';
import { navigate } from '@payrail/client/navigation';
import { useSubmitStep } from '../api/steps';
import { toUpload } from '../lib/upload-rules';
import { FilePick } from './file-pick';
import { StepCard } from './step-card';
import styles from './newflow.module.css';

export interface BankLinkSlot {
  /** The link is saved: move on with the step. */
  onLinked: () => void;
  /** The widget was left (or failed): the manual-entry link. */
  onProvideManually: () => void;
}

/**
 * bank_account (verify_bank_account, newflow §2, §4): the bank-aggregator widget (auth and assets, the
 * banking module's); success moves on to additional_documents, exit shows the manual-entry link.
 */
export function BankAccount({ renderBankLink, manualPath }: { renderBankLink: (slot: BankLinkSlot) => ReactNode; manualPath: string }) {
  const { submit } = useSubmitStep();
  const [problem, setProblem] = useState<string | null>(null);
  // The banking feature's page brings its own card and heading.
  return (
    <>
      {problem ? (
        <Container width="narrow">
          <Alert kind="error" assertive>
            {problem}
          </Alert>
        </Container>
      ) : null}
      {renderBankLink({
        onLinked: () => {
          void submit({ workflow_status_key: 'verify_bank_account' }).then((outcome) => {
            if (outcome.kind === 'invalid') setProblem(outcome.message ?? Object.values(outcome.fieldErrors)[0] ?? null);
          });
        },
        onProvideManually: () => navigate(manualPath),
      })}
    </>
  );
}

const ROUTING = /^\d{9}$/;
const ACCOUNT = /^\d{4,17}$/;

/** bank_account/manual (newflow §3, §5): account type, routing and account numbers and a statement, all required. */
export function BankAccountManual({ backPath }: { backPath: string }) {
  const { submit, pending } = useSubmitStep();
  const [accountType, setAccountType] = useState<'Checking' | 'Savings' | null>(null);
  const [routing, setRouting] = useState('');
  const [account, setAccount] = useState('');
  const [statement, setStatement] = useState<File | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const errors = {
    accountType: accountType ? undefined : MSG.required,
    routingNumber: routing ? (ROUTING.test(routing) ? undefined : 'A routing number has 9 digits.') : MSG.required,
    accountNumber: account ? (ACCOUNT.test(account) ? undefined : 'An account number has 4 to 17 digits.') : MSG.required,
    bankStatement: statement ? undefined : MSG.required,
  };
  const complete = Object.values(errors).every((value) => !value);
  const shown = (field: keyof typeof errors) => serverErrors[field] ?? serverErrors[`manual.${field}`] ?? (submitted ? errors[field] : undefined);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (!complete || !statement || !accountType) return;
    setMessage(null);
    const outcome = await submit({
      workflow_status_key: 'verify_bank_account',
      manual: { accountType, routingNumber: routing, accountNumber: account, bankStatement: await toUpload(statement, 'bank_statement') },
    });
    if (outcome.kind === 'invalid') {
      setServerErrors(outcome.fieldErrors);
      setMessage(outcome.message);
    }
  };

  return (
    <StepCard title="Bank Information" lead="Enter the account where you want to receive your loan, and upload a recent statement of it.">
      <form noValidate aria-labelledby="newflow-step-title" onSubmit={(event) => void onSubmit(event)}>
        {message ? (
          <Alert kind="error" assertive>
            {message}
          </Alert>
        ) : null}
        <RadioCards legend="Account type" name="accountType" required options={[{ value: 'Checking', label: 'Checking' }, { value: 'Savings', label: 'Savings' }]} value={accountType} onChange={setAccountType} error={shown('accountType')} />
        <TextField label="Routing number" inputMode="numeric" autoComplete="off" maxLength={9} required value={routing} onChange={(event) => setRouting(event.target.value.replace(/[^\d]/g, ''))} error={shown('routingNumber')} />
        <TextField label="Account number" inputMode="numeric" autoComplete="off" maxLength={17} required value={account} onChange={(event) => setAccount(event.target.value.replace(/[^\d]/g, ''))} error={shown('accountNumber')} />
        <FilePick label="Bank statement" file={statement} onChange={setStatement} error={shown('bankStatement')} disabled={pending} />
        <div className={styles.actions}>
          <Button type="submit" size="lg" fullWidth disabled={!complete} loading={pending}>
            Continue
          </Button>
          <Button variant="ghost" fullWidth to={backPath}>
            Link my bank instead
          </Button>
        </div>
      </form>
    </StepCard>
  );
}
