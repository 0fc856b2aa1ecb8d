import { documentLabel } from '@payrail/contract/documents';
import type { DocumentTypeName, TDocument } from '@payrail/contract/documents';
import { SSN_CONFIRMATION_FIELD } from '@payrail/contract/application';
import type { TFeedbackResponse } from '@payrail/contract/application';
import type { TBankInformation } from '@payrail/contract/banking';
import { MSG } from '@payrail/contract/messages';
import { type IsoDate, utcDay } from '@payrail/domain/dates';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { get, useFormState, useWatch } from 'react-hook-form';
import { LeadDialog } from '../../../components/leads/lead-dialog';
import { Container } from '@payrail/ui/container';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { Form } from '@payrail/ui/form';
import { LoadingBlock } from '@payrail/ui/spinner';
import { notify } from '@payrail/ui/toast/notify';
import { isApiError } from '@payrail/client/http-client';
import { refusedStatus } from '@payrail/client/workflow-refusal';
import { useBankInformation } from '../../../api/get-bank-information';
import { useEmployer } from '../../../api/get-employer';
import { useLoanPurposes } from '../../../api/get-loan-purposes';
import { useStates } from '../../../api/get-states';
import { useFeedback } from '../../../api/get-feedback';
import { useAnswerFeedback } from '../api/feedback-api';
import { FIELD_LABELS, bankBody, bankRequest, feedbackBody, groupsOf, initialValues, inputKeyOf, labelOf, validate } from '../lib/feedback-form';
import type { Group, RuleContext } from '../lib/feedback-form';
import type { ChosenEmployer } from './employer-picker';
import { FeedbackDocuments } from './feedback-documents';
import { FeedbackBankFields, FeedbackFieldsProvider, FeedbackGroup } from './feedback-fields';
import type { FeedbackFieldsState } from './feedback-fields';
import { feedbackFormSchema, flatValues, nestValues } from './feedback.schema';
import type { FeedbackFormValues } from './feedback.schema';
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

/** The SSN confirmation is checked as soon as its nine digits are in (spec §5), without waiting for blur. */
const shownAtOnce = (key: string, value: string | undefined) => key === SSN_CONFIRMATION_FIELD && (value ?? '').replace(/\D/g, '').length === 9;

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
  const [defaults] = useState(() => initialValues(feedback, bank));
  const states = useStates();
  const purposes = useLoanPurposes({ enabled: groups.some((g) => g.kind === 'loan_purpose_id') });
  const initialEmployerId = defaults.employer_id && /^\d+$/.test(defaults.employer_id) ? Number(defaults.employer_id) : null;
  const onFile = useEmployer(initialEmployerId);
  const [chosenEmployer, setChosenEmployer] = useState<ChosenEmployer | null>(null);
  const employer = chosenEmployer ?? (onFile.data ? { id: onFile.data.id, name: onFile.data.name, partner: onFile.data.partnership === 'b2b_partner' } : null);
  const answer = useAnswerFeedback();
  const [leadState, setLeadState] = useState<{ id: number; name: string } | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  // Files: a requested type is done once it holds a file uploaded since the request.
  const sinceRequest = useMemo(() => new Set(Object.values(feedback.fields.documents).flatMap((docs) => docs.map((d) => d.id))), [feedback]);
  const firstSeen = useRef<Record<string, Set<number>>>({});
  const [files, setFiles] = useState<Record<string, TDocument[]>>({});
  const onFiles = (type: string, docs: TDocument[]) => {
    firstSeen.current[type] ??= new Set(docs.map((d) => d.id));
    setFiles((current) => ({ ...current, [type]: docs }));
  };
  const typeDone = (type: string) => (files[type] ?? []).some((d) => sinceRequest.has(d.id) || !firstSeen.current[type]?.has(d.id));
  const missingTypes = requestedTypes.filter((type) => !typeDone(type));

  const availableStateIds = useMemo(() => new Set((states.data ?? []).filter((s) => s.is_available).map((s) => String(s.id))), [states.data]);
  const rules: RuleContext = {
    today: today ?? utcDay(new Date()),
    availableStateIds,
    partnerEmployer: employer?.partner ?? false,
    maskedAccountNumber: bank?.bank_account_number ?? undefined,
  };
  // The schema checks with the rules of the moment (the states loaded, the employer chosen since).
  const rulesRef = useRef(rules);
  useEffect(() => {
    rulesRef.current = rules;
  });
  const schema = useMemo(() => feedbackFormSchema(() => rulesRef.current), []);

  const fields: Omit<FeedbackFieldsState, 'values' | 'errors' | 'errorOf'> = {
    states: states.data ?? [],
    purposes: purposes.data ?? [],
    employer,
    chooseEmployer: setChosenEmployer,
    onUnavailableState: setLeadState,
  };

  return (
    <Container width="narrow" className={styles.page}>
      <h1>{FEEDBACK_TEXT.title}</h1>
      <section className={styles.message} aria-labelledby="feedback-message-title">
        <h2 id="feedback-message-title">Message from your reviewer</h2>
        <p className={styles.messageText}>{feedback.message}</p>
      </section>
      <Form
        className={styles.form}
        aria-label="Reviewer feedback corrections"
        schema={schema}
        // The messages show once an input is left (see FeedbackBody); Save lists them all while it is disabled.
        options={{ mode: 'onSubmit', reValidateMode: 'onSubmit', defaultValues: nestValues(defaults) as FeedbackFormValues }}
        onSubmit={async (formValues, form) => {
          if (missingTypes.length > 0 || answer.isPending) return;
          const values = flatValues(formValues);
          try {
            const answered = await answer.mutateAsync({
              bank: bankAsk.asked && !bankAsk.link ? bankBody(values, bank?.bank_account_number ?? undefined) : null,
              loanBorrower: feedbackBody(feedback, values),
            });
            notify.success(MSG.feedbackUpdated);
            onAnswered(answered.new_status);
          } catch (error) {
            if (!isApiError(error)) {
              form.setError('root.server', { type: 'server', message: FEEDBACK_TEXT.saveError });
              return;
            }
            if (error.status === 401 || error.status === 403 || error.status === 503) return;
            const current = refusedStatus(error);
            if (current) {
              onRefused(current);
              return;
            }
            const bankStep = (error as { bankStep?: boolean }).bankStep === true;
            let placed = 0;
            const unplaced: string[] = [];
            for (const [key, messages] of Object.entries(error.fieldErrors)) {
              const inputKey = bankStep ? `bank.${key}` : inputKeyOf(key);
              if (inputKey in values || inputKey.startsWith('documents.')) {
                form.setError(inputKey, { type: 'server', message: messages[0] });
                placed += 1;
              } else unplaced.push(`${FIELD_LABELS[key] ?? key}: ${messages[0] ?? ''}`);
            }
            const message =
              placed > 0
                ? [FEEDBACK_TEXT.fixFields, ...unplaced].join(' ')
                : unplaced.length > 0
                  ? unplaced.join(' ')
                  : (error.serverMessage ?? FEEDBACK_TEXT.saveError);
            form.setError('root.server', { type: 'server', message });
            window.setTimeout(() => alertRef.current?.focus(), 0);
          }
        }}
      >
        {() => (
          <FeedbackBody
            groups={groups}
            bankAsk={bankAsk}
            requestedTypes={requestedTypes}
            typeDone={typeDone}
            onFiles={onFiles}
            missingTypes={missingTypes}
            rules={rules}
            fields={fields}
            pending={answer.isPending}
            alertRef={alertRef}
          />
        )}
      </Form>
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

interface FeedbackBodyProps {
  groups: readonly Group[];
  bankAsk: { asked: boolean; link: boolean };
  requestedTypes: readonly DocumentTypeName[];
  typeDone: (type: DocumentTypeName) => boolean;
  onFiles: (type: DocumentTypeName, docs: TDocument[]) => void;
  missingTypes: readonly DocumentTypeName[];
  rules: RuleContext;
  fields: Omit<FeedbackFieldsState, 'values' | 'errors' | 'errorOf'>;
  pending: boolean;
  alertRef: RefObject<HTMLDivElement | null>;
}

/** The form's sections, its message and Save with what keeps it disabled. */
function FeedbackBody({ groups, bankAsk, requestedTypes, typeDone, onFiles, missingTypes, rules, fields, pending, alertRef }: FeedbackBodyProps) {
  const gateId = useId();
  const values = flatValues(useWatch());
  const { errors: formErrors, touchedFields } = useFormState();
  const errors = validate(values, rules);
  const blocked = Object.keys(errors).length > 0 || missingTypes.length > 0;
  // The server's message on an input first; the rule's once the input was left (or, for the SSN confirmation, complete).
  const errorOf = (key: string) =>
    (get(formErrors, key) as { message?: string } | undefined)?.message ??
    (get(touchedFields, key) === true || shownAtOnce(key, values[key]) ? errors[key] : undefined);
  // What keeps Save disabled, in words (tied to Save with aria-describedby; WCAG 3.3.1).
  const problems = [
    ...Object.entries(errors).map(([key, error]) => `${labelOf(key)}: ${error ?? ''}`),
    ...missingTypes.map((type) => `${documentLabel(type)}: ${FEEDBACK_TEXT.missingDocument}`),
  ];
  const formError = formErrors.root?.server?.message;
  const hasFields = groups.length > 0 || (bankAsk.asked && !bankAsk.link);

  return (
    <FeedbackFieldsProvider value={{ ...fields, values, errors, errorOf }}>
      {hasFields ? (
        <section className={styles.card} aria-labelledby="feedback-fields-title">
          <h2 id="feedback-fields-title">Correct your information</h2>
          {groups.map((group) => (
            <FeedbackGroup key={group.kind === 'text' || group.kind === 'state' ? group.field : group.kind} group={group} />
          ))}
          {bankAsk.asked && !bankAsk.link ? <FeedbackBankFields /> : null}
        </section>
      ) : null}
      {bankAsk.link ? <Alert kind="info">{FEEDBACK_TEXT.bankLink}</Alert> : null}
      {requestedTypes.length > 0 ? <FeedbackDocuments requestedTypes={requestedTypes} typeDone={typeDone} onFiles={onFiles} /> : null}
      {formError ? (
        <div ref={alertRef} tabIndex={-1}>
          <Alert kind="error" assertive>
            {formError}
          </Alert>
        </div>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" size="lg" fullWidth disabled={blocked} loading={pending} aria-describedby={blocked ? gateId : undefined}>
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
    </FeedbackFieldsProvider>
  );
}
