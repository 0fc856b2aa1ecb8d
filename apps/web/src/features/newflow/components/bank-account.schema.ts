import { z } from 'zod';
import { MSG } from '@payrail/contract/messages';

const ROUTING = /^\d{9}$/;
const ACCOUNT = /^\d{4,17}$/;
export const ROUTING_MESSAGE = 'A routing number has 9 digits.';
export const ACCOUNT_MESSAGE = 'An account number has 4 to 17 digits.';

/**
 * bank_account/manual (newflow §3, §5): account type, routing number (9 digits), account number (4 to 17
 * digits) and a statement, all required ("can't be blank"); the names are the step's `manual` keys.
 */
export const bankAccountManualSchema = z.object({
  accountType: z
    .enum(['Checking', 'Savings'])
    .nullable()
    .refine((value) => value !== null, MSG.required)
    .transform((value) => value as 'Checking' | 'Savings'),
  routingNumber: z.string().min(1, MSG.required).regex(ROUTING, ROUTING_MESSAGE),
  accountNumber: z.string().min(1, MSG.required).regex(ACCOUNT, ACCOUNT_MESSAGE),
  bankStatement: z
    .custom<File | null>()
    .refine((file) => Boolean(file), MSG.required)
    .transform((file) => file as File),
});
export type BankAccountManualAnswers = z.input<typeof bankAccountManualSchema>;
