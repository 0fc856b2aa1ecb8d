import { useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { PAYMENT_MSG } from '@payrail/contract/servicing';
import type { PaymentMode, PaymentRequestBody, TServicingLoan } from '@payrail/contract/servicing';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { Checkbox } from '@payrail/ui/checkbox';
import { Form } from '@payrail/ui/form';
import { MoneyField, moneyDefault } from '@payrail/ui/money-field';
import { Select } from '@payrail/ui/select';
import { LoadingBlock } from '@payrail/ui/spinner';
import { TextField } from '@payrail/ui/text-field';
import { notify } from '@payrail/ui/toast/notify';
import { displayAccountNumber, formatCents, formatDate } from '@payrail/client/format';
import { isApiError } from '@payrail/client/http-client';
import { useBankInformation } from '../../../api/get-bank-information';
import { useBankName } from '../../../api/get-bank-name';
import { BUSINESS_DATE_UNAVAILABLE, useBusinessDate } from '../api/get-business-date';
import { useNextTermDate } from '../api/get-next-term-date';
import { usePayoff } from '../api/get-payoff';
import { useTransactions } from '../api/get-transactions';
import { useRequestPayment } from '../api/request-payment';
import { newIdempotencyKey, paymentErrorMessages, quoteErrorMessage } from '../lib/payment-errors';
import { keptByPayoff, movedDateNotice, paymentLimit, payoffCancelsNotice, payoffOnItsWay } from '../lib/payment-limit';
import { PAYMENT_NOTICE_TIMEOUT_MS, paymentSentMessage } from '../lib/payment-outcome';
import { firstPaymentDate, ONE_TIME_MINIMUM_CENTS } from '../lib/servicing-format';
import { paymentFormSchema } from './payment-form.schema';
import type { PaymentFormInput } from './payment-form.schema';
import { ErrorMessages } from './error-messages';
import styles from './servicing.module.css';

const ACCOUNT_TYPES = [
  { value: 'checking', label: 'Checking' },
  { value: 'savings', label: 'Savings' },
];

/** Bad account/routing input leaves digits only. */
const digitsOnly = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);

export interface PaymentFormProps {
  mode: PaymentMode;
  loan: TServicingLoan;
  /** Auto-debit: the disclosure document link (composed by the app from the legal feature). */
  disclosureLink?: ReactNode;
  /** After the server accepted the payment (the notification, saying what was scheduled and when, is already shown). */
  onSent: () => void;
  onCancel?: () => void;
}

/**
 * "Today" for a payment is servicing's business date (GET /business_date), the day the server checks
 * against, not the browser's date: outside production staff may have moved the clock ahead. The form
 * waits for it; if it cannot be read, the form is not shown (the browser's date would offer days the
 * server refuses) and the borrower can ask again.
 */
export function PaymentForm(props: PaymentFormProps) {
  const businessDate = useBusinessDate();
  if (businessDate.isPending) return <LoadingBlock label="Loading today’s date…" />;
  if (businessDate.isError)
    return (
      <Alert kind="error" assertive>
        <p>{BUSINESS_DATE_UNAVAILABLE}</p>
        <Button variant="secondary" onClick={() => void businessDate.refetch()} loading={businessDate.isFetching}>
          Try again
        </Button>
      </Alert>
    );
  return <PaymentFormFields {...props} today={businessDate.data} />;
}

/** A new account's number, routing number (the bank looked up from it) and type, shown when "A new bank account" is chosen. */
function NewAccountFields() {
  const { register, setValue, formState } = useFormContext<PaymentFormInput>();
  const choice = useWatch<PaymentFormInput, 'account'>({ name: 'account' });
  const routingNumber = useWatch<PaymentFormInput, 'routing_number'>({ name: 'routing_number' });
  const bankName = useBankName(choice === 'new' ? routingNumber : '', 'dashboard');
  if (choice !== 'new') return null;
  const { errors } = formState;
  return (
    <div className={styles.fields}>
      <TextField
        label="Account number"
        inputMode="numeric"
        autoComplete="off"
        maxLength={17}
        error={errors.account_number?.message}
        required
        {...register('account_number', { onChange: (event: { target: { value: string } }) => setValue('account_number', digitsOnly(event.target.value, 17)) })}
      />
      <TextField
        label="Routing number"
        inputMode="numeric"
        autoComplete="off"
        maxLength={9}
        error={errors.routing_number?.message}
        hint={routingNumber.length === 9 ? (bankName.isPending ? 'Looking up the bank…' : bankName.data ? bankName.data : 'Bank not found!') : '9 digits'}
        required
        {...register('routing_number', { onChange: (event: { target: { value: string } }) => setValue('routing_number', digitsOnly(event.target.value, 9)) })}
      />
      <Select
        label="Account type"
        options={ACCOUNT_TYPES}
        placeholder="Choose the account type"
        error={errors.account_type?.message}
        required
        {...register('account_type')}
      />
    </div>
  );
}

/**
 * One ACH payment form for the three modes of spec §3/§5: one-time (amount ≥ $10.00, date ≥ today),
 * auto-debit (amount ≥ payment per term, the disclosure accepted; next payment date shown) and payoff
 * (amount fixed: the quote for the chosen date, today at first). The account is the one on file
 * (masked with X) or a new one, which the server verifies. Each submission carries one Idempotency-Key,
 * reused when the same submission is retried.
 */
function PaymentFormFields({ mode, loan, disclosureLink, onSent, onCancel, today }: PaymentFormProps & { today: string }) {
  const account = useBankInformation({ base: 'dashboard', retry: false });
  const pay = useRequestPayment();
  // The first day a payment may be dated: not before the business date, nor before the loan starts (the server's rule).
  const firstDate = firstPaymentDate(today, loan.effective_date);
  // The chosen date, followed here: its quote says the payoff, the day money really moves and what may be paid.
  const [date, setDate] = useState(firstDate);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const submission = useRef<{ fingerprint: string; key: string } | null>(null);

  const nextTerm = useNextTermDate(loan.id, mode === 'auto_debit');
  // The quote of the chosen date: the payoff amount, the day money really moves, and what a one-time payment may be.
  const payoff = usePayoff(loan.id, date, mode !== 'auto_debit' && /^\d{4}-\d{2}-\d{2}$/.test(date) && date >= firstDate);
  // The scheduled payments (the payments page lists them too): the date of a payoff on its way.
  const transactions = useTransactions(mode === 'auto_debit' ? null : loan.id);
  const limitId = useId();
  const movedId = useId();

  if (account.isPending) return <LoadingBlock label="Loading your bank account…" />;

  // The account on file is preselected; a borrower without one types a new account.
  const onFile = account.data && account.data.bank_account_number ? account.data : null;
  const minimum = mode === 'one_time' ? ONE_TIME_MINIMUM_CENTS : loan.payment_per_term;
  const quote = payoff.isFetching ? undefined : payoff.data;
  const limit = mode === 'one_time' && quote ? paymentLimit(quote, transactions.data) : null;
  // A payoff on its way pays everything: neither a payment nor a second payoff is offered.
  const scheduledPayoff = payoffOnItsWay(transactions.data);
  const payoffBlocked = mode === 'payoff' && scheduledPayoff !== undefined && !(quote?.payable_amount !== undefined && quote.payable_amount > 0);
  const blocked =
    mode === 'one_time' ? (limit?.blocked ?? null) : payoffBlocked && scheduledPayoff ? PAYMENT_MSG.payoffOnItsWay(formatDate(scheduledPayoff.due_date)) : null;
  const moved = mode === 'auto_debit' ? null : movedDateNotice(date, quote);
  // A payoff cancels the payments scheduled on or after the day the bank is debited; the earlier ones are still taken.
  const payoffNotice = mode === 'payoff' && transactions.data ? payoffCancelsNotice(transactions.data, quote?.date ?? date) : null;
  const schema = paymentFormSchema({ mode, today, loanStarts: loan.effective_date, paymentPerTerm: loan.payment_per_term, limit });
  const defaultValues: PaymentFormInput = {
    account: onFile ? 'on_file' : 'new',
    account_number: '',
    routing_number: '',
    account_type: '',
    // Dollars as typed; an auto-debit starts from the loan's payment per term.
    amount: mode === 'auto_debit' ? moneyDefault(loan.payment_per_term) : '',
    date: firstDate,
    disclosure: false,
  };

  const titles: Record<PaymentMode, string> = { one_time: 'One-time payment', auto_debit: 'Auto-debit', payoff: 'Payoff' };
  const accountOptions = [
    ...(onFile ? [{ value: 'on_file', label: `${onFile.bank_name ?? 'Bank account'} ${displayAccountNumber(onFile.bank_account_number)}` }] : []),
    { value: 'new', label: 'A new bank account' },
  ];

  return (
    <Form
      className={styles.form}
      aria-label={titles[mode]}
      schema={schema}
      options={{ mode: 'onSubmit', defaultValues }}
      onInvalidSubmit={() => setServerErrors([])}
      onSubmit={async (values) => {
        setServerErrors([]);
        if (blocked) return;
        // A payoff waits for the scheduled payments too: the dialog names those it cancels before it is confirmed.
        if (mode === 'payoff' && (!payoff.data || transactions.isPending)) return;
        const body: PaymentRequestBody = {
          method: 'ach',
          mode,
          loan_id: loan.id,
          ...(mode === 'payoff' ? {} : { amount: values.amount ?? 0 }),
          ...(mode === 'auto_debit' ? { disclosure_accepted: true } : { scheduling: { instant: values.date === today, date: values.date } }),
          ...(values.account === 'new'
            ? { params: { customBanking: { account_number: values.account_number, routing_number: values.routing_number, account_type: values.account_type } } }
            : {}),
        };
        // One key per submission: the same submission retried (after an error or a lost answer) keeps it.
        const fingerprint = JSON.stringify(body);
        if (submission.current?.fingerprint !== fingerprint) submission.current = { fingerprint, key: newIdempotencyKey() };
        try {
          const answer = await pay.mutateAsync({ body, key: submission.current.key });
          submission.current = null;
          // A payoff names the payments before its day (as the dialog did): they still go through first.
          const before = answer.transaction.transaction_mode === 'payoff' ? keptByPayoff(transactions.data, answer.transaction.due_date) : [];
          notify.success(paymentSentMessage(answer.transaction, today, undefined, before), { timeout: PAYMENT_NOTICE_TIMEOUT_MS });
          onSent();
        } catch (error) {
          if (isApiError(error) && [401, 403, 503].includes(error.status)) return;
          const messages = paymentErrorMessages(error);
          setServerErrors(messages);
          for (const message of messages) notify.error(message);
        }
      }}
    >
      {({ register, formState: { errors } }) => (
        <>
          {mode === 'auto_debit' ? (
            <p className={styles.note} aria-live="polite">
              {nextTerm.isPending
                ? 'Loading your next payment date…'
                : nextTerm.isError
                  ? quoteErrorMessage(nextTerm.error)
                  : `Next payment date: ${formatDate(nextTerm.data.next_term_date)}`}
            </p>
          ) : null}
          <Select
            label="Bank account"
            options={accountOptions}
            placeholder="Choose an account"
            error={errors.account?.message}
            required
            {...register('account')}
          />
          <NewAccountFields />
          {mode === 'payoff' ? (
            <div className={styles.payoffAmount} aria-live="polite">
              <span>Payoff amount</span>
              <output aria-label="Payoff amount">
                {payoff.isFetching ? 'Calculating…' : payoff.isError ? '—' : payoff.data ? formatCents(payoff.data.payoff_amount) : '—'}
              </output>
              {payoff.isError ? (
                <Alert kind="error" assertive>
                  {quoteErrorMessage(payoff.error)}
                </Alert>
              ) : null}
              <p className={styles.note} aria-live="polite">
                {payoffNotice ? <strong>{payoffNotice}</strong> : ''}
              </p>
            </div>
          ) : blocked ? null : (
            <>
              <MoneyField
                name="amount"
                label="Amount"
                hint={`In dollars, for example 50 or 50.25. At least ${formatCents(minimum)}${mode === 'auto_debit' ? ', your payment per term' : ''}.`}
                aria-describedby={limit?.hint ? limitId : undefined}
                required
              />
              {mode === 'one_time' ? (
                <p id={limitId} className={styles.note} aria-live="polite">
                  {limit?.hint ?? ''}
                </p>
              ) : null}
            </>
          )}
          {mode !== 'auto_debit' ? (
            <TextField
              label="Payment date"
              type="date"
              className={styles.datePicker}
              min={firstDate}
              aria-describedby={moved ? movedId : undefined}
              error={errors.date?.message}
              required
              {...register('date', { onChange: (event: { target: { value: string } }) => setDate(event.target.value) })}
            />
          ) : (
            <div className={styles.disclosure}>
              <p>
                By setting up auto-debit you authorize each payment of your loan to be debited from the account above on its due date, as described in the{' '}
                {disclosureLink ?? 'Auto Debit Disclosure'}. You may revoke this authorization by contacting us at least three business days before a payment
                date.
              </p>
              <Checkbox label="I have read and accept the Auto Debit Disclosure." error={errors.disclosure?.message} {...register('disclosure')} />
            </div>
          )}
          {mode !== 'auto_debit' ? (
            <p id={movedId} className={styles.note} aria-live="polite">
              {moved ? (mode === 'payoff' ? `${moved} The payoff amount above is for that day.` : moved) : ''}
            </p>
          ) : null}
          {blocked ? <Alert kind="info">{blocked}</Alert> : null}
          <ErrorMessages messages={serverErrors} />
          <div className={styles.actions}>
            {onCancel ? (
              <Button variant="secondary" onClick={onCancel}>
                Cancel
              </Button>
            ) : null}
            {blocked ? null : (
              <Button type="submit" loading={pay.isPending} disabled={mode === 'payoff' && (!payoff.data || transactions.isPending)}>
                {mode === 'payoff' ? 'Pay off my loan' : mode === 'auto_debit' ? 'Set up auto-debit' : 'Make payment'}
              </Button>
            )}
          </div>
        </>
      )}
    </Form>
  );
}
