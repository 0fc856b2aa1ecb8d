import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { PAYMENT_MSG } from '@payrail/contract/servicing';
import type { TServicingLoan } from '@payrail/contract/servicing';
import type { TWalletCard } from '@payrail/contract/banking';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { Select } from '@payrail/ui/select';
import { TextField } from '@payrail/ui/text-field';
import { notify } from '@payrail/ui/toast/notify';
import { formatCardExpiry, formatCents, formatDate } from '@payrail/client/format';
import { MONEY_INPUT_MAX_LENGTH, parseMoneyInput } from '@payrail/client/money-input';
import {
  newIdempotencyKey,
  paymentErrorMessages,
  useAddDebitCard,
  useBusinessDate,
  useDebitCards,
  useDebitTransactions,
  usePayoff,
  usePullCardPayment,
  useTransactions,
} from '../api/servicing';
import { paymentLimit } from '../lib/payment-limit';
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

/**
 * Debit-card payments on the payments page (spec §7): the saved cards, a card added through the card
 * tokenizer (the number goes to the tokenizer, never to our server; the first tokenizer error shows under
 * the form, spec §8), a one-time payment charged to a card (one Idempotency-Key per submission: a retry
 * or double click is one charge), and the loan's card payments.
 */
export function CardPayments({
  loan,
  onSent,
  tokenizer,
  headingLevel = 4,
}: {
  loan: TServicingLoan;
  onSent: () => void;
  tokenizer: PaymentCardTokenizer | null;
  headingLevel?: 3 | 4;
}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const cards = useDebitCards();
  const transactions = useDebitTransactions();
  const addCard = useAddDebitCard();
  const pull = usePullCardPayment();

  const [card, setCard] = useState(EMPTY);
  const [cardError, setCardError] = useState<string | null>(null);
  const [cardNotice, setCardNotice] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [account, setAccount] = useState('');
  const [amount, setAmount] = useState('');
  const [payErrors, setPayErrors] = useState<string[]>([]);
  const [amountError, setAmountError] = useState<string | undefined>(undefined);
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

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setCardError(null);
    setCardNotice(null);
    if (!tokenizer) return setCardError(CARD_MSG.tokenizerLoading);
    if (!card.name.trim() || !card.number.trim() || !card.expMonth.trim() || !card.expYear.trim() || !card.cvc.trim()) return setCardError(CARD_MSG.fillCard);
    setAdding(true);
    try {
      const number = card.number.replace(/[\s-]/g, '');
      const result = await tokenizer.tokenize({ ...card, number });
      if (!result.ok) return setCardError(result.message);
      const added = await addCard.mutateAsync({ token: result.token, card_number: `**** **** **** ${number.slice(-4)}` });
      setAccount(String(added.card.id));
      setCard(EMPTY);
      setCardNotice(CARD_MSG.cardAdded);
    } catch {
      setCardError(CARD_MSG.cardSaveFailed);
    } finally {
      setAdding(false);
    }
  };

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    setPayErrors([]);
    setAmountError(undefined);
    if (limit?.blocked) return;
    const typed = parseMoneyInput(amount);
    if (!typed.ok) return setAmountError(typed.message);
    const cents = typed.cents;
    if (cents < ONE_TIME_MINIMUM_CENTS) return setAmountError(PAYMENT_MSG.lowerThanMinimum);
    if (limit && cents > limit.maxCents) return setAmountError(limit.refusal);
    if (!chosen) return setPayErrors([PAYMENT_MSG.cardNotFound]);
    const body = { account: Number(chosen), amount: cents, loan_id: loan.id };
    const fingerprint = JSON.stringify(body);
    if (submission.current?.fingerprint !== fingerprint) submission.current = { fingerprint, key: newIdempotencyKey() };
    try {
      const answer = await pull.mutateAsync({ card: body, key: submission.current.key });
      submission.current = null;
      setAmount('');
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
      <form aria-label="Pay with a debit card" onSubmit={(e) => void pay(e)} noValidate>
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
            <TextField
              label="Amount (USD)"
              inputMode="decimal"
              autoComplete="off"
              maxLength={MONEY_INPUT_MAX_LENGTH}
              value={amount}
              onChange={(e) => {
                setAmount(e.target.value);
                setAmountError(undefined);
              }}
              hint={`In dollars, for example 25 or 25.50. At least ${formatCents(ONE_TIME_MINIMUM_CENTS)}.`}
              aria-describedby={limit?.hint ? limitId : undefined}
              error={amountError}
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
      </form>

      <form aria-label="Add a debit card" onSubmit={(e) => void add(e)} noValidate>
        <Heading>Add a debit card</Heading>
        <TextField label="Name on card" autoComplete="cc-name" value={card.name} onChange={(e) => setCard({ ...card, name: e.target.value })} />
        <TextField
          label="Card number"
          autoComplete="cc-number"
          inputMode="numeric"
          value={card.number}
          onChange={(e) => setCard({ ...card, number: e.target.value })}
        />
        <TextField
          label="Expiry month (MM)"
          autoComplete="cc-exp-month"
          inputMode="numeric"
          value={card.expMonth}
          onChange={(e) => setCard({ ...card, expMonth: e.target.value })}
        />
        <TextField
          label="Expiry year (YYYY)"
          autoComplete="cc-exp-year"
          inputMode="numeric"
          value={card.expYear}
          onChange={(e) => setCard({ ...card, expYear: e.target.value })}
        />
        <TextField label="CVC" autoComplete="cc-csc" inputMode="numeric" value={card.cvc} onChange={(e) => setCard({ ...card, cvc: e.target.value })} />
        <Button type="submit" variant="secondary" loading={adding}>
          Add card
        </Button>
        {cardError ? (
          <Alert kind="error" assertive>
            {cardError}
          </Alert>
        ) : null}
        {cardNotice ? <p role="status">{cardNotice}</p> : null}
      </form>

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
