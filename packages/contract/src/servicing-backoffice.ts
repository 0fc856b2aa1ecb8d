import { z } from 'zod';

import { ZCents } from './money.js';
import { LEDGER_KINDS, LOAN_STATUSES, PAY_METHODS, PAYMENT_MODES, TRANSACTION_STATUSES } from './servicing.js';
import { ZIsoDate } from './dates';
import { ZInstallmentRow } from './schedule';
import { DISBURSEMENT_STATUSES, REPAYMENT_METHODS, type RepaymentMethod } from '@payrail/domain/loan/statuses';
import { RETURN_CODES, SEC_CODES } from '@payrail/domain/servicing/ach';

/**
 * Back-office servicing calls under /api/backoffice (staff token in `Authorization`):
 * loan servicing page, payment reversal, a returned disbursement (re-disburse or cancel), payroll
 * remittances and suspense, the business clock and the daily run. Roles: servicer | admin act; underwriter reads the loan page and the clock.
 * Money is integer cents; dates `YYYY-MM-DD`; instants ISO 8601.
 */

const ZId = z.coerce.number().int().positive().max(2_147_483_647);
const ZDate = ZIsoDate;

/** Messages of these calls (the spec is silent on them; plain English for staff). */
export const SERVICING_BO_MSG = {
  notInProduction: 'The business date can only be moved outside production.',
  dateBackwards: 'The business date can only move forward.',
  dateOrDays: 'Give either a date or a number of days.',
  tooFar: 'The business date can move at most 400 days at once.',
  loanNotFound: 'Loan not found.',
  entryNotFound: 'Ledger entry not found on this loan.',
  notAPayment: 'Only a posted payment can be reversed.',
  alreadyReversed: 'This payment has already been reversed.',
  reasonRequired: 'A reason is required (3 to 500 characters).',
  remittanceErrors: 'The remittance file has errors; nothing was posted.',
  payDateAhead: (date: string) => `Pay date ${date} is after the business date.`,
  lineNotFound: 'Remittance line not found.',
  lineNotInSuspense: 'This remittance line is not in suspense.',
  loanNotServiced: 'Only an open loan (Active or in default) can receive a payment.',
  payDateBeforeLoan: 'The pay date is before the loan was disbursed.',
  returnFileMissing: 'Attach a NACHA return file.',
  returnFileTooLarge: 'The return file is too large (5 MB at most).',
  returnUnknownTrace: 'No ACH entry has this trace number.',
  returnNotSent: 'This ACH entry was never sent to the bank.',
  returnNotADebitReturn: 'Only returns of our debit entries (transaction code 26 or 36) can be applied.',
  returnAmountDiffers: (expected: number, found: number) => `The return is for ${found} cents; the ACH entry was ${expected} cents.`,
  correctionNoAccount: 'This ACH entry has no bank account on file to correct.',
  correctionNotApplied: (code: string) => `Change code ${code} does not correct an account: review it by hand.`,
  correctionUnreadable: (code: string) => `The corrected data does not read as change code ${code} lays it out: review it by hand.`,
  correctionApplied: (last4: string) => `Account corrected: future debits go to the account ending ${last4}.`,
  correctionAlreadyApplied: 'The account already holds the corrected information.',
  disbursementReturnLoanNotOpen: (status: string) => `The loan is ${status}: a return of its disbursement is reviewed by hand.`,
  notWaitingForMoney: 'This loan is not waiting for its money: only a loan whose disbursement came back can be re-disbursed or canceled.',
  redisburseNoAccount: 'The borrower has no verified receiving account with a full account number. Ask the borrower for a corrected account first.',
  redisburseSameAccount: 'The receiving account on file is still the one the bank returned the money from. Ask the borrower for a corrected account first.',
  redisburseKeyReused: 'This Idempotency-Key was used for another disbursement.',
  cancelRefinance: 'A refinance cannot be canceled: its proceeds paid off the earlier loan. Re-disburse it to a corrected account instead.',
  cancelPaymentsHeld: 'Payments were received on this loan: reverse or refund them before canceling it.',
  notUnsent:
    "This loan's money is not waiting to be sent: its credit went to the bank (or the loan is not pending). Only a loan whose funding credit was never sent can be canceled this way.",
  cancelUnsentRefinance: 'A refinance cannot be canceled: its proceeds paid off the earlier loan. Fund it again to send its money instead.',
  noCreditBalance: 'This loan has no credit balance to refund: nothing was sent.',
  /** A refund that lost two races in a row with other refunds of the same loan (sent nothing; a 409). */
  refundRaced: 'The credit balance changed while it was being refunded. Reload the loan and try again.',
  /** Why a credit balance (or its ACH part) was not sent by POST /loans/:loanId/refund_credit, in plain words for the servicer. */
  creditHeld: {
    no_account: "Not sent: the borrower has no verified bank account on file to send it to. Add or verify the borrower's bank account, then refund again.",
    in_flight: 'Not sent: this money came from a debit the bank can still return (it is inside its return window). Refund it once that payment has settled.',
    returned:
      'Not sent: the last refund to the bank account on file came back from the bank. Ask the borrower for another account (or correct that one), then refund again.',
  },
} as const;

// ── Business clock and the daily run ─────────────────────────────────────────────────────────────

export const ZBusinessDateResponse = z.object({
  business_date: ZIsoDate,
  real_date: ZIsoDate,
  /** The staff override (outside production), null when the clock follows the real date. */
  override_date: ZIsoDate.nullable(),
  /** False in production: the clock cannot be moved. */
  movable: z.boolean(),
  last_completed_run: z.string().nullable(),
});
export type TBusinessDateResponse = z.infer<typeof ZBusinessDateResponse>;

/** POST /servicing/business_date: move to `date`, or forward by `days`. */
export const ZAdvanceBusinessDate = z.object({ date: ZDate.optional(), days: z.number().int().min(1).max(400).optional() });

export const ZRunReport = z.object({
  dates: z.array(z.object({ date: ZIsoDate, done: z.number().int(), failed: z.number().int() })),
  loans_processed: z.number().int(),
  seconds: z.number(),
});
export const ZAdvanceResponse = z.object({ clock: ZBusinessDateResponse, run: ZRunReport });
export type TAdvanceResponse = z.infer<typeof ZAdvanceResponse>;

// ── Loan servicing page: GET /loans/:loanId/servicing ────────────────────────────────────────────

export const ZLedgerEntryRow = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  effective_date: ZIsoDate,
  amount: ZCents,
  transaction_id: z.number().int().nullable(),
  reverses_entry_id: z.number().int().nullable(),
  /** The reversal of this entry, when there is one. */
  reversed_by_entry_id: z.number().int().nullable(),
  installment: z.number().int().nullable(),
  reason_code: z.string().nullable(),
  reason: z.string().nullable(),
  created_by_staff_id: z.number().int().nullable(),
  created_at: z.string(),
});

export const ZScheduleRow = ZInstallmentRow.extend({
  /** Still unpaid of it on the business date (interest + principal; fees apart); 0 when paid or not yet due. */
  unpaid: ZCents,
  fees_unpaid: ZCents,
  state: z.enum(['paid', 'past_due', 'upcoming']),
});

export const ZAchEntry = z.object({
  id: z.number().int(),
  mode: z.enum(PAYMENT_MODES),
  method: z.enum(PAY_METHODS),
  status: z.enum(TRANSACTION_STATUSES),
  amount: ZCents,
  scheduled_date: ZIsoDate,
  installment: z.number().int().nullable(),
  retry_of_id: z.number().int().nullable(),
  trace_id: z.string().nullable(),
  /** The 15-digit NACHA trace number of the entry (what a bank's return file quotes); null until sent. */
  trace_number: z.string().nullable(),
  sec_code: z.enum(SEC_CODES),
  settled_on: ZIsoDate.nullable(),
  returned_on: ZIsoDate.nullable(),
  return_code: z.string().nullable(),
  return_reason: z.string().nullable(),
});

/** An ACH credit of the loan's money to the borrower (the funding's, or a re-disbursement of a returned one). */
export const ZDisbursementEntry = z.object({
  id: z.number().int(),
  amount: ZCents,
  status: z.enum(DISBURSEMENT_STATUSES),
  trace_id: z.string(),
  /** The credit entry's 15-digit NACHA trace number (what the bank's return quotes); null for older disbursements. */
  trace_number: z.string().nullable(),
  /** Last four digits of the receiving account, when recorded. */
  account_last4: z.string().nullable(),
  returned_on: ZIsoDate.nullable(),
  return_code: z.string().nullable(),
  return_reason: z.string().nullable(),
  /** A re-disbursement: the returned disbursement it sends again. */
  retry_of_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type TDisbursementEntry = z.infer<typeof ZDisbursementEntry>;

export const ZLoanServicingResponse = z.object({
  loan: z.object({
    id: z.number().int(),
    identifier: z.string(),
    user_id: z.number().int(),
    status: z.enum(LOAN_STATUSES),
    note_principal: ZCents,
    payment_per_term: ZCents,
  }),
  business_date: ZIsoDate,
  days_past_due: z.number().int(),
  payoff_amount: ZCents,
  paid_total: ZCents,
  /**
   * Money received beyond what the loan owed and not refunded yet (cents; the ledger's unapplied money).
   * Refunded automatically (docs/servicing.md, "Credit balances"); above 0 here it is held: no verified
   * bank account on file, it rests on a debit still in its return window, or a refund to the account on
   * file came back. A servicer may send it with POST /loans/:loanId/refund_credit.
   */
  credit_balance: ZCents,
  schedule: z.array(ZScheduleRow),
  ledger: z.array(ZLedgerEntryRow),
  ach_entries: z.array(ZAchEntry),
  auto_debit: z.object({ id: z.number().int(), amount: ZCents, bank_account_id: z.number().int(), created_at: z.string() }).nullable(),
  /** The loan's disbursements, oldest first. */
  disbursements: z.array(ZDisbursementEntry),
  /**
   * True while the loan waits for its money: its disbursement came back from the borrower's bank (the loan
   * is `pending`, no debit is taken). A servicer re-disburses it or cancels the loan.
   */
  disbursement_returned: z.boolean(),
  /**
   * True while the loan's funding credit was written but never sent (the send failed: the loan is `pending`,
   * its disbursement unsent). The next fund call or the daily run sends it; a servicer may cancel the loan instead.
   */
  credit_unsent: z.boolean(),
});
export type TLoanServicingResponse = z.infer<typeof ZLoanServicingResponse>;

/** POST /loans/:loanId/redisburse (Idempotency-Key header): the returned disbursement sent again to the corrected account. */
export const ZRedisburseResponse = z.object({ disbursement: ZDisbursementEntry, servicing: ZLoanServicingResponse });
export type TRedisburseResponse = z.infer<typeof ZRedisburseResponse>;

/** POST /loans/:loanId/cancel_undelivered: the loan whose money never arrived is canceled (closed, nothing owed). */
export const ZCancelUndeliveredRequest = z.object({
  reason: z.string().trim().min(3, { error: SERVICING_BO_MSG.reasonRequired }).max(500, { error: SERVICING_BO_MSG.reasonRequired }),
});
export const ZCancelUndeliveredResponse = z.object({ servicing: ZLoanServicingResponse });
export type TCancelUndeliveredResponse = z.infer<typeof ZCancelUndeliveredResponse>;

/** POST /loans/:loanId/cancel_unsent: a loan whose funding credit was never sent is canceled (closed, nothing owed; never sent). */
export const ZCancelUnsentRequest = ZCancelUndeliveredRequest;
export const ZCancelUnsentResponse = z.object({ servicing: ZLoanServicingResponse });
export type TCancelUnsentResponse = z.infer<typeof ZCancelUnsentResponse>;

/**
 * POST /loans/:loanId/refund_credit `{ reason }`: a servicer sends the loan's credit balance back now (card
 * parts to their cards, the rest by ACH credit to the verified bank account on file), as the automatic
 * refund does. `credit_balance` is the credit found under the loan's lock; `refunds` what was sent; `left`
 * what stays on the loan and `held` why (null when nothing is left). 404 for an unknown loan, 409
 * (`noCreditBalance`, nothing written) when there is no credit — also the answer of a repeat after it was sent.
 */
export const ZRefundCreditRequest = ZCancelUndeliveredRequest;
export const CREDIT_HELD_REASONS = ['no_account', 'in_flight', 'returned'] as const;
export const ZRefundCreditResponse = z.object({
  credit_balance: ZCents,
  refunds: z.array(
    z.object({
      /** The `refund` ledger entry. */
      entry_id: z.number().int(),
      channel: z.enum(['card', 'ach']),
      amount: ZCents,
      /** The card processor's payout id, or the ACH credit's trace id. */
      reference: z.string(),
    }),
  ),
  left: ZCents,
  held: z.enum(CREDIT_HELD_REASONS).nullable(),
  servicing: ZLoanServicingResponse,
});
export type TRefundCreditResponse = z.infer<typeof ZRefundCreditResponse>;

/** POST /loans/:loanId/reversals: reverse a posted payment, with the reason (audited). */
export const ZReversalRequest = z.object({
  entry_id: z.number().int().positive(),
  reason: z.string().trim().min(3, { error: SERVICING_BO_MSG.reasonRequired }).max(500, { error: SERVICING_BO_MSG.reasonRequired }),
  /** The bank's return code when the reversal records a late ACH return. */
  return_code: z.enum(RETURN_CODES).optional(),
});
export const ZReversalResponse = z.object({ reversal: ZLedgerEntryRow, servicing: ZLoanServicingResponse });

// ── ACH return files from the bank ───────────────────────────────────────────────────────────────

const ZAchReturnLine = z.object({
  /** Line of the entry detail record in the file. */
  line: z.number().int(),
  original_trace: z.string(),
  return_code: z.string(),
  /** The reason's title when the code is one servicing knows, else null. */
  return_reason: z.string().nullable(),
  /** Cents, as the return entry states it. */
  amount: ZCents,
});
export const ZAchReturnsResponse = z.object({
  file_name: z.string().nullable(),
  entries: z.number().int(),
  /**
   * A return of one of our debits names its transaction; a return of a disbursement credit (code 21/31)
   * names the disbursement (`disbursement_id`, `transaction_id` null): the loan went back to pending. A
   * return of a credit-balance refund's ACH credit (21/31) names the `refund` ledger entry it reversed
   * (`refund_entry_id`, `transaction_id` null): the credit is back on the loan, held until another account
   * is on file. Absent from answers of servers before it.
   */
  applied: z.array(
    ZAchReturnLine.extend({
      loan_id: z.number().int(),
      loan_identifier: z.string(),
      transaction_id: z.number().int().nullable(),
      disbursement_id: z.number().int().optional(),
      refund_entry_id: z.number().int().optional(),
      returned_on: ZIsoDate,
    }),
  ),
  unmatched: z.array(ZAchReturnLine.extend({ reason: z.string() })),
  duplicates: z.array(
    ZAchReturnLine.extend({
      loan_id: z.number().int(),
      transaction_id: z.number().int().nullable(),
      disbursement_id: z.number().int().optional(),
      refund_entry_id: z.number().int().optional(),
      returned_on: ZIsoDate.nullable(),
    }),
  ),
  /**
   * Returns of referral payout credits (21/31 quoting a payout's trace number, docs/referral-and-refinance.md):
   * `applied` (the payout returned, its rewards payable again, the member told) or `duplicate` (returned
   * before). Each line of the file is in exactly one list. Absent from answers of servers before it.
   */
  referral_payouts: z
    .array(
      ZAchReturnLine.extend({
        outcome: z.enum(['applied', 'duplicate']),
        referral_payout_id: z.number().int(),
        user_id: z.number().int(),
        /** When the payout was recorded returned (ISO timestamp). */
        returned_at: z.string(),
      }),
    )
    .optional(),
  /** Notifications of change (COR entries): the account information the receiving bank corrected. */
  corrections: z.array(
    z.object({
      line: z.number().int(),
      original_trace: z.string(),
      change_code: z.string(),
      /** The NACHA name of the change when servicing applies it, else null. */
      change_reason: z.string().nullable(),
      outcome: z.enum(['applied', 'already_applied', 'not_applied']),
      loan_id: z.number().int().nullable(),
      transaction_id: z.number().int().nullable(),
      detail: z.string(),
    }),
  ),
});
export type TAchReturnsResponse = z.infer<typeof ZAchReturnsResponse>;

// ── Payroll remittances ──────────────────────────────────────────────────────────────────────────

export const ZRemittanceLineInput = z.object({
  employer: z.string().trim().min(1).max(200),
  pay_date: ZDate,
  borrower_identifier: z.string().trim().min(1).max(100),
  /** Cents. */
  amount: ZCents.check(z.positive(), z.lte(9_999_999)),
});

/** POST /remittances: a CSV file's text (employer,pay_date,borrower_identifier,amount in dollars), or lines by API (amount in cents). */
export const ZRemittanceImport = z.union([
  z.object({ csv: z.string().min(1).max(5_000_000), file_name: z.string().max(200).optional() }),
  z.object({ lines: z.array(ZRemittanceLineInput).min(1).max(50_000), reference: z.string().max(200).optional() }),
]);

/** Where a remittance line stands (posted, suspense, assigned, rejected). */
export const REMITTANCE_LINE_STATUSES = ['posted', 'suspense', 'assigned', 'rejected'] as const;
export const ZRemittanceLine = z.object({
  id: z.number().int(),
  batch_id: z.number().int(),
  line: z.number().int(),
  employer: z.string(),
  pay_date: ZIsoDate,
  borrower_identifier: z.string(),
  amount: ZCents,
  status: z.enum(REMITTANCE_LINE_STATUSES),
  suspense_reason: z.string().nullable(),
  loan_id: z.number().int().nullable(),
  ledger_entry_id: z.number().int().nullable(),
  rejection_reason: z.string().nullable(),
  resolved_at: z.string().nullable(),
});
export type TRemittanceLine = z.infer<typeof ZRemittanceLine>;

export const ZRemittanceImportResponse = z.object({
  batch_id: z.number().int(),
  /** True when this exact file was imported before: nothing new was posted. */
  duplicate: z.boolean(),
  posted: z.number().int(),
  suspense: z.number().int(),
  total: ZCents,
  lines: z.array(ZRemittanceLine),
});
export type TRemittanceImportResponse = z.infer<typeof ZRemittanceImportResponse>;
export const ZRemittanceErrors = z.object({
  error: z.string(),
  line_errors: z.array(z.object({ line: z.number().int(), column: z.string().optional(), message: z.string() })),
});

export const ZSuspenseResponse = z.object({ lines: z.array(ZRemittanceLine) });

export const ZLineParams = z.object({ id: ZId });
export const ZResolveLine = z.union([
  z.object({ action: z.literal('assign'), loan_id: z.number().int().positive() }),
  z.object({
    action: z.literal('reject'),
    reason: z.string().trim().min(3, { error: SERVICING_BO_MSG.reasonRequired }).max(500, { error: SERVICING_BO_MSG.reasonRequired }),
  }),
]);

/** POST /remittances/sandbox: the payday file every allotment employer would send (not in production). */
export const ZSandboxRemittanceRequest = z.object({ pay_date: ZDate });
export const ZSandboxRemittanceResponse = z.object({ csv: z.string(), lines: z.number().int(), total: ZCents });

// ── The loan list: GET /loans?q&status&dpd&repay_method&cursor&per_page (underwriter, servicer, admin) ──

/** Days-past-due buckets of the loan list's filter (`0`: current; `90+`: ninety days or more). */
export const LOAN_DPD_BUCKETS = ['0', '1-29', '30-59', '60-89', '90+'] as const;
export type LoanDpdBucket = (typeof LOAN_DPD_BUCKETS)[number];
/** The days each bucket holds, `max` null for no upper bound. */
export const LOAN_DPD_RANGES: Readonly<Record<LoanDpdBucket, { min: number; max: number | null }>> = {
  '0': { min: 0, max: 0 },
  '1-29': { min: 1, max: 29 },
  '30-59': { min: 30, max: 59 },
  '60-89': { min: 60, max: 89 },
  '90+': { min: 90, max: null },
};
/** How a loan is repaid, as its application chose (split_direct_deposit: payroll allotment). */
export const LOAN_REPAY_METHODS = REPAYMENT_METHODS;
export type LoanRepayMethod = RepaymentMethod;

export const LOAN_LIST_MAX_PER_PAGE = 100;

/**
 * `q`: a loan number (`1152-60-6252` or `1152606252`, or its first digits), the internal id (`42`, `#42`),
 * or the borrower's name, e-mail or phone (digits, any punctuation). `cursor`: the `next_cursor` of the
 * page before (opaque). Newest loans first.
 */
export const ZLoanListQuery = z.object({
  q: z.string().trim().max(120).optional(),
  status: z.enum(LOAN_STATUSES).optional(),
  dpd: z.enum(LOAN_DPD_BUCKETS).optional(),
  repay_method: z.enum(LOAN_REPAY_METHODS).optional(),
  cursor: z
    .string()
    .regex(/^\d{1,10}$/, { error: 'must be the next_cursor of the page before' })
    .optional(),
  per_page: z.coerce.number().int().min(1).max(LOAN_LIST_MAX_PER_PAGE).default(25),
});
export type TLoanListQuery = z.input<typeof ZLoanListQuery>;

export const ZLoanListItem = z.object({
  id: z.number().int(),
  /** The loan number, `####-##-####`. */
  identifier: z.string(),
  status: z.enum(LOAN_STATUSES),
  borrower: z.object({ user_id: z.number().int(), name: z.string(), email: z.string(), phone: z.string().nullable() }),
  repay_method: z.enum(LOAN_REPAY_METHODS).nullable(),
  amount: ZCents,
  /** What the loan owes as of the business date (its payoff): principal, earned interest, fees. */
  balance: ZCents,
  /** The oldest unpaid installment's due date, else the next one; null once the loan is closed. */
  next_due_date: ZIsoDate.nullable(),
  days_past_due: z.number().int(),
  disbursement_date: ZIsoDate,
  created_at: z.string(),
});
export type TLoanListItem = z.infer<typeof ZLoanListItem>;

export const ZLoanListResponse = z.object({
  items: z.array(ZLoanListItem),
  /** Pass as `cursor` for the next page; null when there is none. */
  next_cursor: z.string().nullable(),
  /** Loans matching the search and filters; null with a days-past-due filter (derived per loan from its ledger, not counted ahead). */
  total: z.number().int().nullable(),
  /** The business date days past due and balances are read as of. */
  business_date: ZIsoDate,
});
export type TLoanListResponse = z.infer<typeof ZLoanListResponse>;
