import { useEffect, useId, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { PAYMENT_MSG } from '@payrail/contract/servicing';
import type { TServicingLoan } from '@payrail/contract/servicing';
import { Button } from '@payrail/ui/button';
import { Dialog } from '@payrail/ui/dialog';
import { Form } from '@payrail/ui/form';
import { MoneyField, moneyDefault, moneyInput } from '@payrail/ui/money-field';
import { Select } from '@payrail/ui/select';
import { cents, formatCents as plainCents } from '@payrail/domain/money';
import { formatCents } from '@payrail/client/format';
import { isApiError } from '@payrail/client/http-client';
import { useSendCreditToCard } from '../api/credit-balance';
import { useDebitCards } from '../api/get-debit-cards';
import { useDebitTransactions } from '../api/get-debit-transactions';
import { newIdempotencyKey, paymentErrorMessages } from '../lib/payment-errors';
import { cardLabel } from './card-payments';
import { ErrorMessages } from './error-messages';
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

/** The refund's amount: dollars as typed → cents, above $0.00 and at most the credit balance. */
export function creditAmountSchema(credit: number) {
  return moneyInput({ min: 1, minMessage: CREDIT_MSG.amountZero, max: credit, maxMessage: PAYMENT_MSG.refundAboveCredit(plainCents(cents(credit))) });
}

/** A typed amount above $0.00 (the button says it, even above the credit: the field's message tells that). */
const typedAmount = moneyInput({ min: 1 });

/** "Send $X to my card" while the typed amount is one, else "Send to my card". */
function SendButton({ pending }: { pending: boolean }) {
  const typed = typedAmount.safeParse(useWatch<{ amount: string }, 'amount'>({ name: 'amount' }));
  return (
    <Button type="submit" loading={pending}>
      {typed.success ? `Send ${formatCents(typed.data)} to my card` : 'Send to my card'}
    </Button>
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
  const [errors, setErrors] = useState<string[]>([]);
  const submission = useRef<{ fingerprint: string; key: string } | null>(null);
  const chosen = account || (preferred ? String(preferred.id) : '');

  const submit = async (amount: number) => {
    setErrors([]);
    if (!chosen) return setErrors([PAYMENT_MSG.cardNotFound]);
    const card = { account: Number(chosen), amount, loan_id: loan.id };
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
    <Form
      aria-label="Send to my card"
      className={styles.form}
      schema={z.object({ amount: creditAmountSchema(credit) })}
      options={{ mode: 'onSubmit', defaultValues: { amount: moneyDefault(credit) } }}
      onInvalidSubmit={() => setErrors([])}
      onSubmit={({ amount }) => submit(amount)}
    >
      {() => (
        <>
          <Select
            label="Debit card"
            value={chosen}
            onChange={(event) => setAccount(event.target.value)}
            options={saved.map((c) => ({ value: String(c.id), label: cardLabel(c) }))}
            required
          />
          <MoneyField name="amount" label="Amount" hint={`In dollars, at most your credit balance of ${formatCents(credit)}.`} required />
          <ErrorMessages messages={errors} />
          <div className={styles.actions}>
            <Button variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
            <SendButton pending={send.isPending} />
          </div>
        </>
      )}
    </Form>
  );
}
