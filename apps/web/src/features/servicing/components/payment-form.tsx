import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { PAYMENT_MSG } from '@payrail/contract/servicing';
import type { PaymentMode, PaymentRequestBody, TServicingLoan } from '@payrail/contract/servicing';
import { FIELD_MSG } from '@payrail/contract/messages';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { Checkbox } from '@payrail/ui/checkbox';
import { Select } from '@payrail/ui/select';
import { LoadingBlock } from '@payrail/ui/spinner';
import { TextField } from '@payrail/ui/text-field';
import { notify } from '@payrail/ui/toast/notify';
import { cents, formatCents as plainCents } from '@payrail/domain/money';
import { displayAccountNumber, formatCents, formatDate } from '@payrail/client/format';
import { isApiError } from '@payrail/client/http-client';
import { centsToInput, MONEY_INPUT_MAX_LENGTH, parseMoneyInput } from '@payrail/client/money-input';
import { useBankInformation } from '../../../api/get-bank-information';
import { useBankName } from '../../../api/get-bank-name';
import {
  newIdempotencyKey,
  paymentErrorMessages,
  quoteErrorMessage,
  useBusinessDate,
  useNextTermDate,
  usePayoff,
  useRequestPayment,
  useTransactions,
} from '../api/servicing';
import { movedDateNotice, paymentLimit, payoffOnItsWay } from '../lib/payment-limit';
import { PAYMENT_NOTICE_TIMEOUT_MS, paymentSentMessage } from '../lib/payment-outcome';
import { firstPaymentDate, ONE_TIME_MINIMUM_CENTS, todayIso } from '../lib/servicing-format';
import styles from './servicing.module.css';

type AccountChoice = 'on_file' | 'new' | '';
type Field = 'account' | 'account_number' | 'routing_number' | 'account_type' | 'amount' | 'date' | 'disclosure';
type Errors = Partial<Record<Field, string>>;

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
 * waits for it; if it cannot be read, the browser's date stands in (the server still refuses a date
 * before its own today, with its message).
 */
export function PaymentForm(props: PaymentFormProps) {
  const businessDate = useBusinessDate();
  if (businessDate.isPending) return <LoadingBlock label="Loading today’s date…" />;
  return <PaymentFormFields {...props} today={businessDate.data ?? todayIso()} />;
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
  const [choice, setChoice] = useState<AccountChoice>('');
  const [accountNumber, setAccountNumber] = useState('');
  const [routingNumber, setRoutingNumber] = useState('');
  const [accountType, setAccountType] = useState('');
  // Dollars as typed ("50", "50.50", "1,250.00"); an auto-debit starts from the loan's payment per term.
  const [amount, setAmount] = useState(mode === 'auto_debit' ? centsToInput(loan.payment_per_term) : '');
  // The first day a payment may be dated: not before the business date, nor before the loan starts (the server's rule).
  const firstDate = firstPaymentDate(today, loan.effective_date);
  const [date, setDate] = useState(firstDate);
  const [accepted, setAccepted] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const submission = useRef<{ fingerprint: string; key: string } | null>(null);

  const nextTerm = useNextTermDate(loan.id, mode === 'auto_debit');
  // The quote of the chosen date: the payoff amount, the day money really moves, and what a one-time payment may be.
  const payoff = usePayoff(loan.id, date, mode !== 'auto_debit' && /^\d{4}-\d{2}-\d{2}$/.test(date) && date >= firstDate);
  // The scheduled payments (the payments page lists them too): the date of a payoff on its way.
  const transactions = useTransactions(mode === 'auto_debit' ? null : loan.id);
  const limitId = useId();
  const movedId = useId();
  const bankName = useBankName(choice === 'new' ? routingNumber : '', 'dashboard');

  const onFile = account.data && account.data.bank_account_number ? account.data : null;
  // The account on file is preselected once known; a borrower without one types a new account.
  useEffect(() => {
    if (choice === '' && !account.isPending) setChoice(onFile ? 'on_file' : 'new');
  }, [choice, account.isPending, onFile]);

  if (account.isPending) return <LoadingBlock label="Loading your bank account…" />;

  const minimum = mode === 'one_time' ? ONE_TIME_MINIMUM_CENTS : loan.payment_per_term;
  const quote = payoff.isFetching ? undefined : payoff.data;
  const limit = mode === 'one_time' && quote ? paymentLimit(quote, transactions.data) : null;
  // A payoff on its way pays everything: neither a payment nor a second payoff is offered.
  const scheduledPayoff = payoffOnItsWay(transactions.data);
  const payoffBlocked = mode === 'payoff' && scheduledPayoff !== undefined && !(quote?.payable_amount !== undefined && quote.payable_amount > 0);
  const blocked =
    mode === 'one_time' ? (limit?.blocked ?? null) : payoffBlocked && scheduledPayoff ? PAYMENT_MSG.payoffOnItsWay(formatDate(scheduledPayoff.due_date)) : null;
  const moved = mode === 'auto_debit' ? null : movedDateNotice(date, quote);

  const validate = (): Errors => {
    const found: Errors = {};
    if (choice === '') found.account = PAYMENT_MSG.accountRequired;
    if (choice === 'new') {
      if (!accountNumber) found.account_number = FIELD_MSG.blank;
      if (!routingNumber) found.routing_number = FIELD_MSG.blank;
      if (accountType !== 'checking' && accountType !== 'savings') found.account_type = accountType ? PAYMENT_MSG.accountTypeInvalid : FIELD_MSG.blank;
    }
    if (mode !== 'payoff') {
      // Dollars as typed → exact cents (one reader for every amount of the payment screens).
      const typed = parseMoneyInput(amount);
      if (!typed.ok) found.amount = typed.message;
      else if (typed.cents < minimum)
        found.amount = mode === 'one_time' ? PAYMENT_MSG.lowerThanMinimum : PAYMENT_MSG.lowerThanTerm(plainCents(cents(loan.payment_per_term)));
      else if (limit && typed.cents > limit.maxCents) found.amount = limit.refusal;
    }
    if (mode !== 'auto_debit') {
      if (!date) found.date = PAYMENT_MSG.dateRequired;
      else if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) found.date = PAYMENT_MSG.dateInvalid;
      else if (date < today) found.date = PAYMENT_MSG.dateInPast;
      else if (date < loan.effective_date) found.date = PAYMENT_MSG.dateBeforeLoan;
    }
    if (mode === 'auto_debit' && !accepted) found.disclosure = PAYMENT_MSG.disclosureRequired;
    return found;
  };

  const submit = async () => {
    setServerErrors([]);
    if (blocked) return;
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    // A payoff waits for the scheduled payments too: the dialog names those it cancels before it is confirmed.
    if (mode === 'payoff' && (!payoff.data || transactions.isPending)) return;
    const typed = parseMoneyInput(amount);
    const body: PaymentRequestBody = {
      method: 'ach',
      mode,
      loan_id: loan.id,
      ...(mode === 'payoff' ? {} : { amount: typed.ok ? typed.cents : 0 }),
      ...(mode === 'auto_debit' ? { disclosure_accepted: true } : { scheduling: { instant: date === today, date } }),
      ...(choice === 'new' ? { params: { customBanking: { account_number: accountNumber, routing_number: routingNumber, account_type: accountType } } } : {}),
    };
    // One key per submission: the same submission retried (after an error or a lost answer) keeps it.
    const fingerprint = JSON.stringify(body);
    if (submission.current?.fingerprint !== fingerprint) submission.current = { fingerprint, key: newIdempotencyKey() };
    try {
      const answer = await pay.mutateAsync({ body, key: submission.current.key });
      submission.current = null;
      notify.success(paymentSentMessage(answer.transaction, today), { timeout: PAYMENT_NOTICE_TIMEOUT_MS });
      onSent();
    } catch (error) {
      if (isApiError(error) && [401, 403, 503].includes(error.status)) return;
      const messages = paymentErrorMessages(error);
      setServerErrors(messages);
      for (const message of messages) notify.error(message);
    }
  };

  const titles: Record<PaymentMode, string> = { one_time: 'One-time payment', auto_debit: 'Auto-debit', payoff: 'Payoff' };
  const accountOptions = [
    ...(onFile ? [{ value: 'on_file', label: `${onFile.bank_name ?? 'Bank account'} ${displayAccountNumber(onFile.bank_account_number)}` }] : []),
    { value: 'new', label: 'A new bank account' },
  ];

  return (
    <form
      noValidate
      className={styles.form}
      aria-label={titles[mode]}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
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
        value={choice}
        onChange={(event) => {
          setChoice(event.target.value as AccountChoice);
          setErrors((current) => ({ ...current, account: undefined }));
        }}
        error={errors.account}
        required
      />
      {choice === 'new' ? (
        <div className={styles.fields}>
          <TextField
            label="Account number"
            inputMode="numeric"
            autoComplete="off"
            value={accountNumber}
            maxLength={17}
            onChange={(event) => setAccountNumber(digitsOnly(event.target.value, 17))}
            error={errors.account_number}
            required
          />
          <TextField
            label="Routing number"
            inputMode="numeric"
            autoComplete="off"
            value={routingNumber}
            maxLength={9}
            onChange={(event) => setRoutingNumber(digitsOnly(event.target.value, 9))}
            error={errors.routing_number}
            hint={routingNumber.length === 9 ? (bankName.isPending ? 'Looking up the bank…' : bankName.data ? bankName.data : 'Bank not found!') : '9 digits'}
            required
          />
          <Select
            label="Account type"
            options={ACCOUNT_TYPES}
            placeholder="Choose the account type"
            value={accountType}
            onChange={(event) => setAccountType(event.target.value)}
            error={errors.account_type}
            required
          />
        </div>
      ) : null}
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
        </div>
      ) : blocked ? null : (
        <>
          <TextField
            label="Amount"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            maxLength={MONEY_INPUT_MAX_LENGTH}
            onChange={(event) => {
              setAmount(event.target.value);
              setErrors((current) => ({ ...current, amount: undefined }));
            }}
            hint={`In dollars, for example 50 or 50.25. At least ${formatCents(minimum)}${mode === 'auto_debit' ? ', your payment per term' : ''}.`}
            aria-describedby={limit?.hint ? limitId : undefined}
            error={errors.amount}
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
          value={date}
          onChange={(event) => {
            setDate(event.target.value);
            setErrors((current) => ({ ...current, date: undefined }));
          }}
          aria-describedby={moved ? movedId : undefined}
          error={errors.date}
          required
        />
      ) : (
        <div className={styles.disclosure}>
          <p>
            By setting up auto-debit you authorize each payment of your loan to be debited from the account above on its due date, as described in the{' '}
            {disclosureLink ?? 'Auto Debit Disclosure'}. You may revoke this authorization by contacting us at least three business days before a payment date.
          </p>
          <Checkbox
            label="I have read and accept the Auto Debit Disclosure."
            checked={accepted}
            onChange={(event) => setAccepted(event.target.checked)}
            error={errors.disclosure}
          />
        </div>
      )}
      {mode !== 'auto_debit' ? (
        <p id={movedId} className={styles.note} aria-live="polite">
          {moved ? (mode === 'payoff' ? `${moved} The payoff amount above is for that day.` : moved) : ''}
        </p>
      ) : null}
      {blocked ? <Alert kind="info">{blocked}</Alert> : null}
      {serverErrors.length > 0 ? (
        <Alert kind="error" assertive>
          {serverErrors.length === 1 ? (
            serverErrors[0]
          ) : (
            <ul>
              {serverErrors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          )}
        </Alert>
      ) : null}
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
    </form>
  );
}
