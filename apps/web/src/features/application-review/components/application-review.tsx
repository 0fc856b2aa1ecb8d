import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { TOkStatusResponse } from '@payrail/contract/application';
import { WORKING_TIME_RANGE_LABELS } from '@payrail/contract/application';
import { ACCOUNT_TYPES } from '@payrail/contract/banking';
import { FIELD_MSG } from '@payrail/contract/messages';
import { DOCUMENT_LABELS, REQUIRED_DOCUMENT_TYPES, documentLabel } from '@payrail/contract/documents';
import { DocumentUpload } from '../../../components/documents/document-upload';
import { Container } from '@payrail/ui/container';
import text from '@payrail/ui/styles/text.module.css';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { Checkbox } from '@payrail/ui/checkbox';
import { StepActions } from '@payrail/ui/step-actions';
import { LoadingBlock } from '@payrail/ui/spinner';
import { useRequiredDocuments } from '../../../api/documents';
import { ACCOUNT_NUMBER_MAX, ROUTING_MASK, isAccountNumber, isRoutingNumber } from '../../../lib/bank-rules';
import { isApiError } from '@payrail/client/http-client';
import { bankInformationQueryPrefix, useBankInformation } from '../../../api/get-bank-information';
import { employerEntrypointQueryOptions, useEmployerEntrypoint } from '../../../api/get-employer-entrypoint';
import { useStates } from '../../../api/get-states';
import { updateBankInformation } from '../../../api/update-bank-information';
import { updateFields } from '../../../api/update-fields';
import { useLoanTerms } from '../../../api/get-loan-terms';
import { getReview } from '../../../api/get-review';
import { acceptCreditPull } from '../api/accept-credit-pull';
import { reviewKeys, useReviewValues } from '../api/get-review-values';
import type { ReviewValues } from '../api/get-review-values';
import { useDocumentCounts } from '../api/use-document-counts';
import { required, upTo, validateAll, validateDob, validateZip } from '../lib/review-fields';
import type { EditableField } from '../lib/review-fields';
import { LoanTermsSummary } from './loan-terms-summary';
import { ReviewSection } from './review-section';
import styles from './review.module.css';

const ACCOUNT_TYPE_LABELS: Record<string, string> = { checking: 'Checking', savings: 'Savings' };
const PERSONAL_FIELDS = [
  'first_name',
  'last_name',
  'date_of_birth',
  'address',
  'unit_number',
  'city',
  'state_id',
  'zip_code',
  'driver_license_number',
  'driver_license_state_id',
] as const;
const BANK_FIELDS = ['account_type', 'routing_transfer_number', 'bank_account_number'] as const;
const NUMERIC_FIELDS = new Set(['state_id', 'driver_license_state_id']);

export interface ApplicationReviewProps {
  /** Edit off and no back button (refinancing_review). */
  readOnly?: boolean;
  onBack?: () => void;
  backPending?: boolean;
  /** The review moved the application (GET /review): the page notifies and opens the next page. */
  onConfirmed: (answer: TOkStatusResponse) => void;
  /** A refused review (422 `{ error, current_status }`): the page adopts the status; true when handled. */
  onRefused: (error: unknown) => boolean;
  /** The link to the credit pull authorization document (composed by the app with the legal feature). */
  creditPullLink: ReactNode;
}

type Errors = Record<string, string>;

/** `references.0.phone` → "Reference 1 phone"; `terms_consent` → "Terms consent". */
function readableField(name: string): string {
  const reference = /^references\.(\d+)\.(\w+)$/.exec(name);
  const text = reference ? `Reference ${Number(reference[1]) + 1} ${reference[2]}` : name;
  const words = text
    .replace(/[._]/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Application review (spec §2, §5): loan terms, then collapsible sections with edit and save, and
 * Confirm (id application_review-confirm), disabled while a field is invalid, a section is being
 * edited, or a required document is missing (unless the employer is a partner).
 */
export function ApplicationReview({ readOnly, onBack, backPending, onConfirmed, onRefused, creditPullLink }: ApplicationReviewProps) {
  const queryClient = useQueryClient();
  const values = useReviewValues();
  const employer = useEmployerEntrypoint();
  const bank = useBankInformation();
  const loan = useLoanTerms();
  const states = useStates();
  const requiredDocs = useRequiredDocuments();
  const docTypes = useMemo(() => (requiredDocs.data ? REQUIRED_DOCUMENT_TYPES.filter((type) => requiredDocs.data[type]) : []), [requiredDocs.data]);
  const docs = useDocumentCounts(docTypes);
  const [editing, setEditing] = useState<Record<string, boolean>>({});
  const [reviewErrors, setReviewErrors] = useState<{ personal: Errors; job: Errors; bank: Errors; documents: Errors; other: string[] }>({
    personal: {},
    job: {},
    bank: {},
    documents: {},
    other: [],
  });
  const [confirming, setConfirming] = useState(false);
  // The review runs the credit check: the borrower authorizes the credit pull first (classic §5 consents).
  const [creditPull, setCreditPull] = useState(false);

  const stateOptions = useMemo(() => (states.data ?? []).map((state) => ({ value: String(state.id), label: state.name })), [states.data]);
  const stateName = useCallback((id: string) => states.data?.find((state) => String(state.id) === id)?.name ?? id, [states.data]);

  const personalFields: EditableField[] = useMemo(
    () => [
      { name: 'first_name', label: 'First name', kind: 'text', autoComplete: 'given-name', validate: required(50) },
      { name: 'last_name', label: 'Last name', kind: 'text', autoComplete: 'family-name', validate: required(50) },
      { name: 'date_of_birth', label: 'Date of birth', kind: 'text', mask: '##/##/####', inputMode: 'numeric', autoComplete: 'bday', validate: validateDob },
      { name: 'address', label: 'Address', kind: 'text', autoComplete: 'address-line1', validate: required(120) },
      { name: 'unit_number', label: 'Unit number', kind: 'text', optional: true, autoComplete: 'address-line2', validate: upTo(10) },
      { name: 'city', label: 'City', kind: 'text', autoComplete: 'address-level2', validate: required(60) },
      { name: 'state_id', label: 'State', kind: 'select', options: stateOptions, validate: required(), display: stateName },
      { name: 'zip_code', label: 'Zip code', kind: 'text', mask: '#####', inputMode: 'numeric', autoComplete: 'postal-code', validate: validateZip },
      { name: 'driver_license_number', label: 'Driver license number', kind: 'text', validate: required(30) },
      { name: 'driver_license_state_id', label: 'Driver license state', kind: 'select', options: stateOptions, validate: required(), display: stateName },
    ],
    [stateOptions, stateName],
  );
  const jobFields: EditableField[] = useMemo(
    () => [
      {
        name: 'working_time_range',
        label: 'Time at current job',
        kind: 'select',
        options: WORKING_TIME_RANGE_LABELS.map((label) => ({ value: label, label })),
        validate: required(),
      },
    ],
    [],
  );
  const bankFields: EditableField[] = useMemo(
    () => [
      {
        name: 'account_type',
        label: 'Account type',
        kind: 'select',
        options: ACCOUNT_TYPES.map((type) => ({ value: type, label: ACCOUNT_TYPE_LABELS[type] ?? type })),
        validate: required(),
        display: (v) => ACCOUNT_TYPE_LABELS[v] ?? v,
      },
      // The one routing/account rule of the manual bank form (lib/bank-rules); the masked number on file is kept as is.
      {
        name: 'routing_transfer_number',
        label: 'Routing transfer number',
        kind: 'text',
        mask: ROUTING_MASK,
        inputMode: 'numeric',
        validate: (v) => (v.trim() === '' ? FIELD_MSG.blank : isRoutingNumber(v) ? undefined : FIELD_MSG.invalid),
      },
      {
        name: 'bank_account_number',
        label: 'Bank account number',
        kind: 'text',
        inputMode: 'numeric',
        maxLength: ACCOUNT_NUMBER_MAX,
        validate: (v) => (v.trim() === '' ? FIELD_MSG.blank : isAccountNumber(v) || /^\*+\d{1,4}$/.test(v.trim()) ? undefined : FIELD_MSG.invalid),
      },
    ],
    [],
  );

  // Every call the page waits for: a failure shows a message and a retry instead of a spinner for good.
  const failed = [values, employer, requiredDocs, bank, docs].filter((query) => query.isError);
  if (failed.length > 0) {
    const retrying = failed.some((query) => query.isFetching);
    return (
      <Container width="narrow" className={styles.page}>
        <h1>Application Review</h1>
        <Alert kind="error">We could not load your application. Please try again.</Alert>
        <div className={styles.actions}>
          <Button loading={retrying} onClick={() => failed.forEach((query) => void query.refetch())}>
            Try again
          </Button>
        </div>
      </Container>
    );
  }
  if (!values.data || !employer.data || !requiredDocs.data || bank.isPending) return <LoadingBlock label="Loading your application…" />;

  const saved: ReviewValues = values.data;
  const bankValues: Record<string, string> = Object.fromEntries(BANK_FIELDS.map((field) => [field, bank.data?.[field] ?? '']));
  const showBank = BANK_FIELDS.some((field) => bankValues[field] !== '');
  const showDocuments = docTypes.length > 0;
  const documentsOptional = requiredDocs.data.optional;
  const missingDocs = docTypes.filter((type) => !docs.counts[type]);

  // Every shown section's saved values must pass its rules (the bank section only when it is shown).
  const checkedFields = [...personalFields, ...jobFields, ...(showBank ? bankFields : [])];
  const invalidNames = new Set([
    ...Object.keys(validateAll([...personalFields, ...jobFields], saved)),
    ...(showBank ? Object.keys(validateAll(bankFields, bankValues)) : []),
  ]);
  const invalidLabels = checkedFields.filter((field) => invalidNames.has(field.name)).map((field) => field.label);
  const invalidSaved = invalidLabels.length > 0;
  const outstanding = [reviewErrors.personal, reviewErrors.job, reviewErrors.bank].some((errors) => Object.keys(errors).length > 0);
  const anyEditing = Object.values(editing).some(Boolean);
  const docsBlocking = showDocuments && !documentsOptional && (!docs.loaded || missingDocs.length > 0);
  const blockedReason = anyEditing
    ? 'Save or cancel your changes before confirming.'
    : invalidSaved
      ? `Correct these fields before confirming: ${invalidLabels.join(', ')}.`
      : outstanding
        ? 'Correct the fields marked in your application before confirming.'
        : docsBlocking
          ? `Upload at least one file for: ${missingDocs.map((type) => DOCUMENT_LABELS[type]).join(', ')}.`
          : !creditPull
            ? 'Authorize the credit pull before confirming.'
            : null;

  const trackEditing = (section: string) => (value: boolean) => setEditing((current) => ({ ...current, [section]: value }));
  const clearErrors = (section: 'personal' | 'job' | 'bank' | 'documents', names: string[]) =>
    setReviewErrors((current) => ({ ...current, [section]: Object.fromEntries(Object.entries(current[section]).filter(([name]) => !names.includes(name))) }));

  const saveFields = (section: 'personal' | 'job') => async (changes: Record<string, string>) => {
    const wire = Object.fromEntries(Object.entries(changes).map(([name, value]) => [name, NUMERIC_FIELDS.has(name) && value !== '' ? Number(value) : value]));
    if (Object.keys(wire).length > 0) await updateFields(wire);
    clearErrors(section, Object.keys(reviewErrors[section]));
    await queryClient.invalidateQueries({ queryKey: reviewKeys.fields });
    if (section === 'job') await queryClient.invalidateQueries({ queryKey: employerEntrypointQueryOptions().queryKey });
  };

  const saveBank = async (changes: Record<string, string>) => {
    // The masked account number sent back unchanged is ignored by the server; leave it out anyway.
    const wire = Object.fromEntries(Object.entries(changes).filter(([name, value]) => !(name === 'bank_account_number' && value.includes('*'))));
    if (Object.keys(wire).length > 0) await updateBankInformation(wire);
    clearErrors('bank', Object.keys(reviewErrors.bank));
    await queryClient.invalidateQueries({ queryKey: bankInformationQueryPrefix });
  };

  const confirm = async () => {
    setConfirming(true);
    setReviewErrors({ personal: {}, job: {}, bank: {}, documents: {}, other: [] });
    try {
      await acceptCreditPull();
      onConfirmed(await getReview());
    } catch (error) {
      if (onRefused(error)) return;
      if (!isApiError(error) || [401, 403, 503].includes(error.status)) return;
      const next = { personal: {} as Errors, job: {} as Errors, bank: {} as Errors, documents: {} as Errors, other: [] as string[] };
      for (const [name, messages] of Object.entries(error.fieldErrors)) {
        const message = messages[0] ?? '';
        if ((PERSONAL_FIELDS as readonly string[]).includes(name)) next.personal[name] = message;
        else if (name === 'working_time_range') next.job[name] = message;
        else if ((BANK_FIELDS as readonly string[]).includes(name)) next.bank[name] = message;
        else if (name.startsWith('documents.')) next.documents[name.slice('documents.'.length)] = message;
        else next.other.push(`${readableField(name)}: ${message}`);
      }
      if (Object.keys(error.fieldErrors).length === 0) next.other.push(error.serverMessage ?? 'We could not confirm your application. Please try again.');
      setReviewErrors(next);
    } finally {
      setConfirming(false);
    }
  };

  const employerName = employer.data.employer_obj?.name ?? 'Not chosen';
  const reviewHasErrors = reviewErrors.other.length > 0 || Object.keys(reviewErrors.documents).length > 0;

  return (
    <Container width="narrow" className={styles.page}>
      <h1 className={text.title}>Application Review</h1>
      <p className={text.lead}>Check your application before you confirm it. Open a section and choose Edit to correct it.</p>
      {loan.data ? <LoanTermsSummary terms={loan.data} /> : null}
      {reviewHasErrors ? (
        <Alert kind="error" title="Please review your application" assertive>
          <ul className={styles.errorList}>
            {reviewErrors.other.map((message) => (
              <li key={message}>{message}</li>
            ))}
            {Object.entries(reviewErrors.documents).map(([type, message]) => (
              <li key={type}>
                {documentLabel(type)}: {message}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}

      <ReviewSection
        id="review-personal"
        title="Personal information"
        readOnly={[{ label: 'Social security number', value: saved.social_security_number || '—' }]}
        fields={personalFields}
        values={saved}
        externalErrors={reviewErrors.personal}
        onSave={saveFields('personal')}
        onEditingChange={trackEditing('personal')}
        editDisabled={readOnly}
      />
      <ReviewSection
        id="review-job"
        title="Job information"
        readOnly={[{ label: 'Employer', value: employerName }]}
        fields={jobFields}
        values={saved}
        externalErrors={reviewErrors.job}
        onSave={saveFields('job')}
        onEditingChange={trackEditing('job')}
        editDisabled={readOnly}
      />
      {showBank ? (
        <ReviewSection
          id="review-bank"
          title="Bank information"
          fields={bankFields}
          values={bankValues}
          externalErrors={reviewErrors.bank}
          onSave={saveBank}
          onEditingChange={trackEditing('bank')}
          editDisabled={readOnly}
        />
      ) : null}
      {showDocuments ? (
        <ReviewSection
          id="review-documents"
          title="Documents"
          onEditingChange={trackEditing('documents')}
          editDisabled={readOnly}
          editor={
            <div className={styles.uploads}>
              {docTypes.map((type) => (
                <DocumentUpload key={type} type={type} label={DOCUMENT_LABELS[type]} />
              ))}
            </div>
          }
        >
          <dl className={styles.values}>
            {docTypes.map((type) => {
              const count = docs.counts[type] ?? 0;
              return (
                <div key={type} className={styles.value}>
                  <dt>{DOCUMENT_LABELS[type]}</dt>
                  <dd>
                    {count === 0 ? (
                      <span className={styles.missing}>{documentsOptional ? 'No files (optional)' : 'Missing'}</span>
                    ) : (
                      `${count} ${count === 1 ? 'file' : 'files'}`
                    )}
                  </dd>
                </div>
              );
            })}
          </dl>
        </ReviewSection>
      ) : null}

      <StepActions
        className={styles.stepActions}
        before={
          <Checkbox
            checked={creditPull}
            onChange={(e) => setCreditPull(e.target.checked)}
            label={<>I authorize Payrail and its partner bank to obtain my credit report to review this application ({creditPullLink}).</>}
          />
        }
        submitId="application_review-confirm"
        submitLabel="Confirm"
        onSubmit={() => void confirm()}
        disabled={blockedReason !== null}
        pending={confirming}
        hint={blockedReason}
        onBack={onBack && !readOnly ? onBack : undefined}
        backPending={backPending}
      />
    </Container>
  );
}
