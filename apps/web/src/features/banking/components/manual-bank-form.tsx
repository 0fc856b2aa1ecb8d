import { useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useFormContext } from 'react-hook-form';
import type { UseFormReturn } from 'react-hook-form';
import { BANK_MSG } from '@payrail/contract/banking';
import type { TBankInformation } from '@payrail/contract/banking';
import { DocumentUpload } from '../../../components/documents/document-upload';
import { Container } from '@payrail/ui/container';
import { Button } from '@payrail/ui/button';
import { applyServerErrors, Form } from '@payrail/ui/form';
import { RadioCards } from '@payrail/ui/radio-cards';
import { LoadingBlock } from '@payrail/ui/spinner';
import { StepActions } from '@payrail/ui/step-actions';
import { TextField } from '@payrail/ui/text-field';
import { MaskedField } from '@payrail/ui/masked-field';
import { isApiError } from '@payrail/client/http-client';
import { refusedStatus } from '@payrail/client/workflow-refusal';
import { bankInformationQueryPrefix, useBankInformation } from '../../../api/get-bank-information';
import { useBankName } from '../../../api/get-bank-name';
import { updateBankInformation } from '../../../api/update-bank-information';
import { confirmBank, isHandledGlobally, verifyManualBank } from '../api/bank-information';
import { isRoutingNumber } from '../../../lib/bank-rules';
import { ROUTING_MASK, accountDigits, manualBankSchema } from '../lib/manual-bank.schema';
import type { ManualBankInput, ManualBankValues } from '../lib/manual-bank.schema';
import styles from './banking.module.css';

export interface ManualBankFormProps {
  /** The bank information on file (prefills the form), null when there is none. */
  initial: TBankInformation | null;
  /**
   * After a verified save: `confirm` also leaves the bank step (POST /bank_informations/confirm) and
   * hands over the next status; `save` stops there (editing from the bank accounts page).
   */
  after: 'confirm' | 'save';
  /** Saved (and confirmed): the new status, or null when only saved. */
  onDone: (newStatus: string | null) => void;
  /** The server refused the step in this status: adopt its status. */
  onRefused: (currentStatus: string) => void;
  onBack?: () => void;
  backPending?: boolean;
  /** A plain way back without a status move (the bank accounts page). */
  cancelTo?: string;
}

const FIELDS = ['account_type', 'routing_transfer_number', 'bank_account_number'] as const;

/**
 * Manual bank entry (spec §2): account type, routing number (the bank's name is looked up as it is
 * typed), account number and bank statements. Save stays disabled until every field is valid and a
 * statement is uploaded; it saves the fields, asks the server to verify them (its refusal is shown in
 * red and stops there) and, on a bank step, confirms the account.
 */
export function ManualBankForm({ initial, after, onDone, onRefused, onBack, backPending, cancelTo }: ManualBankFormProps) {
  const queryClient = useQueryClient();
  const onFileMasked = initial?.bank_account_number && /\*/.test(initial.bank_account_number) ? initial.bank_account_number : null;
  const schema = useMemo(() => manualBankSchema(onFileMasked), [onFileMasked]);
  const [statements, setStatements] = useState<number | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);

  const showError = (text: string) => {
    setServerError(text);
    // Moved into view after the state update renders it.
    window.setTimeout(() => errorRef.current?.focus(), 0);
  };

  const fail = (error: unknown): boolean => {
    if (isHandledGlobally(error)) return true;
    const refused = refusedStatus(error);
    if (refused) {
      onRefused(refused);
      return true;
    }
    return false;
  };

  const save = async (data: ManualBankValues, form: UseFormReturn<ManualBankInput, unknown, ManualBankValues>) => {
    setServerError(null);
    try {
      await updateBankInformation(data);
    } catch (error) {
      if (fail(error)) return;
      if (!applyServerErrors(form, error, FIELDS)) showError((isApiError(error) && error.serverMessage) || BANK_MSG.linkFailed);
      return;
    }
    try {
      await verifyManualBank();
    } catch (error) {
      if (fail(error)) return;
      showError((isApiError(error) && error.serverMessage) || BANK_MSG.linkFailed);
      return;
    } finally {
      void queryClient.invalidateQueries({ queryKey: bankInformationQueryPrefix });
    }
    if (after === 'save') {
      onDone(null);
      return;
    }
    try {
      const answer = await confirmBank();
      onDone(answer.new_status);
    } catch (error) {
      if (fail(error)) return;
      showError((isApiError(error) && error.serverMessage) || BANK_MSG.linkFailed);
    }
  };

  return (
    <Container width="narrow" className={styles.page}>
      <section className={styles.card} aria-labelledby="bank-manual-title">
        <h1 id="bank-manual-title">Bank Information</h1>
        <p className={styles.lead}>Tell us the account where you want to receive your loan, and upload a recent statement of it so we can verify it.</p>
        <Form
          aria-labelledby="bank-manual-title"
          className={styles.form}
          schema={schema}
          options={{
            defaultValues: {
              account_type: initial?.account_type ?? '',
              routing_transfer_number: initial?.routing_transfer_number ?? '',
              bank_account_number: onFileMasked ?? initial?.bank_account_number ?? '',
            },
          }}
          onSubmit={save}
        >
          {() => (
            <ManualBankFields
              schema={schema}
              onFileMasked={onFileMasked}
              statements={statements}
              onStatements={setStatements}
              serverError={
                serverError ? (
                  <p ref={errorRef} tabIndex={-1} role="alert" className={styles.serverError}>
                    {serverError}
                  </p>
                ) : null
              }
              onBack={onBack}
              backPending={backPending}
              cancelTo={cancelTo}
            />
          )}
        </Form>
      </section>
    </Container>
  );
}

const ROUTING_HINT = 'The 9-digit number at the bottom left of your checks.';

interface FieldsProps {
  schema: ReturnType<typeof manualBankSchema>;
  /** The masked account number on file, kept as it is unless retyped. */
  onFileMasked: string | null;
  /** Bank statements uploaded (null before the uploader answers). */
  statements: number | null;
  onStatements: (count: number) => void;
  /** The refusal of the last Save, above the actions. */
  serverError: ReactNode;
  onBack?: (() => void) | undefined;
  backPending?: boolean | undefined;
  cancelTo?: string | undefined;
}

/**
 * The fields (inside the Form: the routing number's bank lookup follows what is typed) and Save, disabled
 * with what is still missing until every field is valid and a statement is uploaded.
 */
function ManualBankFields({ schema, onFileMasked, statements, onStatements, serverError, onBack, backPending, cancelTo }: FieldsProps) {
  const { control, formState, watch } = useFormContext<ManualBankInput>();
  const values = watch();
  const routing = values.routing_transfer_number;
  const routingValid = isRoutingNumber(routing);
  const bank = useBankName(routingValid ? routing : '');
  const bankFound = typeof bank.data === 'string';
  // Only the lookup's 404 means "Bank not found!". Any other failure (500, network) offers a retry and
  // does not block Save: update_field checks the routing number again on the server.
  const bankMissing = routingValid && bank.data === null;
  const lookupFailed = routingValid && bank.isError && !bank.isFetching;
  const parsed = schema.safeParse(values);
  const invalid = new Set(parsed.success ? [] : parsed.error.issues.map((issue) => String(issue.path[0])));
  const missing = [
    invalid.has('account_type') ? 'account type' : null,
    invalid.has('routing_transfer_number')
      ? 'a valid routing number'
      : bankMissing
        ? 'a routing number of a known bank'
        : routingValid && bank.isFetching
          ? 'the bank lookup to finish'
          : null,
    invalid.has('bank_account_number') ? 'account number' : null,
    !statements ? 'at least one bank statement' : null,
  ].filter((item): item is string => item !== null);
  const blocked = missing.length > 0;
  const routingError = formState.errors.routing_transfer_number?.message ?? (bankMissing ? BANK_MSG.bankNotFound : undefined);
  return (
    <>
      <Controller
        control={control}
        name="account_type"
        render={({ field, fieldState }) => (
          <RadioCards
            legend="Account type"
            name={field.name}
            value={field.value === '' ? null : (field.value as 'checking' | 'savings')}
            onChange={(value) => field.onChange(value)}
            options={[
              { value: 'checking', label: 'Checking' },
              { value: 'savings', label: 'Savings' },
            ]}
            error={fieldState.error?.message}
            required
          />
        )}
      />
      <MaskedField
        name="routing_transfer_number"
        label="Routing number"
        hint={ROUTING_HINT}
        mask={ROUTING_MASK}
        inputMode="numeric"
        autoComplete="off"
        error={routingError ?? null}
        required
      />
      <p className={styles.bankName} aria-live="polite">
        {bankFound ? (
          <>
            <span className={styles.muted}>Bank: </span>
            <strong>{bank.data}</strong>
          </>
        ) : routingValid && bank.isFetching ? (
          'Looking up your bank…'
        ) : null}
      </p>
      {lookupFailed ? (
        <p className={styles.hint} role="status">
          We could not look up your bank right now. You can still save.{' '}
          <Button variant="ghost" size="sm" onClick={() => void bank.refetch()}>
            Try again
          </Button>
        </p>
      ) : null}
      <Controller
        control={control}
        name="bank_account_number"
        render={({ field, fieldState }) => (
          <TextField
            label="Account number"
            hint={onFileMasked && field.value === onFileMasked ? 'The number on file is hidden; type it again to change it.' : 'Up to 20 digits.'}
            inputMode="numeric"
            autoComplete="off"
            name={field.name}
            ref={field.ref}
            value={field.value}
            onFocus={(event) => {
              if (onFileMasked && event.target.value === onFileMasked) event.target.select();
            }}
            onChange={(event) => field.onChange(onFileMasked && event.target.value === onFileMasked ? onFileMasked : accountDigits(event.target.value))}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            required
          />
        )}
      />
      <DocumentUpload
        type="bank_statement"
        label="Bank statement"
        hint="A recent statement of this account showing your name and the account number. PDF, JPG or PNG."
        onChange={(documents) => onStatements(documents.length)}
      />
      {serverError}
      <StepActions
        submitLabel="Save"
        disabled={blocked}
        pending={formState.isSubmitting}
        hint={blocked ? `To save, add: ${missing.join(', ')}.` : null}
        onBack={onBack}
        backPending={backPending}
      >
        {cancelTo ? (
          <Button variant="ghost" fullWidth to={cancelTo}>
            Cancel
          </Button>
        ) : null}
      </StepActions>
    </>
  );
}

/** The manual form once the bank information on file is known (it prefills the form). */
export function ManualBankEntry(props: Omit<ManualBankFormProps, 'initial'>) {
  const account = useBankInformation();
  if (account.isPending) return <LoadingBlock label="Loading your bank information…" />;
  return <ManualBankForm {...props} initial={account.data ?? null} />;
}
