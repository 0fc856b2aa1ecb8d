import { useState } from 'react';
import type { ReactNode } from 'react';
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
import { StepForm, useStepForm } from './step-form';

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
  const form = useStepForm();
  const { serverErrors, pending } = form;
  const [accountType, setAccountType] = useState<'Checking' | 'Savings' | null>(null);
  const [routing, setRouting] = useState('');
  const [account, setAccount] = useState('');
  const [statement, setStatement] = useState<File | null>(null);
  const errors = {
    accountType: accountType ? undefined : MSG.required,
    routingNumber: routing ? (ROUTING.test(routing) ? undefined : 'A routing number has 9 digits.') : MSG.required,
    accountNumber: account ? (ACCOUNT.test(account) ? undefined : 'An account number has 4 to 17 digits.') : MSG.required,
    bankStatement: statement ? undefined : MSG.required,
  };
  const complete = Object.values(errors).every((value) => !value);
  const shown = (field: keyof typeof errors) => serverErrors[field] ?? serverErrors[`manual.${field}`] ?? (form.submitted ? errors[field] : undefined);

  const onSubmit = () =>
    form.send({
      complete,
      body: async () =>
        statement && accountType
          ? {
              workflow_status_key: 'verify_bank_account',
              manual: { accountType, routingNumber: routing, accountNumber: account, bankStatement: await toUpload(statement, 'bank_statement') },
            }
          : null,
    });

  return (
    <StepCard title="Bank Information" lead="Enter the account where you want to receive your loan, and upload a recent statement of it.">
      <StepForm
        onSubmit={onSubmit}
        message={form.message}
        pending={pending}
        submitDisabled={!complete}
        actions={
          <Button variant="ghost" fullWidth to={backPath}>
            Link my bank instead
          </Button>
        }
      >
        <RadioCards
          legend="Account type"
          name="accountType"
          required
          options={[
            { value: 'Checking', label: 'Checking' },
            { value: 'Savings', label: 'Savings' },
          ]}
          value={accountType}
          onChange={setAccountType}
          error={shown('accountType')}
        />
        <TextField
          label="Routing number"
          inputMode="numeric"
          autoComplete="off"
          maxLength={9}
          required
          value={routing}
          onChange={(event) => setRouting(event.target.value.replace(/[^\d]/g, ''))}
          error={shown('routingNumber')}
        />
        <TextField
          label="Account number"
          inputMode="numeric"
          autoComplete="off"
          maxLength={17}
          required
          value={account}
          onChange={(event) => setAccount(event.target.value.replace(/[^\d]/g, ''))}
          error={shown('accountNumber')}
        />
        <FilePick label="Bank statement" file={statement} onChange={setStatement} error={shown('bankStatement')} disabled={pending} />
      </StepForm>
    </StepCard>
  );
}
