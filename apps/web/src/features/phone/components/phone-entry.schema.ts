import { z } from 'zod';
import { MSG } from '@payrail/contract/messages';
import { TEST_COUNTRIES, toE164 } from '../lib/phone-number';
import type { PhoneMode } from '../lib/phone-number';

export const CONSENT_REQUIRED = 'Accept the text messaging consent to receive the code.';

/**
 * The phone entry (spec §5): a valid mobile number, and the text-messaging consent when asked for. The
 * dashboard's edit dialog says 'invalid phone' instead of the long message.
 */
export const phoneEntrySchema = (mode: PhoneMode, askConsent: boolean, invalidMessage: string = MSG.invalidPhone) =>
  z
    .object({
      country: z.enum(TEST_COUNTRIES),
      number: z.string().trim().min(1, invalidMessage),
      consent: z.boolean(),
    })
    .superRefine((values, ctx) => {
      if (!toE164(mode, values.number, values.country)) ctx.addIssue({ code: 'custom', path: ['number'], message: invalidMessage });
      if (askConsent && !values.consent) ctx.addIssue({ code: 'custom', path: ['consent'], message: CONSENT_REQUIRED });
    })
    .transform((values) => ({ ...values, e164: toE164(mode, values.number, values.country) ?? '' }));

export type PhoneEntryInput = z.input<ReturnType<typeof phoneEntrySchema>>;
