import { z } from 'zod';

/** The referral code is longer than 3 characters (newflow §5); a shorter one cannot exist. */
export const MIN_REFER_CODE = 4;
export const REFER_CODE_UNKNOWN = 'This referral code does not exist.';

/** Upper-cased as typed. */
export const normalizeReferCode = (value: string): string => value.toUpperCase();

/** "Did a friend refer you?": the friend's code, trimmed (`refer_code` on the wire). */
export const referFriendSchema = z.object({ refer_code: z.string().trim().min(MIN_REFER_CODE, REFER_CODE_UNKNOWN) });
