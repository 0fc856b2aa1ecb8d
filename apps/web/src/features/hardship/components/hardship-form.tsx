import { HARDSHIP_REASON_LABELS, HARDSHIP_RULES } from '@payrail/contract/hardship';
import type { HardshipReason, THardshipPage } from '@payrail/contract/hardship';
import type { TDocument } from '@payrail/contract/documents';
import { isApiError } from '@payrail/client/http-client';
import { formatDate } from '@payrail/client/format';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { Checkbox } from '@payrail/ui/checkbox';
import { FieldError, FieldHint, FieldLabel } from '@payrail/ui/field';
import { RadioCards } from '@payrail/ui/radio-cards';
import { Select } from '@payrail/ui/select';
import { TextField } from '@payrail/ui/text-field';
import { parseDollarField } from '@payrail/domain/validation/money-input';
import { notify } from '@payrail/ui/toast/notify';
import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { DocumentUpload } from '../../../components/documents/document-upload';
import { useSubmitHardship } from '../api/hardship';
import styles from './hardship.module.css';

const REASONS = Object.entries(HARDSHIP_REASON_LABELS).map(([value, label]) => ({ value, label }));

/**
 * Dollars typed by the borrower ("2,500" or "$2500.50", up to seven digits) as cents, by the domain's
 * dollar-field rule; null when empty, NaN when not an amount.
 */
function dollarsToCents(text: string): number | null {
  if (text.trim() === '') return null;
  const parsed = parseDollarField(text, 7);
  return parsed.ok ? parsed.value : Number.NaN;
}

type Errors = Partial<Record<'reason' | 'description' | 'defer_payments' | 'monthly_income' | 'monthly_expenses' | 'document_ids' | 'server', string>>;

/**
 * The borrower's hardship request: reason, description, the plan (defer 1–3 payments, optionally waive
 * late fees), supporting documents (optional, encouraged) and monthly income and expenses (optional).
 * Errors are shown by their fields and summarised in an alert that takes the focus. Documents already
 * attached to an earlier request (`attached`) are not sent again.
 */
export function HardshipForm({ page, attached }: { page: THardshipPage; attached: ReadonlySet<number> }) {
  const id = useId();
  const submit = useSubmitHardship(page.loan_id);
  const [reason, setReason] = useState<HardshipReason | ''>('');
  const [description, setDescription] = useState('');
  const [defer, setDefer] = useState<'1' | '2' | '3' | null>(null);
  const [waive, setWaive] = useState(false);
  const [income, setIncome] = useState('');
  const [expenses, setExpenses] = useState('');
  const [documents, setDocuments] = useState<TDocument[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const summary = useRef<HTMLDivElement>(null);

  const plans = page.plans.map((p) => ({
    value: String(p.defer_payments) as '1' | '2' | '3',
    label: p.defer_payments === 1 ? 'Defer 1 payment' : `Defer ${p.defer_payments} payments`,
    description: `Next payment due ${formatDate(p.next_due_date)}; last payment ${formatDate(p.maturity_after)} (instead of ${formatDate(p.maturity_before)}).`,
  }));

  function check(): Errors {
    const e: Errors = {};
    if (!reason) e.reason = 'Choose the reason.';
    const d = description.trim();
    if (d.length < HARDSHIP_RULES.descriptionMin) e.description = `Tell us a little more (at least ${HARDSHIP_RULES.descriptionMin} characters).`;
    else if (d.length > HARDSHIP_RULES.descriptionMax) e.description = `Keep it under ${HARDSHIP_RULES.descriptionMax} characters.`;
    if (!defer) e.defer_payments = 'Choose how many payments to defer.';
    if (Number.isNaN(dollarsToCents(income))) e.monthly_income = 'Enter an amount in dollars, like 2,500.';
    if (Number.isNaN(dollarsToCents(expenses))) e.monthly_expenses = 'Enter an amount in dollars, like 1,800.';
    return e;
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const e = check();
    setErrors(e);
    if (Object.keys(e).length > 0) {
      requestAnimationFrame(() => summary.current?.focus());
      return;
    }
    submit.mutate(
      {
        reason: reason as HardshipReason,
        description: description.trim(),
        defer_payments: Number(defer),
        waive_late_fees: waive,
        // The uploader lists every hardship document of the member; those sent with an earlier request stay there.
        document_ids: documents.filter((d) => !attached.has(d.id)).map((d) => d.id),
        monthly_income: dollarsToCents(income),
        monthly_expenses: dollarsToCents(expenses),
      },
      {
        onSuccess: () => notify.success('Your hardship request is submitted. We will answer within 5 business days.'),
        onError: (error) => {
          const fields = isApiError(error) ? error.fieldErrors : {};
          const next: Errors = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0]]));
          next.server = isApiError(error)
            ? (error.serverMessage ?? (Object.keys(fields).length > 0 ? 'Please correct the fields below.' : undefined))
            : undefined;
          next.server ??= 'We could not send your request. Please try again.';
          setErrors(next);
          requestAnimationFrame(() => summary.current?.focus());
        },
      },
    );
  }

  const count = Object.values(errors).filter(Boolean).length;
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Request hardship help</h2>
      <p className={styles.muted}>
        If you cannot make your payments because of a hardship, we can move your next payments later. Your payment amounts and the total you repay stay the
        same; interest is charged per payment period, so a deferral does not add interest.
      </p>
      {count > 0 ? (
        <div ref={summary} tabIndex={-1}>
          <Alert kind="error" assertive>
            {errors.server ?? (count === 1 ? 'Please correct 1 field.' : `Please correct ${count} fields.`)}
          </Alert>
        </div>
      ) : null}
      <Select
        label="Reason"
        placeholder="Choose a reason"
        options={REASONS}
        value={reason}
        onChange={(e) => setReason(e.target.value as HardshipReason)}
        error={errors.reason}
        required
      />
      <div>
        <FieldLabel htmlFor={`${id}-description`}>What happened?</FieldLabel>
        <FieldHint
          id={`${id}-description-hint`}
        >{`Tell us what changed and until when you expect it to last (${HARDSHIP_RULES.descriptionMin} to ${HARDSHIP_RULES.descriptionMax} characters).`}</FieldHint>
        <textarea
          id={`${id}-description`}
          className={styles.textarea}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={HARDSHIP_RULES.descriptionMax}
          required
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={[`${id}-description-hint`, errors.description ? `${id}-description-error` : ''].filter(Boolean).join(' ')}
        />
        <FieldError id={`${id}-description-error`}>{errors.description}</FieldError>
      </div>
      {plans.length > 0 ? (
        <RadioCards
          legend="Your proposed plan"
          name={`${id}-plan`}
          options={plans}
          value={defer}
          onChange={setDefer}
          error={errors.defer_payments}
          columns={1}
          required
        />
      ) : (
        <Alert kind="info">No payment is left to defer on this loan.</Alert>
      )}
      <Checkbox label="Also ask us to waive the late fees charged on this loan" checked={waive} onChange={(e) => setWaive(e.target.checked)} />
      <DocumentUpload
        type="hardship_document"
        label="Supporting documents (optional, but they help us decide faster)"
        hint="A termination letter, medical bills, an insurance claim… A .jpg, .png or .pdf file of at most 2 MB each."
        onChange={setDocuments}
      />
      {errors.document_ids ? <Alert kind="error">{errors.document_ids}</Alert> : null}
      <div className={styles.row}>
        <TextField
          label="Monthly income"
          optional
          inputMode="decimal"
          value={income}
          onChange={(e) => setIncome(e.target.value)}
          error={errors.monthly_income}
          hint="In dollars, after taxes."
        />
        <TextField
          label="Monthly expenses"
          optional
          inputMode="decimal"
          value={expenses}
          onChange={(e) => setExpenses(e.target.value)}
          error={errors.monthly_expenses}
          hint="Rent, food, transport, other debts."
        />
      </div>
      <div>
        <Button type="submit" loading={submit.isPending} disabled={plans.length === 0}>
          Submit my request
        </Button>
      </div>
    </form>
  );
}
