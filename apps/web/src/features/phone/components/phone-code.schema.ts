import { z } from 'zod';
import { PHONE_CODE_LENGTH } from '@payrail/contract/identity';

export const CODE_INVALID = `Enter the ${PHONE_CODE_LENGTH}-digit code.`;

/** Keeps digits only, at most 6 (spec §5). */
export const normalizePhoneCode = (value: string) => value.replace(/\D/g, '').slice(0, PHONE_CODE_LENGTH);

export const phoneCodeSchema = z.object({ code: z.string().regex(new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`), CODE_INVALID) });

/** The code view's form: Verify needs `minCodeLength` digits (1 in the classic flow, 3 in the new flow, newflow §5); the server judges the code. */
export const phoneCodeFormSchema = (minCodeLength: number) => z.object({ code: z.string().min(minCodeLength) });
