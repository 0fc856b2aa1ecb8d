import { useState } from 'react';
import type { ReactNode } from 'react';
import { Container } from '@payrail/ui/container';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { RadioCards } from '@payrail/ui/radio-cards';
import { TextField } from '@payrail/ui/text-field';
import { navigate } from '@payrail/client/navigation';
import { useSubmitStep } from '../api/steps';
import { manualBankRefusalText, saveManualBankAccount } from '../api/manual-bank';
import type { ManualBankAccount } from '../api/manual-bank';
import { toUpload } from '../lib/upload-rules';
import { FilePick } from './file-pick';
import { StepCard } from './step-card';
import { bankAccountManualSchema } from './bank-account.schema';
import type { BankAccountManualAnswers } from './bank-account.schema';
import { StepForm, stepErrors, useStepForm } from './step-form';

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

/**
 * bank_account/manual (newflow §3, §5): account type, routing and account numbers and a statement, all required.
 * The account goes first to POST verify_manual_save_api_response (newflow §7): a refusal's text is the red
 * line and the step is not posted; once saved, the step posts it with the statement.
 */
export function BankAccountManual({ backPath }: { backPath: string }) {
  const form = useStepForm();
  const { serverErrors } = form;
  const [saving, setSaving] = useState(false);
  const [accountRefusal, setAccountRefusal] = useState<string | null>(null);
  const pending = form.pending || saving;
  const [defaultValues] = useState((): BankAccountManualAnswers => ({ accountType: null, routingNumber: '', accountNumber: '', bankStatement: null }));

  const saveAccount = async (manual: ManualBankAccount): Promise<boolean> => {
    setAccountRefusal(null);
    setSaving(true);
    try {
      await saveManualBankAccount(manual);
      return true;
    } catch (error) {
      setAccountRefusal(manualBankRefusalText(error));
      return false;
    } finally {
      setSaving(false);
    }
  };

  return (
    <StepCard title="Bank Information" lead="Enter the account where you want to receive your loan, and upload a recent statement of it.">
      <StepForm
        schema={bankAccountManualSchema}
        defaultValues={defaultValues}
        onSubmit={(manual) =>
          form.send({
            complete: true,
            body: async () =>
              (await saveAccount(manual))
                ? {
                    workflow_status_key: 'verify_bank_account',
                    manual: { ...manual, bankStatement: await toUpload(manual.bankStatement, 'bank_statement') },
                  }
                : null,
          })
        }
        message={accountRefusal ?? form.message}
        pending={pending}
        submitDisabled="until-valid"
        actions={
          <Button variant="ghost" fullWidth to={backPath}>
            Link my bank instead
          </Button>
        }
      >
        {({ watch, setValue, formState: { isSubmitted } }) => {
          const values = watch();
          const errors = stepErrors(bankAccountManualSchema, values);
          const shown = (field: keyof BankAccountManualAnswers) =>
            serverErrors[field] ?? serverErrors[`manual.${field}`] ?? (isSubmitted ? errors[field] : undefined);
          return (
            <>
              <RadioCards
                legend="Account type"
                name="accountType"
                required
                options={[
                  { value: 'Checking', label: 'Checking' },
                  { value: 'Savings', label: 'Savings' },
                ]}
                value={values.accountType}
                onChange={(value) => setValue('accountType', value)}
                error={shown('accountType')}
              />
              <TextField
                label="Routing number"
                name="routingNumber"
                inputMode="numeric"
                autoComplete="off"
                maxLength={9}
                required
                value={values.routingNumber}
                onChange={(event) => setValue('routingNumber', event.target.value.replace(/[^\d]/g, ''))}
                error={shown('routingNumber')}
              />
              <TextField
                label="Account number"
                name="accountNumber"
                inputMode="numeric"
                autoComplete="off"
                maxLength={17}
                required
                value={values.accountNumber}
                onChange={(event) => setValue('accountNumber', event.target.value.replace(/[^\d]/g, ''))}
                error={shown('accountNumber')}
              />
              <FilePick
                label="Bank statement"
                file={values.bankStatement}
                onChange={(file) => setValue('bankStatement', file)}
                error={shown('bankStatement')}
                disabled={pending}
              />
            </>
          );
        }}
      </StepForm>
    </StepCard>
  );
}
