import { useRef, useState } from 'react';
import { Container } from '../../../components/layout/container';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { TextField } from '../../../components/ui/text-field';
import { notify } from '../../../components/ui/toast/notify';
import { isApiError } from '../../../lib/http-client';
import { getDebitCardAgreementExample, postWallet } from '../api/repayment';
import { cardDigits, EMPTY_CARD, isCardEmpty, isCardFilled, maskCardNumber, parseExpiry } from '../lib/card';
import type { CardFields } from '../lib/card';
import type { CardTokenizer } from '../lib/card-tokenizer';
import styles from './repayment.module.css';

export interface DebitCardFormProps {
  /** Null while the tokenizer config loads: Continue with a card waits for it. */
  tokenizer: CardTokenizer | null;
  /** Continue (after the wallet) and SKIP both move on: POST /workflow/next_status from debit_card. */
  onNext: () => Promise<unknown>;
}

/** Groups of four as the borrower types; at most 19 digits. */
const groupDigits = (value: string) =>
  cardDigits(value)
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

const AGREEMENT_ERROR = 'We could not open the document. Please try again.';

/**
 * Debit card (classic §2, §5): owner name, number (spaces removed), expiry MM/YYYY, CVC and the debit
 * card authorization. The number is tokenized in the browser; the server only gets the token and the
 * masked number. Continue needs a filled card and the ticked terms, or every field filled then emptied
 * (which is a skip). Only the last 4 digits are shown in clear once the number field loses focus.
 */
export function DebitCardForm({ tokenizer, onNext }: DebitCardFormProps) {
  const [card, setCard] = useState<CardFields>(EMPTY_CARD);
  const [wasFilled, setWasFilled] = useState(false);
  const [terms, setTerms] = useState(false);
  const [numberFocused, setNumberFocused] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<'continue' | 'skip' | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);

  const update = (field: keyof CardFields, value: string) => {
    setCard((current) => {
      const next = { ...current, [field]: value };
      if (next.name.trim() && next.number.trim() && next.expiry.trim() && next.cvc.trim()) setWasFilled(true);
      return next;
    });
    setError(null);
  };

  const filled = isCardFilled(card);
  const emptiedSkip = wasFilled && isCardEmpty(card);
  const canContinue = (filled && terms && tokenizer !== null) || emptiedSkip;

  const fail = (message: string) => {
    setError(message);
    setPending(null);
    requestAnimationFrame(() => errorRef.current?.focus());
  };

  const skip = async () => {
    setPending('skip');
    try {
      await onNext();
    } finally {
      setPending(null);
    }
  };

  const submit = async () => {
    if (emptiedSkip) {
      await skip();
      return;
    }
    if (!canContinue || !tokenizer) return;
    const expiry = parseExpiry(card.expiry);
    if (!expiry) return;
    setError(null);
    setPending('continue');
    const result = await tokenizer.tokenize({ name: card.name.trim(), number: cardDigits(card.number), expMonth: expiry.month, expYear: expiry.year, cvc: card.cvc });
    if (!result.ok) {
      fail(result.message);
      return;
    }
    try {
      await postWallet({ token: result.token, card_number: maskCardNumber(card.number) });
    } catch (failure) {
      if (isApiError(failure) && [401, 403, 503].includes(failure.status)) {
        setPending(null);
        return;
      }
      fail(isApiError(failure) ? (failure.fieldError('card_number') ?? failure.fieldError('token') ?? failure.message) : AGREEMENT_ERROR);
      return;
    }
    try {
      await onNext();
    } finally {
      setPending(null);
    }
  };

  const openAgreement = () => {
    const opened = window.open('about:blank', '_blank');
    getDebitCardAgreementExample()
      .then((blob) => {
        const url = URL.createObjectURL(blob);
        if (opened) {
          opened.opener = null;
          opened.location.href = url;
        } else {
          window.open(url, '_blank', 'noopener');
        }
      })
      .catch(() => {
        opened?.close();
        notify.error(AGREEMENT_ERROR);
      });
  };

  const digits = cardDigits(card.number);
  const shownNumber = !numberFocused && digits.length > 4 ? maskCardNumber(card.number) : card.number;

  return (
    <Container width="narrow" className={styles.page}>
      <section className={styles.card} aria-labelledby="debit-card-title">
        <h1 id="debit-card-title">Debit card</h1>
        <p className={styles.lead}>Add a debit card as a back-up for your payments. You can skip this step.</p>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <div className={styles.fields}>
            <TextField className={styles.wide} label="Name on card" autoComplete="cc-name" value={card.name} onChange={(event) => update('name', event.target.value)} />
            <TextField
              className={styles.wide}
              label="Card number"
              inputMode="numeric"
              autoComplete="cc-number"
              value={shownNumber}
              onFocus={(event) => {
                // Show the whole number at once (before React re-renders) and keep it selected, so
                // typing over it replaces it instead of mixing with the masked text.
                const input = event.currentTarget;
                if (input.value !== card.number) {
                  input.value = card.number;
                  input.select();
                }
                setNumberFocused(true);
              }}
              onBlur={() => setNumberFocused(false)}
              onChange={(event) => update('number', groupDigits(event.target.value))}
            />
            <TextField
              label="Expiration date"
              hint="MM/YYYY"
              mask="##/####"
              inputMode="numeric"
              autoComplete="cc-exp"
              value={card.expiry}
              onValueChange={(masked) => update('expiry', masked)}
            />
            <TextField label="Security code (CVC)" mask="####" inputMode="numeric" autoComplete="cc-csc" value={card.cvc} onValueChange={(_, raw) => update('cvc', raw)} />
          </div>
          <Checkbox
            checked={terms}
            onChange={(event) => setTerms(event.target.checked)}
            label={
              <>
                I authorize debits to this card as described in the Debit Card Authorization.
              </>
            }
          />
          <p>
            <button type="button" className={styles.linkButton} onClick={openAgreement}>
              Read the Debit Card Authorization (PDF)
            </button>
          </p>
          <div ref={errorRef} tabIndex={-1}>
            {error ? (
              <Alert kind="error" assertive className={styles.error}>
                {error}
              </Alert>
            ) : null}
          </div>
          <div className={styles.actions}>
            <Button type="submit" disabled={!canContinue} loading={pending === 'continue'}>
              Continue
            </Button>
            <Button variant="secondary" onClick={() => void skip()} loading={pending === 'skip'} disabled={pending === 'continue'}>
              SKIP
            </Button>
          </div>
        </form>
      </section>
    </Container>
  );
}
