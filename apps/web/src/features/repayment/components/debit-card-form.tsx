import { useEffect, useRef, useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { z } from 'zod';
import { Container } from '@payrail/ui/container';
import { Alert } from '@payrail/ui/alert';
import { ErrorAlert } from '@payrail/ui/error-alert';
import { Button } from '@payrail/ui/button';
import { Checkbox } from '@payrail/ui/checkbox';
import { Form } from '@payrail/ui/form';
import { StepActions } from '@payrail/ui/step-actions';
import { TextField } from '@payrail/ui/text-field';
import { MaskedField } from '@payrail/ui/masked-field';
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

/**
 * The card as typed and the ticked authorization. Nothing here is sent as it is: the number goes to the
 * browser tokenizer, POST /wallet gets its token and the masked number. Continue is enabled only for a
 * filled card and the ticked terms (or a card filled then emptied: a skip), so the form has no messages.
 */
export const debitCardFormSchema = z.object({ name: z.string(), number: z.string(), expiry: z.string(), cvc: z.string(), terms: z.boolean() });
type DebitCardValues = z.infer<typeof debitCardFormSchema>;

const DEFAULTS: DebitCardValues = { ...EMPTY_CARD, terms: false };

/** A failure the global handling already showed (sign in again, no permission, unavailable). */
const handledGlobally = (failure: unknown) => isApiError(failure) && [401, 403, 503].includes(failure.status);

/**
 * Debit card (classic §2, §5): owner name, number (spaces removed), expiry MM/YYYY, CVC and the debit
 * card authorization. The number is tokenized in the browser; the server only gets the token and the
 * masked number. Continue needs a filled card and the ticked terms, or every field filled then emptied
 * (which is a skip). Only the last 4 digits are shown in clear once the number field loses focus.
 */
export function DebitCardForm({ tokenizer, tokenizerFailed = false, onRetryTokenizer, tokenizerRetrying = false, onNext }: DebitCardFormProps) {
  const [wasFilled, setWasFilled] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<'continue' | 'skip' | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);

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

  const submit = async ({ terms, ...card }: DebitCardValues) => {
    if (wasFilled && isCardEmpty(card)) {
      await skip();
      return;
    }
    if (!isCardFilled(card) || !terms || !tokenizer) return;
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
        <Form schema={debitCardFormSchema} options={{ defaultValues: DEFAULTS }} onSubmit={submit}>
          {() => (
            <>
              <CardInputs
                onChange={(card) => {
                  if (card.name.trim() && card.number.trim() && card.expiry.trim() && card.cvc.trim()) setWasFilled(true);
                  setError(null);
                }}
              />
              <div ref={errorRef} tabIndex={-1}>
                <ErrorAlert message={error} className={styles.error} />
              </div>
              <CardActions tokenizer={tokenizer} tokenizerFailed={tokenizerFailed} wasFilled={wasFilled} pending={pending} onSkip={() => void skip()} />
            </>
          )}
        </Form>
      </section>
    </Container>
  );
}

/** The card's fields and the authorization; `onChange` hears each edit of the card. */
function CardInputs({ onChange }: { onChange: (card: CardFields) => void }) {
  const { control, register, watch } = useFormContext<DebitCardValues>();
  const [numberFocused, setNumberFocused] = useState(false);
  const heard = useRef(onChange);
  heard.current = onChange;
  useEffect(() => {
    const subscription = watch((values, { name }) => {
      if (name === undefined || name === 'terms') return;
      heard.current({ name: values.name ?? '', number: values.number ?? '', expiry: values.expiry ?? '', cvc: values.cvc ?? '' });
    });
    return () => subscription.unsubscribe();
  }, [watch]);

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

  return (
    <>
      <div className={styles.fields}>
        <TextField className={styles.wide} label="Name on card" autoComplete="cc-name" {...register('name')} />
        <Controller
          control={control}
          name="number"
          render={({ field }) => {
            const shownNumber = !numberFocused && cardDigits(field.value).length > 4 ? maskCardNumber(field.value) : field.value;
            return (
              <TextField
                className={styles.wide}
                label="Card number"
                inputMode="numeric"
                autoComplete="cc-number"
                name={field.name}
                ref={field.ref}
                value={shownNumber}
                onFocus={(event) => {
                  // Show the whole number at once (before React re-renders) and keep it selected, so
                  // typing over it replaces it instead of mixing with the masked text.
                  const input = event.currentTarget;
                  if (input.value !== field.value) {
                    input.value = field.value;
                    input.select();
                  }
                  setNumberFocused(true);
                }}
                onBlur={() => {
                  setNumberFocused(false);
                  field.onBlur();
                }}
                onChange={(event) => field.onChange(groupDigits(event.target.value))}
              />
            );
          }}
        />
        <MaskedField name="expiry" keep="masked" error={null} label="Expiration date" hint="MM/YYYY" mask="##/####" inputMode="numeric" autoComplete="cc-exp" />
        <MaskedField name="cvc" error={null} label="Security code (CVC)" mask="####" inputMode="numeric" autoComplete="cc-csc" />
      </div>
      <Checkbox label={<>I authorize debits to this card as described in the Debit Card Authorization.</>} {...register('terms')} />
      <p>
        <button type="button" className={styles.linkButton} onClick={openAgreement}>
          Read the Debit Card Authorization (PDF)
        </button>
      </p>
    </>
  );
}

interface CardActionsProps {
  tokenizer: CardTokenizer | null;
  tokenizerFailed: boolean;
  wasFilled: boolean;
  pending: 'continue' | 'skip' | null;
  onSkip: () => void;
}

/** Continue (disabled with the reason until the card can go) and SKIP. */
function CardActions({ tokenizer, tokenizerFailed, wasFilled, pending, onSkip }: CardActionsProps) {
  const { watch } = useFormContext<DebitCardValues>();
  const { terms, ...card } = watch();
  const filled = isCardFilled(card);
  const emptiedSkip = wasFilled && isCardEmpty(card);
  const canContinue = (filled && terms && tokenizer !== null) || emptiedSkip;
  // Why Continue is disabled, tied to it with aria-describedby.
  const hint = canContinue
    ? null
    : !filled
      ? DEBIT_CARD_MSG.hintFill
      : !terms
        ? DEBIT_CARD_MSG.hintTerms
        : tokenizerFailed
          ? DEBIT_CARD_MSG.hintTokenizerFailed
          : DEBIT_CARD_MSG.hintLoading;
  return (
    <StepActions disabled={!canContinue} pending={pending === 'continue'} hint={hint}>
      <Button variant="secondary" fullWidth onClick={onSkip} loading={pending === 'skip'} disabled={pending === 'continue'}>
        SKIP
      </Button>
    </StepActions>
  );
}
