import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { Checkbox } from '@payrail/ui/checkbox';
import { Dialog } from '@payrail/ui/dialog';
import { fieldStyles, FieldError, FieldLabel } from '@payrail/ui/field';
import { DOCUMENT_LABELS } from '@payrail/contract/documents';
import type { DocumentTypeName } from '@payrail/contract/documents';
import type { FeedbackField, TStaffFeedbackRequest } from '@payrail/contract/application';
import { errorMessage } from '../../../lib/errors';
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

const DOCUMENT_ORDER: readonly DocumentTypeName[] = [
  'pay_stub',
  'driver_license',
  'proof_of_address',
  'allotment',
  'w2',
  'bank_statement',
  'social_security_document',
  'selfie_photo',
];

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

function toggle<T>(set: ReadonlySet<T>, value: T, on: boolean): Set<T> {
  const next = new Set(set);
  if (on) next.add(value);
  else next.delete(value);
  return next;
}

export function FeedbackDialog({ open, onClose, onSubmit }: FeedbackDialogProps) {
  const id = useId();
  const [fieldLabels, setFieldLabels] = useState<ReadonlySet<string>>(new Set());
  const [documents, setDocuments] = useState<ReadonlySet<DocumentTypeName>>(new Set());
  const [bankInformation, setBankInformation] = useState(false);
  const [receiverAccount, setReceiverAccount] = useState(false);
  const [allotment, setAllotment] = useState(false);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<{ message?: string; choice?: string; server?: string }>({});
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const nothing = fieldLabels.size === 0 && documents.size === 0 && !bankInformation && !receiverAccount && !allotment;
    const next = {
      message: message.trim() ? undefined : 'Write a message for the borrower.',
      choice: nothing ? 'Choose at least one item to correct or upload.' : undefined,
    };
    setErrors(next);
    if (next.message || next.choice) return;
    setPending(true);
    try {
      await onSubmit(buildFeedbackRequest({ fieldLabels, documents, bankInformation, receiverAccount, allotment, message }));
    } catch (error) {
      setErrors({ server: errorMessage(error, 'We could not send the feedback request. Please try again.') });
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Request feedback"
      description="The borrower is asked to correct the chosen fields and upload the chosen documents."
      closeOnBackdrop={false}
    >
      <form id={`${id}-form`} onSubmit={(e) => void submit(e)} noValidate className={styles.form}>
        {errors.server ? (
          <Alert kind="error" assertive>
            {errors.server}
          </Alert>
        ) : null}
        <fieldset className={styles.fieldset} aria-describedby={errors.choice ? `${id}-choice-error` : undefined}>
          <legend>Fields to correct</legend>
          <div className={styles.checkGrid}>
            {FEEDBACK_FIELD_CHOICES.map((choice) => (
              <Checkbox
                key={choice.label}
                label={choice.label}
                checked={fieldLabels.has(choice.label)}
                onChange={(e) => setFieldLabels((s) => toggle(s, choice.label, e.target.checked))}
              />
            ))}
            <Checkbox label="Receiver bank account" checked={receiverAccount} onChange={(e) => setReceiverAccount(e.target.checked)} />
          </div>
        </fieldset>
        <fieldset className={styles.fieldset}>
          <legend>Documents to upload</legend>
          <div className={styles.checkGrid}>
            {DOCUMENT_ORDER.map((type) => (
              <Checkbox
                key={type}
                label={DOCUMENT_LABELS[type]}
                checked={documents.has(type)}
                onChange={(e) => setDocuments((s) => toggle(s, type, e.target.checked))}
              />
            ))}
          </div>
        </fieldset>
        <fieldset className={styles.fieldset}>
          <legend>Other</legend>
          <Checkbox label="Bank information" checked={bankInformation} onChange={(e) => setBankInformation(e.target.checked)} />
          <Checkbox label="Allotment set-up" checked={allotment} onChange={(e) => setAllotment(e.target.checked)} />
        </fieldset>
        <FieldError id={`${id}-choice-error`}>{errors.choice}</FieldError>
        <div className={fieldStyles.field}>
          <FieldLabel htmlFor={`${id}-message`}>Message to the borrower</FieldLabel>
          <textarea
            id={`${id}-message`}
            className={fieldStyles.control}
            rows={4}
            maxLength={4000}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={errors.message ? `${id}-message-error` : undefined}
          />
          <FieldError id={`${id}-message-error`}>{errors.message}</FieldError>
        </div>
        <div className={styles.dialogButtons}>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            Send feedback request
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
