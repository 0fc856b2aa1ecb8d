import { useId } from 'react';
import { z } from 'zod';
import { Button } from '@payrail/ui/button';
import { Checkbox } from '@payrail/ui/checkbox';
import { Dialog } from '@payrail/ui/dialog';
import { FieldError } from '@payrail/ui/field';
import { Form, FormError } from '@payrail/ui/form';
import { TextAreaField } from '@payrail/ui/text-area-field';
import { DOCUMENT_LABELS } from '@payrail/contract/documents';
import type { DocumentTypeName } from '@payrail/contract/documents';
import type { FeedbackField, TStaffFeedbackRequest } from '@payrail/contract/application';
import { errorMessage } from '@payrail/ui/error-message';
import styles from './action-panel.module.css';

/** The spec's feedback field list, as reviewers read it, with the wire fields each one opens. */
export const FEEDBACK_FIELD_CHOICES: readonly { label: string; fields: readonly FeedbackField[] }[] = [
  { label: 'Social security number', fields: ['social_security_number'] },
  { label: 'Driver license', fields: ['driver_license_number', 'driver_license_state_id'] },
  { label: 'Date of birth', fields: ['date_of_birth'] },
  { label: 'Military active', fields: ['military_active'] },
  { label: 'Working time range', fields: ['working_time_range'] },
  { label: 'Employer', fields: ['employer_id'] },
  { label: 'Address', fields: ['address'] },
  { label: 'First name', fields: ['first_name'] },
  { label: 'Last name', fields: ['last_name'] },
  { label: 'Annual income', fields: ['annual_income'] },
  { label: 'Annual household income', fields: ['annual_household_income'] },
  { label: 'Housing type', fields: ['housing_type'] },
  { label: 'Housing payment', fields: ['housing_payment'] },
  { label: 'Loan purpose', fields: ['loan_purpose_id'] },
  { label: 'References', fields: ['user_references'] },
];

const DOCUMENT_ORDER = [
  'pay_stub',
  'driver_license',
  'proof_of_address',
  'allotment',
  'w2',
  'bank_statement',
  'social_security_document',
  'selfie_photo',
] as const satisfies readonly DocumentTypeName[];

export interface FeedbackDialogProps {
  open: boolean;
  onClose: () => void;
  onSubmit: (body: TStaffFeedbackRequest) => Promise<unknown>;
}

/** Builds the request body from the reviewer's choices. */
export function buildFeedbackRequest(choice: {
  fieldLabels: ReadonlySet<string>;
  documents: ReadonlySet<DocumentTypeName>;
  bankInformation: boolean;
  receiverAccount: boolean;
  allotment: boolean;
  message: string;
}): TStaffFeedbackRequest {
  const fields = FEEDBACK_FIELD_CHOICES.filter((c) => choice.fieldLabels.has(c.label)).flatMap((c) => c.fields);
  return {
    message: choice.message.trim(),
    fields: { loan_borrower: fields },
    documents: DOCUMENT_ORDER.filter((d) => choice.documents.has(d)),
    // The receiver account is chosen again through the bank link; plain "bank information" re-opens the bank data.
    bank_information: choice.receiverAccount ? { bank_link: true } : choice.bankInformation,
    allotment: choice.allotment,
  };
}

/** The dialog's choices, read into the request; nothing to correct or no message is refused here. */
const feedbackSchema = z
  .object({
    field_labels: z.array(z.string()),
    documents: z.array(z.enum(DOCUMENT_ORDER)),
    bank_information: z.boolean(),
    receiver_account: z.boolean(),
    allotment: z.boolean(),
    message: z.string(),
  })
  .superRefine((choice, ctx) => {
    const nothing =
      choice.field_labels.length === 0 && choice.documents.length === 0 && !choice.bank_information && !choice.receiver_account && !choice.allotment;
    if (nothing) ctx.addIssue({ code: 'custom', path: ['field_labels'], message: 'Choose at least one item to correct or upload.' });
    if (!choice.message.trim()) ctx.addIssue({ code: 'custom', path: ['message'], message: 'Write a message for the borrower.' });
  })
  .transform((choice) =>
    buildFeedbackRequest({
      fieldLabels: new Set(choice.field_labels),
      documents: new Set(choice.documents),
      bankInformation: choice.bank_information,
      receiverAccount: choice.receiver_account,
      allotment: choice.allotment,
      message: choice.message,
    }),
  );

const NO_CHOICE = { field_labels: [], documents: [], bank_information: false, receiver_account: false, allotment: false, message: '' };

export function FeedbackDialog({ open, onClose, onSubmit }: FeedbackDialogProps) {
  const id = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Request feedback"
      description="The borrower is asked to correct the chosen fields and upload the chosen documents."
      closeOnBackdrop={false}
    >
      <Form
        schema={feedbackSchema}
        options={{ mode: 'onSubmit', defaultValues: NO_CHOICE }}
        submitError={(error) => errorMessage(error, 'We could not send the feedback request. Please try again.')}
        onSubmit={async (body) => {
          await onSubmit(body);
        }}
        id={`${id}-form`}
        className={styles.form}
      >
        {({ register, formState: { errors, isSubmitting } }) => (
          <>
            <FormError />
            <fieldset className={styles.fieldset} aria-describedby={errors.field_labels ? `${id}-choice-error` : undefined}>
              <legend>Fields to correct</legend>
              <div className={styles.checkGrid}>
                {FEEDBACK_FIELD_CHOICES.map((choice) => (
                  <Checkbox key={choice.label} label={choice.label} value={choice.label} {...register('field_labels')} />
                ))}
                <Checkbox label="Receiver bank account" {...register('receiver_account')} />
              </div>
            </fieldset>
            <fieldset className={styles.fieldset}>
              <legend>Documents to upload</legend>
              <div className={styles.checkGrid}>
                {DOCUMENT_ORDER.map((type) => (
                  <Checkbox key={type} label={DOCUMENT_LABELS[type]} value={type} {...register('documents')} />
                ))}
              </div>
            </fieldset>
            <fieldset className={styles.fieldset}>
              <legend>Other</legend>
              <Checkbox label="Bank information" {...register('bank_information')} />
              <Checkbox label="Allotment set-up" {...register('allotment')} />
            </fieldset>
            <FieldError id={`${id}-choice-error`}>{errors.field_labels?.message}</FieldError>
            <TextAreaField label="Message to the borrower" rows={4} maxLength={4000} error={errors.message?.message} {...register('message')} />
            <div className={styles.dialogButtons}>
              <Button variant="secondary" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={isSubmitting}>
                Send feedback request
              </Button>
            </div>
          </>
        )}
      </Form>
    </Dialog>
  );
}
