import { ZAutoDebitRequest } from '@payrail/contract/banking';
import type { TAutoDebitRequest } from '@payrail/contract/banking';
import { z } from 'zod';

/** The account to debit: the one on file, or a new one typed here. */
export type AutoDebitSource = 'on_file' | 'new';

/** A new account's fields (wire names of POST /auto_debit). */
export const AUTO_DEBIT_FIELDS = ['account_type', 'account_number', 'routing_number'] as const;

/** POST /auto_debit's new-account body: each field required ("can't be blank"), the server checks the bank. */
const ZNewAccount = ZAutoDebitRequest.options[0].pick({ account_type: true, account_number: true, routing_number: true });

/**
 * The auto-debit step (classic §2, §5) into POST /auto_debit: the account on file (`use_account_on_file`),
 * or the new account's fields, checked by the request's own rules.
 */
export const autoDebitFormSchema = z
  .object({ source: z.enum(['on_file', 'new']), account_type: z.string(), account_number: z.string(), routing_number: z.string() })
  .transform((values, ctx): TAutoDebitRequest => {
    if (values.source === 'on_file') return { use_account_on_file: true };
    const account = ZNewAccount.safeParse(values);
    if (account.success) return account.data;
    for (const issue of account.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  });

export type AutoDebitFormInput = z.input<typeof autoDebitFormSchema>;
