import { useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { APPLICATION_MSG, INCOME_SOURCES, WORKING_TIME_RANGE_LABELS } from '@payrail/contract/application';
import type { TEmployerEntrypoint, TOkStatusResponse } from '@payrail/contract/application';
import { FIELD_MSG, MSG } from '@payrail/contract/messages';
import type { TEmployer } from '@payrail/contract/reference';
import { Alert } from '@payrail/ui/alert';
import { Form } from '@payrail/ui/form';
import { RadioCards } from '@payrail/ui/radio-cards';
import { Select } from '@payrail/ui/select';
import { StepActions } from '@payrail/ui/step-actions';
import { notify } from '@payrail/ui/toast/notify';
import { isApiError } from '@payrail/client/http-client';
import { changeIncomeSource } from '../api/change-income-source';
import { createEmployer } from '../api/create-employer';
import { selectEmployer } from '../api/select-employer';
import { updateField } from '../api/update-field';
import { LatestSaves } from '@payrail/ui/latest-saves';
import {
  SHORT_TENURE,
  confirmBlocker,
  employerFormSchema,
  employerSelectedRequest,
  incomeSourceRequest,
  isPartner,
  newEmployerRequest,
} from './employer-form.schema';
import type { EmployerFormValues } from './employer-form.schema';
import { EmployerSection } from './employer-section';
import type { EmployerFieldErrors } from './employer-section';
import styles from './employer.module.css';

export interface EmployerFormProps {
  initial: TEmployerEntrypoint;
  initialMilitaryActive: boolean | null;
  /** The server answered `{ ok, new_status }`: open the page of that status. */
  onDone: (newStatus: string) => void;
  /** A step call was refused with the server's current status (422 `{ error, current_status }`). */
  onRefused: (error: unknown) => boolean;
  onBack?: () => void;
  backPending?: boolean;
}

type FieldErrors = EmployerFieldErrors;
type EmployerFormMethods = UseFormReturn<EmployerFormValues, unknown, EmployerFormValues>;
const YES_NO = [
  { value: 'no', label: 'No' },
  { value: 'yes', label: 'Yes' },
] as const;

const firstErrors = (error: unknown): FieldErrors => {
  if (!isApiError(error)) return {};
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    const key = field.split('.').at(-1) ?? field;
    if (messages[0]) out[key] = messages[0];
  }
  return out as FieldErrors;
};

const silentStatus = (error: unknown) => isApiError(error) && (error.status === 401 || error.status === 403 || error.status === 503);

/**
 * Employer and income (spec §2, §4, §5): source of income; for Employed a listed employer (search) or a
 * new one; the employee id of a partner employer; the working time range and the active-duty question.
 */
export function EmployerForm({ initial, initialMilitaryActive, onDone, onRefused, onBack, backPending }: EmployerFormProps) {
  const [search, setSearch] = useState('');
  // One save per auto-saved field in flight; a save reads the newest answer from the form when it runs,
  // and an answer to an older value is ignored.
  const [saves] = useState(() => new LatestSaves());
  const militaryGroupRef = useRef<HTMLDivElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  // The employer typed in as "not listed" is created once; a retry with the same answers reuses it.
  const [created, setCreated] = useState<{ key: string; id: number } | null>(null);
  // Picking or dropping an employer removes the control under the focus: put it on what replaces it.
  const [focusTarget, setFocusTarget] = useState<'picked' | 'search' | null>(null);
  const pickedRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusTarget === 'picked') pickedRef.current?.focus();
    if (focusTarget === 'search') searchRef.current?.focus();
    if (focusTarget) setFocusTarget(null);
  }, [focusTarget]);
  const [defaultValues] = useState<EmployerFormValues>(() => ({
    incomeSource: initial.income_source,
    employer: initial.employer_obj && { id: initial.employer_obj.id, name: initial.employer_obj.name, partnership: initial.employer_obj.partnership },
    notListed: false,
    newEmployer: { name: '', paymentFrequency: '', paymentDate: '' },
    employeeId: initial.employee_id ?? '',
    workingTimeRange: initial.working_time_range,
    militaryActive: initialMilitaryActive,
  }));

  const clearErrors = (...fields: (keyof FieldErrors)[]) =>
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !fields.includes(key as keyof FieldErrors))));

  /**
   * Spec §5: "failed field updates (working time range, military active) show the server data as the
   * field error". Sends the newest answer of the field; the error is kept only while it still holds it.
   */
  const saveAnswer = (form: EmployerFormMethods, field: 'working_time_range' | 'military_active') => {
    const current = () => (field === 'working_time_range' ? form.getValues('workingTimeRange') : form.getValues('militaryActive'));
    saves.run(field, async () => {
      const value = current();
      if (value === null) return;
      try {
        await updateField(field, value);
      } catch (error) {
        if (silentStatus(error) || current() !== value) return;
        const text = isApiError(error) ? (error.fieldError(field) ?? error.fieldError(`loan_borrower.${field}`) ?? error.serverMessage) : undefined;
        if (text) setErrors((errs) => ({ ...errs, [field]: text }));
      }
    });
  };

  /** The active-duty question unanswered at Confirm: the server's "can't be blank" on it, focus on it. */
  const askMilitary = () => {
    setErrors((current) => ({ ...current, military_active: FIELD_MSG.blank }));
    militaryGroupRef.current?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
  };

  /** Confirm: the schema let only complete answers through (`confirmBlocker`). */
  const submit = async (answers: EmployerFormValues) => {
    const { incomeSource, employer, notListed, newEmployer, militaryActive } = answers;
    if (!incomeSource) return;
    setErrors({});
    if (militaryActive === null) {
      askMilitary();
      return;
    }
    try {
      // Active duty: change_income_source does not carry the answer, so the server is asked for its
      // refusal of it first (employer_selected refuses it as well).
      if (militaryActive) await updateField('military_active', true);
      let answer: TOkStatusResponse;
      if (incomeSource === 'Employed') {
        let employerId = employer?.id ?? null;
        if (notListed) {
          const key = JSON.stringify(newEmployer);
          if (created?.key === key) {
            employerId = created.id;
          } else {
            const { employer_id } = await createEmployer(newEmployerRequest(answers));
            setCreated({ key, id: employer_id });
            employerId = employer_id;
          }
        }
        if (employerId === null) return;
        answer = await selectEmployer(employerSelectedRequest(answers, employerId));
      } else {
        answer = await changeIncomeSource(incomeSourceRequest(answers));
      }
      onDone(answer.new_status);
    } catch (error) {
      if (silentStatus(error) || onRefused(error)) return;
      const fields = firstErrors(error);
      if (Object.keys(fields).length > 0) {
        setErrors(fields);
        return;
      }
      notify.error(isApiError(error) ? (error.serverMessage ?? error.message) : MSG.employerSearchFailed);
    }
  };

  return (
    <Form className={styles.form} aria-label="Employer and income" schema={employerFormSchema} options={{ defaultValues }} onSubmit={submit}>
      {(form) => {
        const answers = form.watch();
        const { incomeSource, employer, notListed, newEmployer, employeeId, workingTimeRange, militaryActive } = answers;
        const blocker = confirmBlocker(answers);
        const employed = incomeSource === 'Employed';
        const partner = employed && !notListed && isPartner(employer);
        const set = form.setValue;

        /** Changing the source or ticking "not listed" clears the employer, the employee id and the search (spec §4). */
        const clearEmployer = () => {
          set('employer', null);
          set('employeeId', '');
          setSearch('');
          clearErrors('employer_id', 'employee_id');
        };

        const pickEmployer = (picked: TEmployer) => {
          set('employer', { id: picked.id, name: picked.name, partnership: picked.partnership });
          set('employeeId', '');
          clearErrors('employer_id', 'employee_id');
          setFocusTarget('picked');
        };

        const tenureError = errors.working_time_range ?? (workingTimeRange === SHORT_TENURE ? MSG.tenureTooShort : undefined);

        return (
          <>
            <RadioCards
              legend="What is your source of income?"
              name="income_source"
              options={INCOME_SOURCES.map((source) => ({ value: source, label: source }))}
              value={incomeSource}
              onChange={(value) => {
                set('incomeSource', value);
                set('notListed', false);
                clearEmployer();
                clearErrors('income_source');
              }}
              error={errors.income_source}
              required
            />

            {employed ? (
              <EmployerSection
                employer={employer}
                notListed={notListed}
                newEmployer={newEmployer}
                employeeId={employeeId}
                partner={partner}
                search={search}
                errors={errors}
                pickedRef={pickedRef}
                searchRef={searchRef}
                onSearchChange={setSearch}
                onPick={pickEmployer}
                onChangeEmployer={() => {
                  clearEmployer();
                  setFocusTarget('search');
                }}
                onNotListedChange={(checked) => {
                  set('notListed', checked);
                  clearEmployer();
                }}
                onNewEmployerChange={(field, value) => {
                  set(`newEmployer.${field}`, value);
                  clearErrors(field, ...(field === 'name' ? (['employer_id'] as const) : []));
                }}
                onEmployeeIdChange={(value) => {
                  set('employeeId', value);
                  clearErrors('employee_id');
                }}
              />
            ) : null}

            {incomeSource ? (
              <>
                <Select
                  label="How long have you been at your current job?"
                  placeholder="Choose a time range"
                  options={WORKING_TIME_RANGE_LABELS.map((label) => ({ value: label, label }))}
                  value={workingTimeRange ?? ''}
                  onChange={(event) => {
                    set('workingTimeRange', event.target.value || null);
                    clearErrors('working_time_range');
                    saveAnswer(form, 'working_time_range');
                  }}
                  error={tenureError}
                />
                <div ref={militaryGroupRef}>
                  <RadioCards
                    legend="Are you an active-duty member of the armed forces?"
                    name="military_active"
                    options={YES_NO}
                    value={militaryActive === null ? null : militaryActive ? 'yes' : 'no'}
                    onChange={(value) => {
                      set('militaryActive', value === 'yes');
                      clearErrors('military_active');
                      saveAnswer(form, 'military_active');
                    }}
                    error={errors.military_active}
                    required
                  />
                </div>
                {militaryActive ? <Alert kind="warning">{APPLICATION_MSG.militaryIneligible}</Alert> : null}
              </>
            ) : null}

            <StepActions
              submitId="employer-confirm"
              submitLabel="Confirm"
              disabled={blocker !== null}
              pending={form.formState.isSubmitting}
              hint={blocker}
              onBack={onBack}
              backPending={backPending}
            />
          </>
        );
      }}
    </Form>
  );
}
