import { MSG } from '@payrail/contract/messages';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '@payrail/ui/alert';
import { ErrorAlert } from '@payrail/ui/error-alert';
import { Button } from '@payrail/ui/button';
import { ValidatedForm } from '@payrail/ui/validated-form';
import { notify } from '@payrail/ui/toast/notify';
import { isApiError } from '@payrail/client/http-client';
import { useUserFeedback } from '../api/post-user-feedback';
import { isPositiveRating, PUBLIC_REVIEW_URL, STAR_COUNT } from '../lib/review';
import { validateStarRatingMessage } from '../lib/star-rating-rules';
import styles from './home.module.css';

export interface StarRatingProps {
  /** The rating was stored: the session's feedback_rating is now true. */
  onSent: () => void;
  reviewUrl?: string;
  /** h2 under a page's h1 (Home), h3 inside a section that has its own h2 (the dashboard's Approved panel). */
  headingLevel?: 2 | 3;
}

/**
 * The five-star rating of the home panel (classic §2, §9): 4–5 opens the public review page and stores
 * the rating; 1–3 asks for text, then POST /user_feedback. Each star is a button (an action, not a
 * choice arrow keys could trigger).
 */
export function StarRating({ onSent, reviewUrl = PUBLIC_REVIEW_URL, headingLevel = 2 }: StarRatingProps) {
  const [rating, setRating] = useState<number | null>(null);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const feedback = useUserFeedback();
  const textId = useId();
  const titleId = useId();
  const sentRef = useRef<HTMLDivElement>(null);
  const Heading = headingLevel === 3 ? 'h3' : 'h2';

  // The stars and the form are gone once sent: move focus to the message so it is not lost to the body.
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  const send = async (value: number, text: string) => {
    setError(null);
    try {
      await feedback.mutateAsync({ feedback: { rating: value, message: text } });
      setSent(true);
      onSent();
    } catch (failure) {
      if (isApiError(failure) && [401, 403, 503].includes(failure.status)) return;
      const text = isApiError(failure) ? (failure.fieldError('message') ?? failure.fieldError('rating') ?? failure.message) : undefined;
      setError(text ?? MSG.tryAgainLater);
      notify.error(text ?? MSG.tryAgainLater);
    }
  };

  const choose = (value: number) => {
    setRating(value);
    if (isPositiveRating(value)) {
      window.open(reviewUrl, '_blank', 'noopener,noreferrer');
      void send(value, '');
    }
  };

  if (sent) {
    return (
      <section className={styles.rating} aria-labelledby={titleId}>
        <Heading id={titleId}>Rate your experience</Heading>
        <div ref={sentRef} tabIndex={-1} className={styles.focusTarget}>
          <Alert kind="success">{MSG.feedbackSent}</Alert>
        </div>
      </section>
    );
  }

  return (
    <section className={styles.rating} aria-labelledby={titleId}>
      <Heading id={titleId}>Rate your experience</Heading>
      <p className={styles.muted}>How was applying with us? Choose from 1 to 5 stars.</p>
      <ul className={styles.stars}>
        {Array.from({ length: STAR_COUNT }, (_, index) => index + 1).map((value) => (
          <li key={value}>
            <button
              type="button"
              className={`${styles.star} ${rating !== null && value <= rating ? styles.starOn : ''}`}
              aria-pressed={rating === value}
              aria-label={`${value} star${value > 1 ? 's' : ''}`}
              disabled={feedback.isPending}
              onClick={() => choose(value)}
            >
              <span aria-hidden="true">{rating !== null && value <= rating ? '★' : '☆'}</span>
            </button>
          </li>
        ))}
      </ul>
      {rating !== null && !isPositiveRating(rating) ? (
        <ValidatedForm validate={validateStarRatingMessage} options={{ defaultValues: { message: '' } }} onSubmit={({ message }) => send(rating, message)}>
          {({ register, watch }) => (
            <>
              <label className={styles.label} htmlFor={textId}>
                What could we do better?
              </label>
              <textarea id={textId} className={styles.textarea} maxLength={2000} {...register('message')} />
              <div className={styles.actions}>
                <Button type="submit" loading={feedback.isPending} disabled={!watch('message').trim()}>
                  Send feedback
                </Button>
              </div>
            </>
          )}
        </ValidatedForm>
      ) : null}
      <ErrorAlert message={error} />
    </section>
  );
}
