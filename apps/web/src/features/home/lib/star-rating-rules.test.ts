import { describe, expect, it } from 'vitest';
import type { Validation } from '@payrail/ui/validated-form';
import { starRatingMessageSchema } from '../components/star-rating.schema';
import { STAR_RATING_MESSAGE_MAX, validateStarRatingMessage } from './star-rating-rules';
import type { StarRatingMessageInput } from './star-rating-rules';

/** What react-hook-form's zod resolver shows: per field, the first issue's message; or the parsed values. */
function viaZod(input: StarRatingMessageInput): Validation<StarRatingMessageInput> {
  const result = starRatingMessageSchema.safeParse(input);
  if (result.success) return { values: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return { errors };
}

describe('the rating text validates as its zod schema does', () => {
  it('empty, blank, short, long and padded texts', () => {
    const long = 'a'.repeat(STAR_RATING_MESSAGE_MAX);
    const messages = [
      '',
      ' ',
      '\n\t ',
      'Slow',
      '  Slow  ',
      'Too many steps.\n',
      long,
      `${long}a`,
      `  ${long}  `,
      ` ${long}a `,
      '😀'.repeat(STAR_RATING_MESSAGE_MAX / 2),
      '😀'.repeat(STAR_RATING_MESSAGE_MAX / 2 + 1),
    ];
    for (const message of messages) expect(validateStarRatingMessage({ message }), JSON.stringify(message.slice(0, 20))).toEqual(viaZod({ message }));
  });
});
