import { HARDSHIP_REASON_LABELS, HARDSHIP_RULES } from '@payrail/contract/hardship';
import type { THardshipPage } from '@payrail/contract/hardship';
import type { TDocument } from '@payrail/contract/documents';
import { isApiError } from '@payrail/client/http-client';
import { formatDate } from '@payrail/client/format';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { Checkbox } from '@payrail/ui/checkbox';
import { Form } from '@payrail/ui/form';
import { MoneyField } from '@payrail/ui/money-field';
import { RadioCards } from '@payrail/ui/radio-cards';
import { SelectField } from '@payrail/ui/select-field';
import { TextAreaField } from '@payrail/ui/text-area-field';
import { notify } from '@payrail/ui/toast/notify';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useFormState } from 'react-hook-form';
import type { FieldErrors, UseFormReturn } from 'react-hook-form';
import { DocumentUpload } from '../../../components/documents/document-upload';
import { useSubmitHardship } from '../api/hardship';
import { hardshipFormSchema } from './hardship.schema';
import type { HardshipFormInput, HardshipFormValues } from './hardship.schema';
import styles from './hardship.module.css';

const REASONS = Object.entries(HARDSHIP_REASON_LABELS).map(([value, label]) => ({ value, label }));

/** The form's fields a refusal may name (the documents' message shows under the uploader). */
const FIELDS = ['reason', 'description', 'defer_payments', 'waive_late_fees', 'monthly_income', 'monthly_expenses'] as const;

const DEFAULTS: HardshipFormInput = {
  reason: '',
  description: '',
  defer_payments: '',
  waive_late_fees: false,
  monthly_income: '',
  monthly_expenses: '',
};

/** Fields with a message, plus the documents' and the server's: what the alert counts. */
function errorCount(errors: FieldErrors<HardshipFormInput>): number {
  const onFields = FIELDS.filter((field) => errors[field]).length;
  return onFields + (errors.root?.documents ? 1 : 0) + (errors.root?.server ? 1 : 0);
}

/** "Please correct 2 fields." (or the server's message), announced and focused after each failed submit. */
function ErrorAlert() {
  const { errors, submitCount, isSubmitting } = useFormState<HardshipFormInput>();
  const summary = useRef<HTMLDivElement>(null);
  const count = errorCount(errors);
  useEffect(() => {
    if (!isSubmitting && submitCount > 0) summary.current?.focus();
  }, [submitCount, isSubmitting]);
  if (count === 0) return null;
  return (
    <div ref={summary} tabIndex={-1}>
      <Alert kind="error" assertive>
        {errors.root?.server?.message ?? (count === 1 ? 'Please correct 1 field.' : `Please correct ${count} fields.`)}
      </Alert>
    </div>
  );
}

/**
 * The borrower's hardship request: reason, description, the plan (defer 1–3 payments, optionally waive
 * late fees), supporting documents (optional, encouraged) and monthly income and expenses (optional).
 * Errors are shown by their fields and summarised in an alert that takes the focus. Documents already
 * attached to an earlier request (`attached`) are not sent again.
 */
export function HardshipForm({ page, attached }: { page: THardshipPage; attached: ReadonlySet<number> }) {
  const id = useId();
  const submit = useSubmitHardship(page.loan_id);
  const [documents, setDocuments] = useState<TDocument[]>([]);

  const plans = page.plans.map((p) => ({
    value: String(p.defer_payments) as '1' | '2' | '3',
    label: p.defer_payments === 1 ? 'Defer 1 payment' : `Defer ${p.defer_payments} payments`,
    description: `Next payment due ${formatDate(p.next_due_date)}; last payment ${formatDate(p.maturity_after)} (instead of ${formatDate(p.maturity_before)}).`,
  }));

  const send = async (values: HardshipFormValues, form: UseFormReturn<HardshipFormInput, unknown, HardshipFormValues>) => {
    try {
      await submit.mutateAsync({
        ...values,
        // The uploader lists every hardship document of the member; those sent with an earlier request stay there.
        document_ids: documents.filter((d) => !attached.has(d.id)).map((d) => d.id),
      });
    } catch (error) {
      const fields = isApiError(error) ? error.fieldErrors : {};
      for (const field of FIELDS) {
        const message = fields[field]?.[0];
        if (message) form.setError(field, { type: 'server', message });
      }
      const documentsMessage = fields.document_ids?.[0];
      if (documentsMessage) form.setError('root.documents', { type: 'server', message: documentsMessage });
      const message = isApiError(error)
        ? (error.serverMessage ?? (Object.keys(fields).length > 0 ? 'Please correct the fields below.' : undefined))
        : undefined;
      form.setError('root.server', { type: 'server', message: message ?? 'We could not send your request. Please try again.' });
      return;
    }
    notify.success('Your hardship request is submitted. We will answer within 5 business days.');
  };

  return (
    <Form
      className={styles.form}
      aria-labelledby={`${id}-title`}
      schema={hardshipFormSchema}
      // The errors show (and are counted) after a submit, until the next one.
      options={{ mode: 'onSubmit', reValidateMode: 'onSubmit', shouldFocusError: false, defaultValues: DEFAULTS }}
      onSubmit={send}
    >
      {({ control, register, formState: { errors, isSubmitting } }) => {
        return (
          <>
            <h2 id={`${id}-title`}>Request hardship help</h2>
            <p className={styles.muted}>
              If you cannot make your payments because of a hardship, we can move your next payments later. Your payment amounts and the total you repay stay
              the same; interest is charged per payment period, so a deferral does not add interest.
            </p>
            <ErrorAlert />
            <SelectField name="reason" label="Reason" placeholder="Choose a reason" options={REASONS} required />
            <TextAreaField
              label="What happened?"
              hint={`Tell us what changed and until when you expect it to last (${HARDSHIP_RULES.descriptionMin} to ${HARDSHIP_RULES.descriptionMax} characters).`}
              rows={5}
              maxLength={HARDSHIP_RULES.descriptionMax}
              required
              error={errors.description?.message}
              {...register('description')}
            />
            {plans.length > 0 ? (
              <Controller
                control={control}
                name="defer_payments"
                render={({ field, fieldState }) => (
                  <RadioCards
                    legend="Your proposed plan"
                    name={field.name}
                    options={plans}
                    value={field.value === '' ? null : (field.value as '1' | '2' | '3')}
                    onChange={field.onChange}
                    error={fieldState.error?.message}
                    columns={1}
                    required
                  />
                )}
              />
            ) : (
              <Alert kind="info">No payment is left to defer on this loan.</Alert>
            )}
            <Checkbox label="Also ask us to waive the late fees charged on this loan" {...register('waive_late_fees')} />
            <DocumentUpload
              type="hardship_document"
              label="Supporting documents (optional, but they help us decide faster)"
              hint="A termination letter, medical bills, an insurance claim… A .jpg, .png or .pdf file of at most 2 MB each."
              onChange={setDocuments}
            />
            {errors.root?.documents ? <Alert kind="error">{errors.root.documents.message}</Alert> : null}
            <div className={styles.row}>
              <MoneyField name="monthly_income" label="Monthly income" optional hint="In dollars, after taxes." />
              <MoneyField name="monthly_expenses" label="Monthly expenses" optional hint="Rent, food, transport, other debts." />
            </div>
            <div>
              <Button type="submit" loading={isSubmitting} disabled={plans.length === 0}>
                Submit my request
              </Button>
            </div>
          </>
        );
      }}
    </Form>
  );
}
