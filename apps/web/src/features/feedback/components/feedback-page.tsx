import { SSN_CONFIRMATION_FIELD, WORKING_TIME_RANGE_LABELS } from '@payrail/contract/application';
import type { TFeedbackResponse } from '@payrail/contract/application';
import type { TBankInformation } from '@payrail/contract/banking';
import { documentLabel } from '@payrail/contract/documents';
import type { DocumentTypeName, TDocument } from '@payrail/contract/documents';
import { MSG } from '@payrail/contract/messages';
import { type IsoDate, utcDay } from '@payrail/domain/dates';
import { useId, useMemo, useRef, useState } from 'react';
import type { ChangeEvent, FormEvent, ReactNode } from 'react';
import { DocumentUpload } from '../../../components/documents/document-upload';
import { LeadDialog } from '../../../components/leads/lead-dialog';
import { Container } from '@payrail/ui/container';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { RadioCards } from '@payrail/ui/radio-cards';
import { Select } from '@payrail/ui/select';
import { LoadingBlock } from '@payrail/ui/spinner';
import { TextField } from '@payrail/ui/text-field';
import { MaskedTextField } from '@payrail/ui/masked-text-field';
import type { MaskedTextFieldProps } from '@payrail/ui/masked-text-field';
import { notify } from '@payrail/ui/toast/notify';
import { isApiError } from '@payrail/client/http-client';
import { useBankInformation } from '../../../api/get-bank-information';
import { useEmployer } from '../../../api/get-employer';
import { useLoanPurposes } from '../../../api/get-loan-purposes';
import { useStates } from '../../../api/get-states';
import { useFeedback } from '../../../api/get-feedback';
import { useAnswerFeedback } from '../api/feedback-api';
import {
  FIELD_LABELS,
  MONEY_FIELDS,
  REFERENCE_KEYS,
  REFERENCE_LABELS,
  bankBody,
  bankRequest,
  feedbackBody,
  groupsOf,
  initialValues,
  inputKeyOf,
  labelOf,
  validate,
} from '../lib/feedback-form';
import type { Errors, Group, Values } from '../lib/feedback-form';
import { EmployerPicker } from './employer-picker';
import type { ChosenEmployer } from './employer-picker';
import styles from './feedback.module.css';

export const FEEDBACK_TEXT = {
  title: 'Reviewer feedback',
  loadError: 'We could not load the reviewer feedback. Please refresh the page and try again.',
  saveError: 'We could not save your corrections. Please try again.',
  fixFields: 'Please correct the fields marked below.',
  blocked: 'To save, correct or complete:',
  missingDocument: 'upload a new file',
  bankLink: 'The reviewer asked you to link your bank account again. After you save, we will take you to the bank link step.',
} as const;

export interface FeedbackPageProps {
  /** The answer was saved: the new status to adopt. */
  onAnswered: (newStatus: string) => void;
  /** A refused answer (422 with current_status): adopt it. */
  onRefused: (currentStatus: string) => void;
  /** Today's date (tests pin it); the date-of-birth rules use it. */
  today?: IsoDate;
  /** Prefills of the lead-capture dialog (a state we do not lend in). */
  leadName?: string;
  leadEmail?: string;
  /** The lead was stored (spec §8: then sign out and /signin). */
  onLeadSubscribed?: () => void;
}

/** Reviewer feedback (spec §2, §4 "Feedback confirm", §5): the message, the flagged fields and documents, Save. */
export function FeedbackPage(props: FeedbackPageProps) {
  const feedback = useFeedback();
  const bankAsked = feedback.data ? bankRequest(feedback.data) : { asked: false, link: false };
  const bank = useBankInformation({ enabled: bankAsked.asked && !bankAsked.link });
  if (feedback.isError || bank.isError) {
    return (
      <Container width="narrow" className={styles.page}>
        <h1>{FEEDBACK_TEXT.title}</h1>
        <Alert kind="error">{FEEDBACK_TEXT.loadError}</Alert>
      </Container>
    );
  }
  if (!feedback.data || (bankAsked.asked && !bankAsked.link && bank.data === undefined)) {
    return (
      <Container width="narrow" className={styles.page}>
        <h1>{FEEDBACK_TEXT.title}</h1>
        <LoadingBlock label="Loading the reviewer feedback…" />
      </Container>
    );
  }
  return <FeedbackForm {...props} feedback={feedback.data} bank={bank.data ?? null} />;
}

function FeedbackForm({
  feedback,
  bank,
  onAnswered,
  onRefused,
  today,
  leadName,
  leadEmail,
  onLeadSubscribed,
}: FeedbackPageProps & { feedback: TFeedbackResponse; bank: TBankInformation | null }) {
  const groups = useMemo(() => groupsOf(feedback.fields.loan_borrower), [feedback]);
  const bankAsk = bankRequest(feedback);
  const requestedTypes = Object.keys(feedback.fields.documents) as DocumentTypeName[];
  const [values, setValues] = useState<Values>(() => initialValues(feedback, bank));
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | undefined>();
  const states = useStates();
  const purposes = useLoanPurposes({ enabled: groups.some((g) => g.kind === 'loan_purpose_id') });
  const initialEmployerId = values.employer_id && /^\d+$/.test(values.employer_id) ? Number(values.employer_id) : null;
  const onFile = useEmployer(initialEmployerId);
  const [chosenEmployer, setChosenEmployer] = useState<ChosenEmployer | null>(null);
  const employer = chosenEmployer ?? (onFile.data ? { id: onFile.data.id, name: onFile.data.name, partner: onFile.data.partnership === 'b2b_partner' } : null);
  const answer = useAnswerFeedback();
  const [leadState, setLeadState] = useState<{ id: number; name: string } | null>(null);
  const gateId = useId();
  const alertRef = useRef<HTMLDivElement>(null);

  // Files: a requested type is done once it holds a file uploaded since the request.
  const sinceRequest = useMemo(() => new Set(Object.values(feedback.fields.documents).flatMap((docs) => docs.map((d) => d.id))), [feedback]);
  const firstSeen = useRef<Record<string, Set<number>>>({});
  const [files, setFiles] = useState<Record<string, TDocument[]>>({});
  const onFiles = (type: string, docs: TDocument[]) => {
    firstSeen.current[type] ??= new Set(docs.map((d) => d.id));
    setFiles((current) => ({ ...current, [type]: docs }));
    setServerErrors((current) => ({ ...current, [`documents.${type}`]: undefined }));
  };
  const typeDone = (type: string) => (files[type] ?? []).some((d) => sinceRequest.has(d.id) || !firstSeen.current[type]?.has(d.id));
  const missingTypes = requestedTypes.filter((type) => !typeDone(type));

  const availableStateIds = useMemo(() => new Set((states.data ?? []).filter((s) => s.is_available).map((s) => String(s.id))), [states.data]);
  const errors = validate(values, {
    today: today ?? utcDay(new Date()),
    availableStateIds,
    partnerEmployer: employer?.partner ?? false,
    maskedAccountNumber: bank?.bank_account_number ?? undefined,
  });
  const invalid = Object.keys(errors).length > 0;
  const blocked = invalid || missingTypes.length > 0;

  const set = (key: string, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setServerErrors((current) => ({ ...current, [key]: undefined }));
  };
  // The SSN confirmation is checked as soon as its nine digits are in (spec §5), without waiting for blur.
  const shownAtOnce = (key: string) => key === SSN_CONFIRMATION_FIELD && (values[key] ?? '').replace(/\D/g, '').length === 9;
  // What keeps Save disabled, in words (tied to Save with aria-describedby; WCAG 3.3.1).
  const problems = [
    ...Object.entries(errors).map(([key, error]) => `${labelOf(key)}: ${error ?? ''}`),
    ...missingTypes.map((type) => `${documentLabel(type)}: ${FEEDBACK_TEXT.missingDocument}`),
  ];
  const touch = (key: string) => setTouched((current) => ({ ...current, [key]: true }));
  const errorOf = (key: string) => serverErrors[key] ?? (touched[key] || shownAtOnce(key) ? errors[key] : undefined);

  const textField = (key: string, extra: Partial<MaskedTextFieldProps> = {}, label: ReactNode = FIELD_LABELS[key] ?? key) => {
    const { mask, ...rest } = extra;
    const common = { label, name: key, value: values[key] ?? '', error: errorOf(key), onBlur: () => touch(key) };
    return mask ? (
      <MaskedTextField key={key} {...common} mask={mask} onValueChange={(masked: string) => set(key, masked)} {...rest} />
    ) : (
      <TextField key={key} {...common} onChange={(event: ChangeEvent<HTMLInputElement>) => set(key, event.target.value)} {...rest} />
    );
  };

  const stateOptions = (states.data ?? []).map((s) => ({ value: String(s.id), label: s.name }));
  const stateSelect = (key: 'state_id' | 'driver_license_state_id') => (
    <Select
      key={key}
      label={FIELD_LABELS[key]}
      name={key}
      placeholder="Choose a state"
      options={stateOptions}
      value={values[key] ?? ''}
      onChange={(event) => {
        set(key, event.target.value);
        touch(key);
        // Spec §5: a home state we do not lend in also opens the lead capture (not the driver license state).
        const chosen = (states.data ?? []).find((s) => String(s.id) === event.target.value);
        if (key === 'state_id' && chosen && !chosen.is_available) setLeadState({ id: chosen.id, name: chosen.name });
      }}
      onBlur={() => touch(key)}
      error={errorOf(key)}
      autoComplete={key === 'state_id' ? 'address-level1' : 'off'}
    />
  );

  const renderGroup = (group: Group): ReactNode => {
    switch (group.kind) {
      case 'text':
        if (group.field === 'zip_code') return textField('zip_code', { mask: '#####', inputMode: 'numeric', autoComplete: 'postal-code' });
        if (group.field === 'unit_number') return textField('unit_number', { optional: true, autoComplete: 'address-line2' });
        if (MONEY_FIELDS.has(group.field)) return textField(group.field, { mask: 'money', inputMode: 'decimal', hint: 'In dollars, up to 5 digits.' });
        return textField(group.field, {
          autoComplete:
            group.field === 'first_name' ? 'given-name' : group.field === 'last_name' ? 'family-name' : group.field === 'city' ? 'address-level2' : 'off',
        });
      case 'ssn':
        return (
          <fieldset key="ssn" className={styles.group}>
            <legend>Social security number</legend>
            {textField('social_security_number', { mask: '###-##-####', inputMode: 'numeric', autoComplete: 'off' })}
            {textField(SSN_CONFIRMATION_FIELD, {
              mask: '###-##-####',
              inputMode: 'numeric',
              autoComplete: 'off',
              hint: 'Type it again; pasting is turned off.',
              onPaste: (event) => event.preventDefault(),
              onDrop: (event) => event.preventDefault(),
            })}
          </fieldset>
        );
      case 'date_of_birth':
        return textField('date_of_birth', {
          mask: '##/##/####',
          inputMode: 'numeric',
          autoComplete: 'bday',
          hint: 'MM/DD/YYYY',
          placeholder: 'MM/DD/YYYY',
          // Spec §5: a complete date that breaks a rule is also a warning notification.
          onBlur: () => {
            touch('date_of_birth');
            const warning = errors.date_of_birth;
            if (warning && (values.date_of_birth ?? '').replace(/\D/g, '').length === 8) notify.warning(warning);
          },
        });
      case 'state':
        return stateSelect(group.field);
      case 'military_active':
        return (
          <RadioCards
            key="military_active"
            legend={FIELD_LABELS.military_active}
            name="military_active"
            options={[
              { value: 'yes', label: 'Yes' },
              { value: 'no', label: 'No' },
            ]}
            value={values.military_active || null}
            onChange={(value) => {
              set('military_active', value);
              touch('military_active');
            }}
            error={errorOf('military_active')}
          />
        );
      case 'working_time_range':
        return (
          <RadioCards
            key="working_time_range"
            legend={FIELD_LABELS.working_time_range}
            name="working_time_range"
            options={WORKING_TIME_RANGE_LABELS.map((label) => ({ value: label, label }))}
            value={values.working_time_range || null}
            onChange={(value) => {
              set('working_time_range', value);
              touch('working_time_range');
            }}
            error={errorOf('working_time_range')}
          />
        );
      case 'housing_type':
        return (
          <RadioCards
            key="housing_type"
            legend={FIELD_LABELS.housing_type}
            name="housing_type"
            options={[
              { value: 'rent', label: 'Rent' },
              { value: 'own', label: 'Own' },
            ]}
            value={values.housing_type || null}
            onChange={(value) => {
              set('housing_type', value);
              touch('housing_type');
            }}
            error={errorOf('housing_type')}
          />
        );
      case 'loan_purpose_id':
        return (
          <Select
            key="loan_purpose_id"
            label={FIELD_LABELS.loan_purpose_id}
            name="loan_purpose_id"
            placeholder="Choose a purpose"
            options={(purposes.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
            value={values.loan_purpose_id ?? ''}
            onChange={(event) => {
              set('loan_purpose_id', event.target.value);
              touch('loan_purpose_id');
            }}
            error={errorOf('loan_purpose_id')}
          />
        );
      case 'employer':
        return (
          <fieldset key="employer" className={styles.group}>
            <legend>Employer</legend>
            <EmployerPicker
              chosen={employer}
              onChoose={(next) => {
                setChosenEmployer(next);
                set('employer_id', String(next.id));
                touch('employer_id');
              }}
              error={errorOf('employer_id')}
            />
            {employer?.partner || (values.employee_id ?? '') !== '' ? textField('employee_id', { maxLength: 30, optional: !employer?.partner }) : null}
          </fieldset>
        );
      case 'address':
        return (
          <fieldset key="address" className={styles.group}>
            <legend>Home address</legend>
            {textField('address', { autoComplete: 'address-line1' })}
            {textField('unit_number', { optional: true, autoComplete: 'address-line2' })}
            <div className={styles.row}>
              {textField('zip_code', { mask: '#####', inputMode: 'numeric', autoComplete: 'postal-code' })}
              {textField('city', { autoComplete: 'address-level2' })}
            </div>
            {stateSelect('state_id')}
          </fieldset>
        );
      case 'references':
        return (
          <div key="references" className={styles.references}>
            {[0, 1].map((i) => (
              <fieldset key={i} className={styles.group}>
                <legend>Reference {i + 1}</legend>
                <div className={styles.row}>
                  {REFERENCE_KEYS.map((k) =>
                    textField(
                      `ref.${i}.${k}`,
                      k === 'phone' ? { mask: '(###) ###-####', type: 'tel', inputMode: 'tel', autoComplete: 'off' } : { autoComplete: 'off', maxLength: 60 },
                      REFERENCE_LABELS[k],
                    ),
                  )}
                </div>
              </fieldset>
            ))}
          </div>
        );
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (blocked || answer.isPending) return;
    setFormError(undefined);
    setServerErrors({});
    try {
      const answered = await answer.mutateAsync({
        bank: bankAsk.asked && !bankAsk.link ? bankBody(values, bank?.bank_account_number ?? undefined) : null,
        loanBorrower: feedbackBody(feedback, values),
      });
      notify.success(MSG.feedbackUpdated);
      onAnswered(answered.new_status);
    } catch (error) {
      if (!isApiError(error)) {
        setFormError(FEEDBACK_TEXT.saveError);
        return;
      }
      if (error.status === 401 || error.status === 403 || error.status === 503) return;
      const current = (error.data as { current_status?: unknown } | undefined)?.current_status;
      if (typeof current === 'string') {
        onRefused(current);
        return;
      }
      const bankStep = (error as { bankStep?: boolean }).bankStep === true;
      const fieldErrors = error.fieldErrors;
      const mapped: Errors = {};
      const unplaced: string[] = [];
      for (const [key, messages] of Object.entries(fieldErrors)) {
        const inputKey = bankStep ? `bank.${key}` : inputKeyOf(key);
        if (inputKey in values || inputKey.startsWith('documents.')) mapped[inputKey] = messages[0];
        else unplaced.push(`${FIELD_LABELS[key] ?? key}: ${messages[0] ?? ''}`);
      }
      setServerErrors(mapped);
      const message =
        Object.keys(mapped).length > 0
          ? [FEEDBACK_TEXT.fixFields, ...unplaced].join(' ')
          : unplaced.length > 0
            ? unplaced.join(' ')
            : (error.serverMessage ?? FEEDBACK_TEXT.saveError);
      setFormError(message);
      window.setTimeout(() => alertRef.current?.focus(), 0);
    }
  };

  const hasFields = groups.length > 0 || (bankAsk.asked && !bankAsk.link);
  return (
    <Container width="narrow" className={styles.page}>
      <h1>{FEEDBACK_TEXT.title}</h1>
      <section className={styles.message} aria-labelledby="feedback-message-title">
        <h2 id="feedback-message-title">Message from your reviewer</h2>
        <p className={styles.messageText}>{feedback.message}</p>
      </section>
      <form className={styles.form} noValidate aria-label="Reviewer feedback corrections" onSubmit={(event) => void submit(event)}>
        {hasFields ? (
          <section className={styles.card} aria-labelledby="feedback-fields-title">
            <h2 id="feedback-fields-title">Correct your information</h2>
            {groups.map(renderGroup)}
            {bankAsk.asked && !bankAsk.link ? (
              <fieldset className={styles.group}>
                <legend>Bank account to receive your loan</legend>
                <RadioCards
                  legend="Account type"
                  name="bank.account_type"
                  options={[
                    { value: 'checking', label: 'Checking' },
                    { value: 'savings', label: 'Savings' },
                  ]}
                  value={values['bank.account_type'] || null}
                  onChange={(value) => {
                    set('bank.account_type', value);
                    touch('bank.account_type');
                  }}
                  error={errorOf('bank.account_type')}
                />
                {textField('bank.routing_transfer_number', { mask: '############', inputMode: 'numeric', autoComplete: 'off' }, 'Routing number')}
                {textField('bank.bank_account_number', { inputMode: 'numeric', maxLength: 20, autoComplete: 'off' }, 'Account number')}
              </fieldset>
            ) : null}
          </section>
        ) : null}
        {bankAsk.link ? <Alert kind="info">{FEEDBACK_TEXT.bankLink}</Alert> : null}
        {requestedTypes.length > 0 ? (
          <section className={styles.card} aria-labelledby="feedback-documents-title">
            <h2 id="feedback-documents-title">Upload the requested documents</h2>
            {requestedTypes.map((type) => (
              <div key={type} className={styles.document}>
                <DocumentUpload
                  type={type}
                  label={documentLabel(type)}
                  onChange={(docs) => onFiles(type, docs)}
                  hint={typeDone(type) ? undefined : 'Upload a new file: .jpg, .png or .pdf.'}
                />
                {serverErrors[`documents.${type}`] ? (
                  <p className={styles.errorText} role="alert">
                    {documentLabel(type)}: {serverErrors[`documents.${type}`]}
                  </p>
                ) : null}
              </div>
            ))}
          </section>
        ) : null}
        {formError ? (
          <div ref={alertRef} tabIndex={-1}>
            <Alert kind="error" assertive>
              {formError}
            </Alert>
          </div>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" size="lg" fullWidth disabled={blocked} loading={answer.isPending} aria-describedby={blocked ? gateId : undefined}>
            Save
          </Button>
          {blocked ? (
            <div id={gateId} className={styles.muted}>
              <p className={styles.gateTitle}>{FEEDBACK_TEXT.blocked}</p>
              <ul className={styles.gateList}>
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      </form>
      <LeadDialog
        open={leadState !== null}
        stateId={leadState?.id ?? null}
        stateName={leadState?.name}
        defaultName={leadName}
        defaultEmail={leadEmail}
        onClose={() => setLeadState(null)}
        onSubscribed={onLeadSubscribed}
      />
    </Container>
  );
}
