import { FIELD_MSG } from '@payrail/contract/messages';
import type { Validation } from '@payrail/ui/validated-form';

/**
 * The text of a 1–3 star rating as a plain function, without a schema library: the rating is on the
 * dashboard, whose first load carries no zod (docs/architecture.md, "The dashboard's first load").
 * star-rating-rules.test.ts holds it to `starRatingMessageSchema` (../components/star-rating.schema.ts).
 */

export const STAR_RATING_MESSAGE_MAX = 2000;

export interface StarRatingMessageInput {
  message: string;
}

/** Something to send (trimmed), at most 2,000 characters as the server's `ZUserFeedbackRequest` takes it. */
export function validateStarRatingMessage(input: StarRatingMessageInput): Validation<StarRatingMessageInput> {
  const message = input.message.trim();
  if (message.length < 1) return { errors: { message: FIELD_MSG.blank } };
  // Counted in Unicode code points, as the schema counts (an emoji is one character, two UTF-16 units).
  if (message.length > STAR_RATING_MESSAGE_MAX && Array.from(message).length > STAR_RATING_MESSAGE_MAX)
    return { errors: { message: FIELD_MSG.tooLong(STAR_RATING_MESSAGE_MAX) } };
  return { values: { message } };
}
