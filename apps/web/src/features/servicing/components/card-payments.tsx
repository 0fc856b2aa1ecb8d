import { useEffect, useId, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { PAYMENT_MSG } from '@payrail/contract/servicing';
import type { TServicingLoan } from '@payrail/contract/servicing';
import type { TWalletCard } from '@payrail/contract/banking';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { Form, FormError } from '@payrail/ui/form';
import { MoneyField, moneyInput } from '@payrail/ui/money-field';
import { Select } from '@payrail/ui/select';
import { TextField } from '@payrail/ui/text-field';
import { notify } from '@payrail/ui/toast/notify';
import { formatCardExpiry, formatCents, formatDate } from '@payrail/client/format';
import { useAddDebitCard } from '../api/add-debit-card';
import { usePullCardPayment } from '../api/create-pull-transaction';
import { useBusinessDate } from '../api/get-business-date';
import { useDebitCards } from '../api/get-debit-cards';
import { useDebitTransactions } from '../api/get-debit-transactions';
import { usePayoff } from '../api/get-payoff';
import { useTransactions } from '../api/get-transactions';
import { newIdempotencyKey, paymentErrorMessages } from '../lib/payment-errors';
import { paymentLimit } from '../lib/payment-limit';
import type { PaymentLimit } from '../lib/payment-limit';
import { PAYMENT_NOTICE_TIMEOUT_MS, paymentSentMessage } from '../lib/payment-outcome';
import { ONE_TIME_MINIMUM_CENTS } from '../lib/servicing-format';
import styles from './servicing.module.css';

export const CARD_MSG = {
  cardAdded: 'Your card was added.',
  cardSaveFailed: 'We could not save your card. Please try again.',
  tokenizerLoading: 'The card form is still loading.',
  fillCard: 'Please fill in every card field.',
  noCards: 'No debit card saved yet: add one below.',
} as const;

const EMPTY = { name: '', number: '', expMonth: '', expYear: '', cvc: '' };

/** A saved card as listed: brand, last four and the expiry as MM/YY when the processor reported it (access §1). */
export function cardLabel(card: Pick<TWalletCard, 'brand' | 'last4' | 'exp_month' | 'exp_year'>): string {
  const expiry = formatCardExpiry(card.exp_month, card.exp_year);
  return `${card.brand ?? 'Card'} ending ${card.last4}${expiry ? ` (expires ${expiry})` : ''}`;
}

/** The browser-side card tokenizer (sandbox or Stripe.js), composed in app/: the card number goes to it only. */
export interface PaymentCardTokenizer {
  tokenize(card: typeof EMPTY): Promise<{ ok: true; token: string } | { ok: false; message: string }>;
}

/** What the borrower has typed in the card payment: the chosen card and the amount as typed. */
export interface CardPaymentValues {
  account: string;
  amount: string;
}

/**
 * The card payment's typed values, kept by whoever holds it (the payments page, which stays mounted while
 * the loan is read again): the panel, or the loan, may remount without losing what was typed. One per loan.
 */
export interface CardPaymentDraft {
  read(loanId: number): CardPaymentValues;
  save(loanId: number, values: Partial<CardPaymentValues>): void;
}

const NO_DRAFT: CardPaymentValues = { account: '', amount: '' };

export function createCardPaymentDraft(): CardPaymentDraft {
  const byLoan = new Map<number, CardPaymentValues>();
  return {
    read: (loanId) => byLoan.get(loanId) ?? NO_DRAFT,
    save: (loanId, values) => {
      byLoan.set(loanId, { ...(byLoan.get(loanId) ?? NO_DRAFT), ...values });
    },
  };
}

/** A draft held for the life of the calling component. */
export function useCardPaymentDraft(): CardPaymentDraft {
  const [draft] = useState(createCardPaymentDraft);
  return draft;
}

/** The card payment's amount: dollars as typed → cents, at least the one-time minimum and at most today's limit. */
export function cardPaymentSchema(limit: PaymentLimit | null) {
  return z.object({
    amount: moneyInput({
      min: ONE_TIME_MINIMUM_CENTS,
      minMessage: PAYMENT_MSG.lowerThanMinimum,
      ...(limit ? { max: limit.maxCents, maxMessage: limit.refusal } : {}),
    }),
  });
}

/** The add-a-card form: every field as typed (the tokenizer reads them; its first error is the form's message). */
const addCardSchema = z.object({ name: z.string(), number: z.string(), expMonth: z.string(), expYear: z.string(), cvc: z.string() });

/** A refusal of the add-a-card form, shown under it as typed here. */
class CardFormError extends Error {}

/** Keeps the typed amount in the draft as it changes. */
function KeepAmount({ draft, loanId }: { draft: CardPaymentDraft; loanId: number }) {
  const amount = useWatch<{ amount: string }, 'amount'>({ name: 'amount' });
  useEffect(() => {
    draft.save(loanId, { amount });
  }, [draft, loanId, amount]);
  return null;
}

/**
 * Debit-card payments on the payments page (spec §7): the saved cards, a card added through the card
 * tokenizer (the number goes to the tokenizer, never to our server; the first tokenizer error shows under
 * the form, spec §8), a one-time payment charged to a card (one Idempotency-Key per submission: a retry
 * or double click is one charge), and the loan's card payments. What was typed in the payment lives in
 * `draft` (given by the payments page), so a remount keeps it.
 */
export function CardPayments({
  loan,
  onSent,
  tokenizer,
  headingLevel = 4,
  draft: givenDraft,
}: {
  loan: TServicingLoan;
  onSent: () => void;
  tokenizer: PaymentCardTokenizer | null;
  headingLevel?: 3 | 4;
  draft?: CardPaymentDraft;
}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const ownDraft = useCardPaymentDraft();
  const draft = givenDraft ?? ownDraft;
  const cards = useDebitCards();
  const transactions = useDebitTransactions();
  const addCard = useAddDebitCard();
  const pull = usePullCardPayment();

  const [cardNotice, setCardNotice] = useState<string | null>(null);
  const [account, setAccountState] = useState(() => draft.read(loan.id).account);
  const setAccount = (value: string) => {
    setAccountState(value);
    draft.save(loan.id, { account: value });
  };
  const [payErrors, setPayErrors] = useState<string[]>([]);
  const submission = useRef<{ fingerprint: string; key: string } | null>(null);
  const limitId = useId();

  // A card payment is taken today (servicing's business date): today's quote says what it may be.
  const businessDate = useBusinessDate();
  const today = businessDate.data ?? '';
  const quote = usePayoff(loan.id, today, today !== '');
  const scheduled = useTransactions(loan.id);
  const todayQuote = quote.data && !quote.isFetching ? quote.data : undefined;
  const fullLimit = todayQuote ? paymentLimit(todayQuote, scheduled.data, { now: true }) : null;
  // On a day money does not move (the quote is for the next business day) only a payoff on its way is told
  // here; the server checks the amount against today's figures and answers with its own words.
  const limit = fullLimit && (todayQuote?.date === today || fullLimit.blocked) ? fullLimit : null;

  const saved = cards.data ?? [];
  const chosen = account || (saved[0] ? String(saved[0].id) : '');
  const ownTransactions = (transactions.data ?? []).filter((t) => t.loan_id === loan.id);

  const add = async (card: typeof EMPTY) => {
    setCardNotice(null);
    if (!tokenizer) throw new CardFormError(CARD_MSG.tokenizerLoading);
    if (!card.name.trim() || !card.number.trim() || !card.expMonth.trim() || !card.expYear.trim() || !card.cvc.trim())
      throw new CardFormError(CARD_MSG.fillCard);
    const number = card.number.replace(/[\s-]/g, '');
    const result = await tokenizer.tokenize({ ...card, number });
    if (!result.ok) throw new CardFormError(result.message);
    const added = await addCard.mutateAsync({ token: result.token, card_number: `**** **** **** ${number.slice(-4)}` });
    setAccount(String(added.card.id));
    setCardNotice(CARD_MSG.cardAdded);
    return true;
  };

  const pay = async (cents: number, clear: () => void) => {
    setPayErrors([]);
    if (limit?.blocked) return;
    if (!chosen) return setPayErrors([PAYMENT_MSG.cardNotFound]);
    const body = { account: Number(chosen), amount: cents, loan_id: loan.id };
    const fingerprint = JSON.stringify(body);
    if (submission.current?.fingerprint !== fingerprint) submission.current = { fingerprint, key: newIdempotencyKey() };
    try {
      const answer = await pull.mutateAsync({ card: body, key: submission.current.key });
      submission.current = null;
      clear();
      notify.success(paymentSentMessage(answer.transaction, today, answer.card), { timeout: PAYMENT_NOTICE_TIMEOUT_MS });
      onSent();
    } catch (error) {
      const messages = paymentErrorMessages(error);
      setPayErrors(messages);
      for (const message of messages) notify.error(message);
    }
  };

  return (
    <div className={styles.form}>
      <Form
        aria-label="Pay with a debit card"
        schema={cardPaymentSchema(limit)}
        options={{ mode: 'onSubmit', defaultValues: { amount: draft.read(loan.id).amount } }}
        onInvalidSubmit={() => setPayErrors([])}
        onSubmit={({ amount }, form) =>
          pay(amount, () => {
            form.setValue('amount', '');
            draft.save(loan.id, { amount: '' });
          })
        }
      >
        {() => (
          <>
            <KeepAmount draft={draft} loanId={loan.id} />
            <Heading>Pay with a saved card</Heading>
            {saved.length === 0 && !cards.isPending ? <p className={styles.muted}>{CARD_MSG.noCards}</p> : null}
            {saved.length > 0 ? (
              <Select
                label="Debit card"
                value={chosen}
                onChange={(e) => setAccount(e.target.value)}
                options={saved.map((c) => ({ value: String(c.id), label: cardLabel(c) }))}
              />
            ) : null}
            {limit?.blocked ? (
              <Alert kind="info">{limit.blocked}</Alert>
            ) : (
              <>
                <MoneyField
                  name="amount"
                  label="Amount (USD)"
                  hint={`In dollars, for example 25 or 25.50. At least ${formatCents(ONE_TIME_MINIMUM_CENTS)}.`}
                  aria-describedby={limit?.hint ? limitId : undefined}
                />
                <p id={limitId} className={styles.note} aria-live="polite">
                  {limit?.hint ?? ''}
                </p>
              </>
            )}
            {payErrors.length > 0 ? (
              <Alert kind="error" assertive>
                <ul>
                  {payErrors.map((m) => (
                    <li key={m}>{m}</li>
                  ))}
                </ul>
              </Alert>
            ) : null}
            {limit?.blocked ? null : (
              <Button type="submit" loading={pull.isPending} disabled={saved.length === 0}>
                Pay with card
              </Button>
            )}
          </>
        )}
      </Form>

      <Form
        aria-label="Add a debit card"
        schema={addCardSchema}
        options={{ mode: 'onSubmit', defaultValues: EMPTY }}
        submitError={(error) => (error instanceof CardFormError ? error.message : CARD_MSG.cardSaveFailed)}
        onSubmit={async (card, form) => {
          if (await add(card)) form.reset(EMPTY);
        }}
      >
        {({ register, formState: { isSubmitting } }) => (
          <>
            <Heading>Add a debit card</Heading>
            <TextField label="Name on card" autoComplete="cc-name" {...register('name')} />
            <TextField label="Card number" autoComplete="cc-number" inputMode="numeric" {...register('number')} />
            <TextField label="Expiry month (MM)" autoComplete="cc-exp-month" inputMode="numeric" {...register('expMonth')} />
            <TextField label="Expiry year (YYYY)" autoComplete="cc-exp-year" inputMode="numeric" {...register('expYear')} />
            <TextField label="CVC" autoComplete="cc-csc" inputMode="numeric" {...register('cvc')} />
            <Button type="submit" variant="secondary" loading={isSubmitting}>
              Add card
            </Button>
            <FormError />
            {cardNotice ? <p role="status">{cardNotice}</p> : null}
          </>
        )}
      </Form>

      <section aria-labelledby="card-payments-title">
        <Heading id="card-payments-title">Card payments</Heading>
        {ownTransactions.length === 0 ? (
          <p className={styles.muted}>No card payments yet.</p>
        ) : (
          <ul>
            {ownTransactions.map((t) => (
              <li key={t.id}>
                {formatDate(t.due_date)} · {formatCents(t.amount)} · card ending {t.card_last4 ?? '····'} · {t.transaction_status}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
