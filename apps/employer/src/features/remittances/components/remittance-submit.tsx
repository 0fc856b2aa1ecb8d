import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useFieldArray } from 'react-hook-form';
import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { isIsoDate } from '@payrail/domain/dates';
import { ZEmployerRemittanceErrors } from '@payrail/contract/employer-remittances';
import type { TEmployerRemittanceRequest, TEmployerRemittanceSubmitted } from '@payrail/contract/employer-remittances';
import { isApiError } from '@payrail/client/http-client';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { FileField, fileInput } from '@payrail/ui/file-field';
import { Form } from '@payrail/ui/form';
import { MoneyField, moneyDefault, moneyInput } from '@payrail/ui/money-field';
import { RadioCards } from '@payrail/ui/radio-cards';
import { TextField } from '@payrail/ui/text-field';
import { formatCents, formatDate } from '@payrail/client/format';
import styles from '@payrail/ui/styles/staff-page.module.css';
import { errorMessage } from '@payrail/ui/error-message';
import { useSubmitRemittance } from '../api/remittances';
import { Reconciliation } from './reconciliation';
import own from './remittance-submit.module.css';

/** The deductions expected on a pay date (the deduction file), to prefill the on-screen entry. */
export interface ExpectedDeductions {
  payDate: string;
  lines: readonly { employeeId: string; employeeName: string; deductionCents: number }[];
}

export const REMITTANCE_FORM_MSG = {
  fileRequired: 'Choose the remittance CSV file.',
  fileTooLarge: 'The file is larger than 2 MB.',
  payDate: 'Enter the pay date as YYYY-MM-DD.',
  employeeId: 'Enter the employee id.',
  amount: 'Enter the amount remitted in dollars, for example 125.40 (0.00 if nothing).',
} as const;

const MAX_BYTES = 2_000_000;

const ZScreenForm = z
  .object({
    pay_date: z
      .string()
      .trim()
      .refine((v) => isIsoDate(v), REMITTANCE_FORM_MSG.payDate),
    lines: z
      .array(
        z.object({
          employee_id: z.string().trim().min(1, REMITTANCE_FORM_MSG.employeeId).max(64),
          employee_name: z.string(),
          expected: z.number().nullable(),
          amount: moneyInput({ message: REMITTANCE_FORM_MSG.amount }),
        }),
      )
      .min(1),
  })
  .transform((v) => ({ pay_date: v.pay_date, lines: v.lines.map((l) => ({ employee_id: l.employee_id, amount: l.amount })) }));
type ScreenInput = z.input<typeof ZScreenForm>;
type ScreenOutput = z.output<typeof ZScreenForm>;

/** A refused remittance: the server's message and each line's problem. */
function Failure({ error }: { error: unknown }) {
  const parsed = isApiError(error) ? ZEmployerRemittanceErrors.safeParse(error.data) : null;
  if (!parsed?.success)
    return (
      <Alert kind="error" assertive>
        {errorMessage(error, 'We could not submit the remittance. Please try again.')}
      </Alert>
    );
  return (
    <Alert kind="error" assertive title={parsed.data.error}>
      {parsed.data.line_errors.length > 0 ? (
        <ul>
          {parsed.data.line_errors.map((l) => (
            <li key={`${String(l.line)}-${l.column ?? ''}-${l.message}`}>
              {l.line > 0 ? `Line ${String(l.line)}: ` : ''}
              {l.message}
            </li>
          ))}
        </ul>
      ) : null}
    </Alert>
  );
}

const ZUploadForm = z
  .object({ file: fileInput({ required: REMITTANCE_FORM_MSG.fileRequired, maxSize: { bytes: MAX_BYTES, message: REMITTANCE_FORM_MSG.fileTooLarge } }) })
  .transform(({ file }) => file);

function UploadForm({ submit, pending, failure }: { submit: (body: TEmployerRemittanceRequest) => Promise<unknown>; pending: boolean; failure: ReactNode }) {
  return (
    <Form
      schema={ZUploadForm}
      options={{ mode: 'onSubmit', defaultValues: { file: null } }}
      aria-label="Upload a remittance file"
      className={styles.stack}
      onSubmit={async (file) => {
        await submit({ csv: await file.text(), file_name: file.name });
      }}
    >
      {() => (
        <>
          <FileField
            name="file"
            label="Remittance file (CSV)"
            hint="The deduction file's layout: pay_date, employee_id, employee_name, deduction (what you remitted, in dollars), change. One pay date per file."
            accept=".csv,text/csv"
          />
          {failure}
          <div className={own.actions}>
            <Button type="submit" loading={pending}>
              Submit the remittance
            </Button>
          </div>
        </>
      )}
    </Form>
  );
}

function EntryRows({ form, expected }: { form: UseFormReturn<ScreenInput, unknown, ScreenOutput>; expected: ExpectedDeductions | null }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'lines' });
  const errors = form.formState.errors;
  return (
    <fieldset className={own.entries}>
      <legend>Amount remitted per employee</legend>
      {fields.map((field, index) => {
        const known = field.expected !== null;
        return (
          <div key={field.id} className={own.row}>
            {known ? (
              <p className={own.employee}>
                <span className={own.employeeName}>{field.employee_name}</span>
                <span className={own.employeeMeta}>
                  Employee id {field.employee_id} · deduction {formatCents(field.expected)}
                  {expected ? ` on ${formatDate(expected.payDate)}` : ''}
                </span>
              </p>
            ) : (
              <TextField
                label={`Employee id (added line ${String(index + 1)})`}
                error={errors.lines?.[index]?.employee_id?.message}
                {...form.register(`lines.${index}.employee_id`)}
              />
            )}
            <MoneyField
              name={`lines.${index}.amount`}
              label={known ? `Remitted for ${field.employee_name} ($)` : `Remitted ($), added line ${String(index + 1)}`}
            />
            {known ? null : (
              <Button type="button" size="sm" variant="ghost" onClick={() => remove(index)}>
                Remove added line {index + 1}
              </Button>
            )}
          </div>
        );
      })}
      <div className={own.actions}>
        <Button type="button" variant="secondary" size="sm" onClick={() => append({ employee_id: '', employee_name: '', expected: null, amount: '' })}>
          Add an employee
        </Button>
      </div>
    </fieldset>
  );
}

function ScreenForm({
  expected,
  submit,
  failure,
}: {
  expected: ExpectedDeductions | null;
  submit: (body: TEmployerRemittanceRequest) => Promise<unknown>;
  failure: ReactNode;
}) {
  const defaults: ScreenInput = {
    pay_date: expected?.payDate ?? '',
    lines: (expected?.lines ?? [])
      .filter((l) => l.deductionCents > 0)
      .map((l) => ({ employee_id: l.employeeId, employee_name: l.employeeName, expected: l.deductionCents, amount: moneyDefault(l.deductionCents) })),
  };
  if (defaults.lines.length === 0) defaults.lines.push({ employee_id: '', employee_name: '', expected: null, amount: '' });
  return (
    <Form
      key={expected?.payDate ?? 'none'}
      schema={ZScreenForm}
      options={{ defaultValues: defaults }}
      aria-label="Enter the amounts remitted"
      className={styles.stack}
      onSubmit={(values) => submit(values).catch(() => undefined)}
    >
      {(form) => (
        <>
          <p className={styles.lead}>
            {expected
              ? `Prefilled with the deductions due on ${formatDate(expected.payDate)}: change what you remitted differently.`
              : 'Enter the pay date and what you remitted for each employee.'}
          </p>
          <TextField label="Pay date" type="date" error={form.formState.errors.pay_date?.message} {...form.register('pay_date')} />
          <EntryRows form={form} expected={expected} />
          {failure}
          <div className={own.actions}>
            <Button type="submit" loading={form.formState.isSubmitting}>
              Submit the remittance
            </Button>
          </div>
        </>
      )}
    </Form>
  );
}

/** Submit what payroll remitted for a pay date (a CSV upload or totals typed in) and see the reconciliation. */
export function RemittanceSubmit({ expected }: { expected: ExpectedDeductions | null }) {
  const id = useId();
  const [mode, setMode] = useState<'upload' | 'screen'>('upload');
  const submission = useSubmitRemittance();
  const [result, setResult] = useState<TEmployerRemittanceSubmitted | null>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (result) resultHeading.current?.focus();
  }, [result]);

  // Shown right above the submit button, where the person looks after pressing it.
  const failure = submission.isError ? <Failure error={submission.error} /> : null;
  const submit = async (body: TEmployerRemittanceRequest) => {
    setResult(null);
    setResult(await submission.mutateAsync(body));
  };

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Submit a remittance</h2>
      <RadioCards
        legend="How do you want to tell us what you remitted?"
        name={`${id}-mode`}
        value={mode}
        onChange={(value) => {
          submission.reset();
          setMode(value);
        }}
        options={[
          { value: 'upload', label: 'Upload a CSV file', description: 'The deduction file with what you remitted in the deduction column.' },
          { value: 'screen', label: 'Enter totals on screen', description: 'One amount per employee, prefilled with the deductions due.' },
        ]}
      />
      {mode === 'upload' ? (
        <UploadForm submit={(body) => submit(body).catch(() => undefined)} pending={submission.isPending} failure={failure} />
      ) : (
        <ScreenForm expected={expected} submit={submit} failure={failure} />
      )}
      {result ? (
        <div className={`${styles.stack} ${own.resultBlock}`}>
          <h3 ref={resultHeading} tabIndex={-1} className={own.result}>
            Reconciliation of your remittance
          </h3>
          {result.duplicate ? (
            <Alert kind="info">This remittance was submitted before: nothing was posted again.</Alert>
          ) : (
            <Alert kind="success">Remittance received and posted.</Alert>
          )}
          <Reconciliation remittance={result} />
        </div>
      ) : null}
    </section>
  );
}
