import { z } from 'zod';
import { PAYMENT_MSG } from '@payrail/contract/servicing';
import type { PaymentMode } from '@payrail/contract/servicing';
import { FIELD_MSG } from '@payrail/contract/messages';
import { moneyInput } from '@payrail/ui/money-field';
import { cents, formatCents as plainCents } from '@payrail/domain/money';
import type { PaymentLimit } from '../lib/payment-limit';
import { ONE_TIME_MINIMUM_CENTS } from '../lib/servicing-format';

/** The payment form's fields as typed (the wire names of the payment request where there is one). */
export interface PaymentFormInput {
  /** The account on file, a new one, or none chosen yet. */
  account: 'on_file' | 'new' | '';
  account_number: string;
  routing_number: string;
  account_type: string;
  /** Dollars as typed ("50", "50.50", "1,250.00"); not used by a payoff. */
  amount: string;
  /** YYYY-MM-DD; not used by an auto-debit. */
  date: string;
  /** Auto-debit: the disclosure accepted. */
  disclosure: boolean;
}

/** What the form hands over: the amount in exact cents (null for a payoff). */
export type PaymentFormOutput = Omit<PaymentFormInput, 'amount'> & { amount: number | null };

export interface PaymentFormRules {
  mode: PaymentMode;
  /** Servicing's business date: no payment before it. */
  today: string;
  /** The loan's first day: no payment before it. */
  loanStarts: string;
  /** An auto-debit is at least this (cents). */
  paymentPerTerm: number;
  /** A one-time payment's limit of the chosen day (payments already on their way), when known. */
  limit: PaymentLimit | null;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The ACH payment form's rules (spec §5), in the order the server checks them: the account (a new one needs
 * its number, routing number and type), the amount (dollars read by the one money reader: one-time ≥ $10.00 and
 * at most the day's limit, auto-debit ≥ the payment per term), the date (not before today nor before the loan
 * starts; not for an auto-debit) and the auto-debit disclosure. Every wrong field is told at once.
 */
export function paymentFormSchema({ mode, today, loanStarts, paymentPerTerm, limit }: PaymentFormRules) {
  const amount =
    mode === 'one_time'
      ? moneyInput({
          min: ONE_TIME_MINIMUM_CENTS,
          minMessage: PAYMENT_MSG.lowerThanMinimum,
          ...(limit ? { max: limit.maxCents, maxMessage: limit.refusal } : {}),
        })
      : moneyInput({ min: paymentPerTerm, minMessage: PAYMENT_MSG.lowerThanTerm(plainCents(cents(paymentPerTerm))) });
  return z
    .object({
      account: z.enum(['on_file', 'new', '']),
      account_number: z.string(),
      routing_number: z.string(),
      account_type: z.string(),
      amount: z.string(),
      date: z.string(),
      disclosure: z.boolean(),
    })
    .transform((values, ctx): PaymentFormOutput => {
      const issue = (path: keyof PaymentFormInput, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      if (values.account === '') issue('account', PAYMENT_MSG.accountRequired);
      if (values.account === 'new') {
        if (!values.account_number) issue('account_number', FIELD_MSG.blank);
        if (!values.routing_number) issue('routing_number', FIELD_MSG.blank);
        if (values.account_type !== 'checking' && values.account_type !== 'savings')
          issue('account_type', values.account_type ? PAYMENT_MSG.accountTypeInvalid : FIELD_MSG.blank);
      }
      let cents: number | null = null;
      if (mode !== 'payoff') {
        const read = amount.safeParse(values.amount);
        if (read.success) cents = read.data;
        else issue('amount', read.error.issues[0]?.message ?? PAYMENT_MSG.lowerThanMinimum);
      }
      if (mode !== 'auto_debit') {
        if (!values.date) issue('date', PAYMENT_MSG.dateRequired);
        else if (!ISO_DATE.test(values.date)) issue('date', PAYMENT_MSG.dateInvalid);
        else if (values.date < today) issue('date', PAYMENT_MSG.dateInPast);
        else if (values.date < loanStarts) issue('date', PAYMENT_MSG.dateBeforeLoan);
      }
      if (mode === 'auto_debit' && !values.disclosure) issue('disclosure', PAYMENT_MSG.disclosureRequired);
      return { ...values, amount: cents };
    });
}
