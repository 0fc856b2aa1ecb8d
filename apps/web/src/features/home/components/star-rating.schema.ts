import { FIELD_MSG } from '@payrail/contract/messages';
import { z } from 'zod';

/**
 * The text of a 1–3 star rating (classic §2): required here (Send stays disabled while it is empty),
 * trimmed and at most 2,000 characters as the server's `ZUserFeedbackRequest` takes it. The form validates with
 * ../lib/star-rating-rules.ts (no schema library on the dashboard's first load), held to this schema by its test.
 */
export const starRatingMessageSchema = z.object({ message: z.string().trim().min(1, FIELD_MSG.blank).max(2000, FIELD_MSG.tooLong(2000)) });
