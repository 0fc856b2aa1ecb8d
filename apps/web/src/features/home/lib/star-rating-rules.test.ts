import { describe, expect, it } from 'vitest';
import { blankAndLimitTexts, viaZod } from '../../../../test/via-zod';
import { starRatingMessageSchema } from '../components/star-rating.schema';
import { STAR_RATING_MESSAGE_MAX, validateStarRatingMessage } from './star-rating-rules';

describe('the rating text validates as its zod schema does', () => {
  it('empty, blank, short, long and padded texts', () => {
    const messages = [
      ...blankAndLimitTexts(STAR_RATING_MESSAGE_MAX),
      'Slow',
      '  Slow  ',
      'Too many steps.\n',
      '😀'.repeat(STAR_RATING_MESSAGE_MAX / 2),
      '😀'.repeat(STAR_RATING_MESSAGE_MAX / 2 + 1),
    ];
    for (const message of messages)
      expect(validateStarRatingMessage({ message }), JSON.stringify(message.slice(0, 20))).toEqual(viaZod(starRatingMessageSchema, { message }));
  });
});
