import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { PAYMENT_MSG } from '@payrail/contract/servicing';
import type { TServicingLoan } from '@payrail/contract/servicing';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { Dialog } from '@payrail/ui/dialog';
import { Select } from '@payrail/ui/select';
import { TextField } from '@payrail/ui/text-field';
import { cents, formatCents as plainCents } from '@payrail/domain/money';
import { formatCents } from '@payrail/client/format';
import { isApiError } from '@payrail/client/http-client';
import { centsToInput, MONEY_INPUT_MAX_LENGTH, parseMoneyInput } from '@payrail/client/money-input';
import { useSendCreditToCard } from '../api/credit-balance';
import { newIdempotencyKey, paymentErrorMessages, useDebitCards, useDebitTransactions } from '../api/servicing';
import { cardLabel } from './card-payments';
import styles from './servicing.module.css';

export const CREDIT_MSG = {
  /** What happens when the borrower does nothing (docs/servicing.md, "Credit balances": the automatic refund and the daily run's sweep). */
  ifNothing:
    'If you do nothing, we send it back to you automatically: money that came from a debit card payment goes back to that card, the rest by ACH credit to the verified bank account on file. Without a verified bank account on file it stays here until you add one, send it to your card or contact us.',
  noCards: 'A refund can go only to a debit card you paid this loan with, and you have no saved debit card.',
  onlyPaidWith: 'Only a card you paid this loan with can receive the refund.',
  amountZero: 'Please enter an amount above $0.00.',
} as const;

/**
 * The loan's credit balance (spec §7 POST /create_debit_disbursement; docs/servicing.md): money received
 * beyond what the loan owes (`credit_balance`), shown as "Credit balance $30.00" with what happens if the
 * borrower does nothing, and "Send to my card": a dialog to pick a saved debit card (GET /get_debit_cards;
 * the card this loan was paid with first) and the amount (the whole credit at first, dollars as typed, read
 * by the one money-input reader), then confirmed. The server's message and the credit left are shown (a
 * live region); its refusals verbatim, in the dialog. One Idempotency-Key per submission (a retry is one refund).
 */
export function CreditBalance({ loan }: { loan: TServicingLoan }) {
  const credit = loan.credit_balance ?? 0;
  const [result, setResult] = useState<{ message: string; left: number } | null>(null);
  const [focusHeading, setFocusHeading] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const id = useId();

  // After the dialog closed on success (its own effect returned focus to the button, which may be gone now).
  useEffect(() => {
    if (!focusHeading) return;
    headingRef.current?.focus();
    setFocusHeading(false);
  }, [focusHeading]);

  if (credit <= 0 && !result) return null;
  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1}>
        Credit balance
      </h2>
      <p>
        <strong>Credit balance {formatCents(credit)}</strong>
      </p>
      <p className={styles.muted}>We received more than your loan owes. This money is yours.</p>
      <p role="status" className={styles.note}>
        {result ? `${result.message} Remaining credit balance: ${formatCents(result.left)}.` : ''}
      </p>
      {credit > 0 ? (
        <>
          <p className={styles.muted}>{CREDIT_MSG.ifNothing}</p>
          <SendToCard
            loan={loan}
            credit={credit}
            onSent={(message, left) => {
              setResult({ message, left });
              setFocusHeading(true);
            }}
          />
        </>
      ) : null}
    </section>
  );
}

/** "Send to my card" and its dialog; the saved cards are read only when there is a credit to send. */
function SendToCard({ loan, credit, onSent }: { loan: TServicingLoan; credit: number; onSent: (message: string, left: number) => void }) {
  const [open, setOpen] = useState(false);
  const cards = useDebitCards();
  const saved = cards.data ?? [];
  return (
    <>
      {saved.length === 0 && !cards.isPending ? (
        <p className={styles.muted}>{CREDIT_MSG.noCards}</p>
      ) : (
        <Button variant="secondary" disabled={cards.isPending} onClick={() => setOpen(true)}>
          Send to my card
        </Button>
      )}
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Send your credit balance to your card"
        description={`Credit balance ${formatCents(credit)}. ${CREDIT_MSG.onlyPaidWith}`}
      >
        {open ? (
          <SendToCardForm
            loan={loan}
            credit={credit}
            onCancel={() => setOpen(false)}
            onSent={(message, left) => {
              setOpen(false);
              onSent(message, left);
            }}
          />
        ) : null}
      </Dialog>
    </>
  );
}

function SendToCardForm({
  loan,
  credit,
  onSent,
  onCancel,
}: {
  loan: TServicingLoan;
  credit: number;
  onSent: (message: string, left: number) => void;
  onCancel: () => void;
}) {
  const cards = useDebitCards();
  const payments = useDebitTransactions();
  const send = useSendCreditToCard();
  const saved = cards.data ?? [];
  // The card this loan was paid with, when known, comes first: only such a card can receive the refund.
  const paidWith = new Set((payments.data ?? []).filter((t) => t.loan_id === loan.id && t.transaction_status === 'settled').map((t) => t.card_last4));
  const preferred = saved.find((c) => paidWith.has(c.last4)) ?? saved[0];
  const [account, setAccount] = useState('');
  const [amount, setAmount] = useState(centsToInput(credit));
  const [amountError, setAmountError] = useState<string | undefined>(undefined);
  const [errors, setErrors] = useState<string[]>([]);
  const submission = useRef<{ fingerprint: string; key: string } | null>(null);
  const chosen = account || (preferred ? String(preferred.id) : '');
  const typed = parseMoneyInput(amount);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors([]);
    if (!typed.ok) return setAmountError(typed.message);
    if (typed.cents <= 0) return setAmountError(CREDIT_MSG.amountZero);
    if (typed.cents > credit) return setAmountError(PAYMENT_MSG.refundAboveCredit(plainCents(cents(credit))));
    if (!chosen) return setErrors([PAYMENT_MSG.cardNotFound]);
    const card = { account: Number(chosen), amount: typed.cents, loan_id: loan.id };
    const fingerprint = JSON.stringify(card);
    if (submission.current?.fingerprint !== fingerprint) submission.current = { fingerprint, key: newIdempotencyKey() };
    try {
      const answer = await send.mutateAsync({ card, key: submission.current.key });
      submission.current = null;
      onSent(answer.message, answer.credit_balance);
    } catch (error) {
      if (isApiError(error) && [401, 403, 503].includes(error.status)) return;
      setErrors(paymentErrorMessages(error));
    }
  };

  return (
    <form noValidate aria-label="Send to my card" className={styles.form} onSubmit={(event) => void submit(event)}>
      <Select
        label="Debit card"
        value={chosen}
        onChange={(event) => setAccount(event.target.value)}
        options={saved.map((c) => ({ value: String(c.id), label: cardLabel(c) }))}
        required
      />
      <TextField
        label="Amount"
        inputMode="decimal"
        autoComplete="off"
        maxLength={MONEY_INPUT_MAX_LENGTH}
        value={amount}
        onChange={(event) => {
          setAmount(event.target.value);
          setAmountError(undefined);
        }}
        hint={`In dollars, at most your credit balance of ${formatCents(credit)}.`}
        error={amountError}
        required
      />
      {errors.length > 0 ? (
        <Alert kind="error" assertive>
          {errors.length === 1 ? (
            errors[0]
          ) : (
            <ul>
              {errors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          )}
        </Alert>
      ) : null}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={send.isPending}>
          {typed.ok && typed.cents > 0 ? `Send ${formatCents(typed.cents)} to my card` : 'Send to my card'}
        </Button>
      </div>
    </form>
  );
}
