import { useId, useRef, useState } from 'react';
import { Container } from '@payrail/ui/container';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { Checkbox } from '@payrail/ui/checkbox';
import { TextField } from '@payrail/ui/text-field';
import { MaskedTextField } from '@payrail/ui/masked-text-field';
import { notify } from '@payrail/ui/toast/notify';
import { isApiError } from '@payrail/client/http-client';
import { getDebitCardAgreementExample, postWallet } from '../api/repayment';
import { cardDigits, EMPTY_CARD, isCardEmpty, isCardFilled, maskCardNumber, parseExpiry } from '../lib/card';
import type { CardFields } from '../lib/card';
import type { CardTokenizer } from '../lib/card-tokenizer';
import styles from './repayment.module.css';

export interface DebitCardFormProps {
  /** Null while the tokenizer config loads (or when it failed): Continue with a card waits for it. */
  tokenizer: CardTokenizer | null;
  /** GET /card_tokenizer/config failed: the form shows an error with Retry (SKIP still works). */
  tokenizerFailed?: boolean;
  /** Retry loading the tokenizer config. */
  onRetryTokenizer?: () => void;
  /** A retry is under way. */
  tokenizerRetrying?: boolean;
  /** Continue (after the wallet) and SKIP both move on: POST /workflow/next_status from debit_card. */
  onNext: () => Promise<unknown>;
}

/** Groups of four as the borrower types; at most 19 digits. */
const groupDigits = (value: string) =>
  cardDigits(value)
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

export const DEBIT_CARD_MSG = {
  agreement: 'We could not open the document. Please try again.',
  cardSave: 'We could not save your card. Please try again, or press SKIP to continue without a card.',
  nextStep: 'We could not move on to the next step. Please try again in a few minutes.',
  tokenizerFailed: 'We could not load the card form. Please try again, or press SKIP to continue without a card.',
  hintLoading: 'The card form is still loading.',
  hintTokenizerFailed: 'Continue is unavailable until the card form loads: press Retry, or SKIP.',
  hintFill: 'To continue, fill in every card field and tick the Debit Card Authorization, or press SKIP.',
  hintTerms: 'To continue, tick the Debit Card Authorization.',
} as const;

/** A failure the global handling already showed (sign in again, no permission, unavailable). */
const handledGlobally = (failure: unknown) => isApiError(failure) && [401, 403, 503].includes(failure.status);

/**
 * Debit card (classic §2, §5): owner name, number (spaces removed), expiry MM/YYYY, CVC and the debit
 * card authorization. The number is tokenized in the browser; the server only gets the token and the
 * masked number. Continue needs a filled card and the ticked terms, or every field filled then emptied
 * (which is a skip). Only the last 4 digits are shown in clear once the number field loses focus.
 */
export function DebitCardForm({ tokenizer, tokenizerFailed = false, onRetryTokenizer, tokenizerRetrying = false, onNext }: DebitCardFormProps) {
  const [card, setCard] = useState<CardFields>(EMPTY_CARD);
  const [wasFilled, setWasFilled] = useState(false);
  const [terms, setTerms] = useState(false);
  const [numberFocused, setNumberFocused] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<'continue' | 'skip' | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const hintId = useId();

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
  // Why Continue is disabled, tied to it with aria-describedby (and shown under the buttons).
  const hint = canContinue
    ? null
    : !filled
      ? DEBIT_CARD_MSG.hintFill
      : !terms
        ? DEBIT_CARD_MSG.hintTerms
        : tokenizerFailed
          ? DEBIT_CARD_MSG.hintTokenizerFailed
          : DEBIT_CARD_MSG.hintLoading;

  const fail = (message: string) => {
    setError(message);
    setPending(null);
    requestAnimationFrame(() => errorRef.current?.focus());
  };

  /** Moves on; a failure (other than the globally handled ones and a refusal the workflow adopted) is shown. */
  const next = async (kind: 'continue' | 'skip') => {
    setError(null);
    setPending(kind);
    try {
      await onNext();
      setPending(null);
    } catch (failure) {
      if (handledGlobally(failure)) {
        setPending(null);
        return;
      }
      fail((isApiError(failure) ? failure.serverMessage : undefined) ?? DEBIT_CARD_MSG.nextStep);
    }
  };

  const skip = () => next('skip');

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
    const result = await tokenizer.tokenize({
      name: card.name.trim(),
      number: cardDigits(card.number),
      expMonth: expiry.month,
      expYear: expiry.year,
      cvc: card.cvc,
    });
    if (!result.ok) {
      fail(result.message);
      return;
    }
    try {
      await postWallet({ token: result.token, card_number: maskCardNumber(card.number) });
    } catch (failure) {
      if (handledGlobally(failure)) {
        setPending(null);
        return;
      }
      fail(
        isApiError(failure)
          ? (failure.fieldError('card_number') ?? failure.fieldError('token') ?? failure.serverMessage ?? DEBIT_CARD_MSG.cardSave)
          : DEBIT_CARD_MSG.cardSave,
      );
      return;
    }
    await next('continue');
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
        notify.error(DEBIT_CARD_MSG.agreement);
      });
  };

  const digits = cardDigits(card.number);
  const shownNumber = !numberFocused && digits.length > 4 ? maskCardNumber(card.number) : card.number;

  return (
    <Container width="narrow" className={styles.page}>
      <section className={styles.card} aria-labelledby="debit-card-title">
        <h1 id="debit-card-title">Debit card</h1>
        <p className={styles.lead}>Add a debit card as a back-up for your payments. You can skip this step.</p>
        {tokenizerFailed ? (
          <Alert kind="error" className={styles.error}>
            <p>{DEBIT_CARD_MSG.tokenizerFailed}</p>
            <Button variant="secondary" size="sm" onClick={onRetryTokenizer} loading={tokenizerRetrying}>
              Retry
            </Button>
          </Alert>
        ) : null}
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <div className={styles.fields}>
            <TextField
              className={styles.wide}
              label="Name on card"
              autoComplete="cc-name"
              value={card.name}
              onChange={(event) => update('name', event.target.value)}
            />
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
            <MaskedTextField
              label="Expiration date"
              hint="MM/YYYY"
              mask="##/####"
              inputMode="numeric"
              autoComplete="cc-exp"
              value={card.expiry}
              onValueChange={(masked) => update('expiry', masked)}
            />
            <MaskedTextField
              label="Security code (CVC)"
              mask="####"
              inputMode="numeric"
              autoComplete="cc-csc"
              value={card.cvc}
              onValueChange={(_, raw) => update('cvc', raw)}
            />
          </div>
          <Checkbox
            checked={terms}
            onChange={(event) => setTerms(event.target.checked)}
            label={<>I authorize debits to this card as described in the Debit Card Authorization.</>}
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
            <Button type="submit" size="lg" fullWidth disabled={!canContinue} loading={pending === 'continue'} aria-describedby={hint ? hintId : undefined}>
              Continue
            </Button>
            <Button variant="secondary" fullWidth onClick={() => void skip()} loading={pending === 'skip'} disabled={pending === 'continue'}>
              SKIP
            </Button>
          </div>
          {hint ? (
            <p id={hintId} className={styles.hint}>
              {hint}
            </p>
          ) : null}
        </form>
      </section>
    </Container>
  );
}
