import { z } from 'zod';
import { EMAIL_TOKEN_LENGTH } from '@payrail/contract/identity';

/** Upper-cased as typed, at most 6 characters (spec access §5). */
export const normalizeDashboardToken = (value: string): string => value.toUpperCase().slice(0, EMAIL_TOKEN_LENGTH);

/** Confirm is disabled while the code is empty; the server judges the code itself ('Confirmation token error.'). */
export const dashboardEmailConfirmationSchema = z.object({ token: z.string().min(1) });
