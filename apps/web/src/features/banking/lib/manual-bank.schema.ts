import { ACCOUNT_TYPES } from '@payrail/contract/banking';
import { z } from 'zod';
import { isAccountNumber, isRoutingNumber } from '../../../lib/bank-rules';

/** Field texts of the manual bank form (the server's own texts replace them when it answers). */
export const MANUAL_BANK_TEXT = {
  accountType: 'Choose checking or savings.',
  routing: 'Enter the 9-digit routing number.',
  account: 'Enter your account number (digits only, up to 20).',
} as const;

/** Masks and rules (spec §5): shared with the application review, see lib/bank-rules. */
export { ACCOUNT_NUMBER_MAX, ROUTING_MASK, accountDigits } from '../../../lib/bank-rules';

/**
 * The manual bank form. `onFileMasked` is the masked number on file (`*****6789`): sent back unchanged it
 * keeps the stored number, so the borrower does not have to type it again to change something else.
 */
export function manualBankSchema(onFileMasked: string | null) {
  return z.object({
    account_type: z.string().pipe(z.enum(ACCOUNT_TYPES, { error: MANUAL_BANK_TEXT.accountType })),
    routing_transfer_number: z.string().refine(isRoutingNumber, MANUAL_BANK_TEXT.routing),
    bank_account_number: z.string().refine((value) => (onFileMasked !== null && value === onFileMasked) || isAccountNumber(value), MANUAL_BANK_TEXT.account),
  });
}

export type ManualBankValues = z.infer<ReturnType<typeof manualBankSchema>>;
/** The form's input: the account type is empty until chosen. */
export type ManualBankInput = z.input<ReturnType<typeof manualBankSchema>>;
