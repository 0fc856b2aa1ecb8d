import { z } from 'zod';
// The domain's lists, not application.ts's and banking.ts's re-exports: the dashboard loads this module with its
// first reads, and those two would bring every application and banking schema (docs/architecture.md).
import { FREQUENCIES as TERM_FREQUENCIES } from '@payrail/domain/loan/frequency';
import { ACCOUNT_TYPES } from '@payrail/domain/servicing/ach';
import { FIELD_MSG } from './messages';
import { ZCents } from './money';
import { ZIsoDate } from './dates';
import {
  LEDGER_KINDS,
  LOAN_STATUSES,
  PAY_METHODS,
  PAYMENT_MODES,
  TRANSACTION_STATUSES,
  type LedgerKind,
  type LoanStatus,
  type PaymentMode,
  type PayMethod,
  type TransactionStatus,
} from '@payrail/domain/loan/statuses';

/**
 * Servicing, borrower side (new flow & dashboard spec §3 Loan, Payment row, Scheduled payment, Payment
 * request, Payoff, Loan document; §5 Payments; §7 calls; §8 messages). Every call is under /api with the
 * borrower's session.
 *
 * WIRE UNITS (the same as every other contract of Payrail, ARCHITECTURE §4):
 * - money is INTEGER CENTS everywhere, in requests and answers (`amount: 1000` is $10.00). The spec's
 *   amount inputs are "digits only, max 10 characters, handled as cents", so the SPA sends what is typed.
 * - rates are percent decimal TEXT (`"5.99"`), never floats;
 * - dates are ISO `YYYY-MM-DD`; instants (`updated_at`) are ISO 8601 timestamps.
 */

// ── Messages ───────────────────────────────────────────────────────────────────────────────────────

/** §8 texts, verbatim (typos included), and the server's `error_messages` texts for §5 payment rules. */
export const PAYMENT_MSG = {
  /** §8 "Payment success". */
  sent: 'Your payment has been sent successfully.',
  /** §8 default payment error (the SPA's fallback when the server gives no `error_messages`). */
  unknown: 'Unknow error. Please reload and try again.',
  /** §8 409 on cancel. */
  inProgressOrDone: 'Payment in progress or already done.',
  /** §8 payoff / next payment date failure at 500 and above. */
  payoffUnknown: 'Unknown error. If this keep happening, contact us.',
  /** Cancel success notification (the spec names it without a text). */
  canceled: 'Your scheduled payment was canceled.',
  // §5 rules, answered in `error_messages` (the spec names the rule keys; these are the server's words).
  /** lowerThanMinimum: one-time amount at least $10.00. */
  lowerThanMinimum: 'The payment amount must be at least $10.00.',
  /** lowerThanTerm: auto-debit amount at least payment_per_term (dollars, e.g. `123.45`). */
  lowerThanTerm: (paymentPerTerm: string) => `The auto-debit amount must be at least your payment per term of $${paymentPerTerm}.`,
  amountRequired: 'Please enter the payment amount.',
  amountTooLong: 'The payment amount can have at most 10 digits.',
  dateRequired: 'Please choose the payment date.',
  dateInvalid: 'The payment date is not a valid date.',
  dateInPast: 'The payment date cannot be before today.',
  dateBeforeLoan: 'The payment date cannot be before your loan starts.',
  disclosureRequired: 'Please accept the auto-debit disclosure.',
  accountRequired: 'Please select a bank account.',
  accountTypeInvalid: 'The account type must be checking or savings.',
  accountIncomplete: 'Account number, routing number and account type are required.',
  methodUnsupported: 'This payment method is not available for this payment.',
  modeInvalid: 'The payment mode must be one_time, auto_debit or payoff.',
  loanNotFound: 'Loan not found.',
  loanNotPayable: 'This loan is not open for payments.',
  amountAbovePayoff: (payoff: string) => `The payment amount cannot be more than your payoff amount of $${payoff}.`,
  payoffAmountFixed: 'The payoff amount is fixed and cannot be changed.',
  /** A one-time payment (ACH or card) above what is still owed once the payments on their way are counted (amounts as `$4,060.00`). */
  amountAboveLimit: (max: string, onItsWay: string) => `You can pay at most ${max} now: ${onItsWay} is already on its way.`,
  /** A payment while a payoff is on its way (the payoff pays everything). */
  payoffOnItsWay: (date: string) => `A payoff of this loan is already on its way (${date}): nothing more is needed.`,
  /** A payoff (or payment) for a date when the payments already on their way before it pay what is owed then (amount as `$4,060.00`, date MM/DD/YYYY). */
  paidByPaymentsOnItsWay: (onItsWay: string, date: string) =>
    `The payments already on their way (${onItsWay}) pay what this loan owes on ${date}: nothing more is needed.`,
  /** Auto-debit on a loan repaid by payroll allotment: one collection method per installment. */
  autoDebitOnAllotment:
    'This loan is repaid by payroll allotment, so an auto-debit would collect the same payment twice. Please contact us to change how you repay.',
  autoDebitExists: 'An auto-debit is already set up for this loan. Cancel it before setting up a new one.',
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 8 to 200 characters.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different payment.',
  transactionNotFound: 'Payment not found.',
  documentNotFound: 'Document not found.',
  documentsRequired: 'Please choose at least one document.',
  payoffDateInvalid: 'The payoff date must be a valid date (YYYY-MM-DD).',
  payoffDateInPast: 'The payoff date cannot be before today.',
  noNextTermDate: 'This loan has no next payment date.',
  /** Debit-card pull: the card id is not one of the borrower's saved cards. */
  cardNotFound: 'Please select one of your debit cards.',
  refundSent: 'Your refund has been sent to your card.',
  noCreditBalance: 'There is no credit balance to refund on this loan.',
  refundAboveCredit: (max: string) => `The refund cannot be more than your credit balance of $${max}.`,
  /** The whole credit comes from a bank payment still inside its return window (a refund waits until it has settled). */
  refundInFlight: 'Your credit balance comes from a bank payment that has not cleared yet. You can refund it once that payment has settled.',
  refundAboveRefundable: (max: string) =>
    `You can refund up to $${max} now: the rest of your credit balance comes from a bank payment that has not cleared yet.`,
  cardNotPaidWith: 'This card has no payment on this loan to refund to. Please choose the card you paid with.',
  /** Debit-card pull without loan_id when the borrower has several loans open for payments. */
  loanRequired: 'Please choose the loan to pay.',
} as const;

// ── Enums ──────────────────────────────────────────────────────────────────────────────────────────

/**
 * The loan book's enums are declared once, in the domain (`@payrail/domain/loan/statuses`); the contract's
 * `z.enum(...)` and the database's columns are built from them (issue #28). §3 loan statuses, in the spec's
 * order 0..5; §3 payment modes and methods; the life of a transaction; the kinds of ledger entries.
 */
export { LEDGER_KINDS, LOAN_STATUSES, PAY_METHODS, PAYMENT_MODES, TRANSACTION_STATUSES };
export type { LedgerKind, LoanStatus, PaymentMode, PayMethod, TransactionStatus };

/** The loan status and payment method labels (zod-free, for the signed-in pages' first load). */
export { LOAN_STATUS_LABELS, PAY_METHOD_LABELS } from './servicing-labels';

/** Where a payment came from (Payment row `source`). */
export const PAYMENT_SOURCES = ['one_time', 'auto_debit', 'payoff', 'payroll_remittance', 'debit_card'] as const;
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];

// ── Params & queries ───────────────────────────────────────────────────────────────────────────────

const ZId = z.coerce.number({ error: FIELD_MSG.invalid }).int(FIELD_MSG.invalid).positive(FIELD_MSG.invalid).max(2_147_483_647, FIELD_MSG.invalid);
export const ZLoanIdParams = z.object({ loanId: ZId });
export const ZIdParams = z.object({ id: ZId });
/** GET /{loanId}/payoff/{date}: the date is validated by the use case (400 with PAYMENT_MSG.payoffDateInvalid). */
export const ZPayoffParams = z.object({ loanId: ZId, date: z.string().max(32) });

/** GET /loans/history?status=&from=&to= — every filter optional; from/to bound the loan's effective_date. */
export const ZLoanHistoryQuery = z.object({
  status: z.enum(LOAN_STATUSES, { error: FIELD_MSG.invalid }).optional(),
  from: z.iso.date({ error: FIELD_MSG.invalid }).optional(),
  to: z.iso.date({ error: FIELD_MSG.invalid }).optional(),
});
export type TLoanHistoryQuery = z.infer<typeof ZLoanHistoryQuery>;

/** GET /loans/history/payments?loan_id=&from=&to= — the borrower's posted payments, newest first. */
export const ZPaymentHistoryQuery = z.object({
  loan_id: ZId.optional(),
  from: z.iso.date({ error: FIELD_MSG.invalid }).optional(),
  to: z.iso.date({ error: FIELD_MSG.invalid }).optional(),
});
export type TPaymentHistoryQuery = z.infer<typeof ZPaymentHistoryQuery>;

// ── Loan record (§3) ───────────────────────────────────────────────────────────────────────────────

/** §3 "requirements_to_refinance (booleans)" and §5 "Refinance eligibility shown". */
export const ZRefinanceRequirements = z.object({
  no_pending_transactions: z.boolean(),
  account_current: z.boolean(),
  /** Share of the total balance repaid is within the program's band (40% to 60%, subject to change). */
  paid_enough: z.boolean(),
  /** No other application is in progress (newflow §4). */
  no_application_in_progress: z.boolean(),
});
export type TRefinanceRequirements = z.infer<typeof ZRefinanceRequirements>;

/**
 * The Loan (history record) of §3 with its further fields. Money in cents; balances derived from the
 * ledger as of the business date.
 */
export const ZServicingLoan = z.object({
  id: z.number().int(),
  /** `####-##-####` */
  identifier: z.string(),
  loan_status: z.enum(LOAN_STATUSES),
  /** Next contractual due date with something unpaid (oldest past-due first); null once nothing is due. */
  due_date: ZIsoDate.nullable(),
  /** Date the loan took effect (disbursement date). */
  effective_date: ZIsoDate,
  /** Amount financed to the borrower (cents). */
  amount: ZCents,
  payment_per_term: ZCents,
  /** Origination fee (cents). */
  fee_amount: ZCents,
  /** As the signed note names it: "origination fee" or, when that is 0 and a document preparation fee is above 0, "document preparation fee". */
  fee_label: z.string(),
  /** Note rate, percent text (`"5.99"`). */
  interest_rate: z.string(),
  apr: z.string(),
  /** Length of the loan in whole months (rounded from the number of payments and their frequency). */
  terms_in_months: z.number().int(),
  /** Number of installments of the note (same as `terms`). */
  number_of_allotments: z.number().int(),
  finance_charge: ZCents,
  total_of_payments: ZCents,
  term_frequency: z.enum(TERM_FREQUENCIES),
  /** Outstanding principal (cents). */
  principal_balance: ZCents,
  /** What it takes to close the loan today: the payoff quote as of the business date (cents). */
  outstanding_balance: ZCents,
  /** Amount paid so far (posted payments, net of reversals and refunds; cents). */
  paid_amount: ZCents,
  eligible_for_refinance: z.boolean(),
  requirements_to_refinance: ZRefinanceRequirements,
  /** The servicing data (ledger replay) loaded; false if the loan could not be replayed. */
  loan_master_loaded: z.boolean(),
  updated_at: z.string(),
  /** Number of posted payments (any source). */
  number_of_payments: z.number().int(),
  /** Number of installments of the note. */
  terms: z.number().int(),
  /** Installments fully paid. */
  total_allotments_paid: z.number().int(),
  /** Installments not yet fully paid. */
  remaining_terms: z.number().int(),
  days_left_for_reapply_refinance: z.number().int().nullable(),
  date_to_reapply_refinance: z.string().nullable(),
  is_waiting_esign: z.boolean(),
  is_under_review: z.boolean(),
  /** A refinancing application of this loan is in progress (not in the spec: drives the "pending" refinance state). */
  refinance_in_progress: z.boolean(),
  /** Days the oldest unpaid installment is past due (0 when current). */
  days_past_due: z.number().int(),
  /**
   * Credit balance (cents): money received beyond what the loan owes and not refunded yet (the ledger's
   * unapplied money, e.g. a payroll remittance after the payoff); 0 when none. The borrower may send it
   * to a debit card (POST /create_debit_disbursement). Optional on the wire for older answers; the server
   * always sends it.
   */
  credit_balance: ZCents.check(z.nonnegative()).optional(),
  /**
   * The next payment as the monthly statement states it (the schedule of record's installment in progress
   * plus what is past due, never above the payoff; cents) and its due date (null: everything owed is due
   * now). Null once nothing is due (a closed loan). Optional on the wire for older answers; the server
   * always sends it.
   */
  next_payment: z
    .object({ amount: ZCents.check(z.nonnegative()), due_date: ZIsoDate.nullable() })
    .nullable()
    .optional(),
  /** A closed_paid loan: the day the payment that paid it in full took effect (ISO day); null otherwise. Optional on the wire like next_payment. */
  paid_off_on: ZIsoDate.nullable().optional(),
});
export type TServicingLoan = z.infer<typeof ZServicingLoan>;

/** GET /loans/last → the borrower's most recent loan; 404 `{ error }` when there is none. */
export const ZLastLoanResponse = z.object({ loan: ZServicingLoan });
export type TLastLoanResponse = z.infer<typeof ZLastLoanResponse>;

/** GET /loans/ongoing_loans → `{ opened_loan: { loan }, applying_loan: { loan } }`, either key absent. */
export const ZOngoingLoansResponse = z.object({
  opened_loan: z.object({ loan: ZServicingLoan }).optional(),
  applying_loan: z.object({ loan: ZServicingLoan }).optional(),
});
export type TOngoingLoansResponse = z.infer<typeof ZOngoingLoansResponse>;

/** GET /loans/history → `{ loans }` newest first. */
export const ZLoanHistoryResponse = z.object({ loans: z.array(ZServicingLoan) });
export type TLoanHistoryResponse = z.infer<typeof ZLoanHistoryResponse>;

/** GET /loans/last/onboarding → the status of the borrower's last loan (null when none). */
export const ZLastLoanOnboardingResponse = z.object({
  loan_status: z.enum(LOAN_STATUSES).nullable(),
  loan_id: z.number().int().nullable(),
  is_waiting_esign: z.boolean(),
  is_under_review: z.boolean(),
});
export type TLastLoanOnboardingResponse = z.infer<typeof ZLastLoanOnboardingResponse>;

// ── Payments (history) ─────────────────────────────────────────────────────────────────────────────

/** §3 Payment row: a posted payment and how it was allocated (cents). */
export const ZPaymentRow = z.object({
  id: z.number().int(),
  loan_id: z.number().int(),
  source: z.enum(PAYMENT_SOURCES),
  amount: ZCents,
  principal_paid: ZCents,
  interest_paid: ZCents,
  fees_paid: ZCents,
  /** Contractual due date of the oldest installment the payment went to (null for a pure prepayment). */
  due_date: ZIsoDate.nullable(),
  /** Date the payment took effect. */
  effective_date: ZIsoDate,
  /** posted, or returned (reversed as of `returned_on`). */
  status: z.enum(['posted', 'returned']),
  returned_on: ZIsoDate.nullable(),
  return_reason: z.string().nullable(),
});
export type TPaymentRow = z.infer<typeof ZPaymentRow>;
export const ZPaymentHistoryResponse = z.object({ payments: z.array(ZPaymentRow) });
export type TPaymentHistoryResponse = z.infer<typeof ZPaymentHistoryResponse>;

// ── Documents ──────────────────────────────────────────────────────────────────────────────────────

/** §3 Loan document. `file_url` is the API path that downloads it (GET /loans/documents/download/{id}). */
export const ZLoanDocument = z.object({
  id: z.number().int(),
  file_name: z.string(),
  file_url: z.string(),
  /** Bytes. */
  file_size: z.number().int(),
  /** e.g. `pdf`. */
  file_extension: z.string(),
});
export type TLoanDocument = z.infer<typeof ZLoanDocument>;
export const ZLoanDocumentsResponse = z.object({ documents: z.array(ZLoanDocument) });
export type TLoanDocumentsResponse = z.infer<typeof ZLoanDocumentsResponse>;
/** POST /loans/documents/download/zip `{ documents: [ids] }` → application/zip (the borrower's own documents only). */
export const ZDocumentsZipRequest = z.object({
  documents: z.array(ZId, { error: PAYMENT_MSG.documentsRequired }).min(1, PAYMENT_MSG.documentsRequired).max(50, FIELD_MSG.invalid),
});
export type TDocumentsZipRequest = z.infer<typeof ZDocumentsZipRequest>;

// ── Scheduled payments (transactions) ──────────────────────────────────────────────────────────────

/** §3 Scheduled payment (a transaction of the loan). GET /transactions/loan/{loanId} → `{ transactions }`. */
export const ZScheduledPayment = z.object({
  id: z.number().int(),
  transaction_status: z.enum(TRANSACTION_STATUSES),
  /** Date the debit is (or was) to be made. */
  due_date: ZIsoDate,
  amount: ZCents,
  pay_method: z.enum(PAY_METHODS),
  transaction_mode: z.enum(PAYMENT_MODES),
});
export type TScheduledPayment = z.infer<typeof ZScheduledPayment>;
export const ZScheduledPaymentsResponse = z.object({ transactions: z.array(ZScheduledPayment) });
export type TScheduledPaymentsResponse = z.infer<typeof ZScheduledPaymentsResponse>;

/** PATCH /transactions/cancel/{id} → the canceled transaction; 409 `{ error_messages: [inProgressOrDone] }` once sent. */
export const ZCancelTransactionResponse = z.object({ ok: z.literal(true), message: z.string(), transaction: ZScheduledPayment });
export type TCancelTransactionResponse = z.infer<typeof ZCancelTransactionResponse>;

/** GET /{loanId}/payoff/{date} → `{ payoff_amount }` (cents), the domain payoff quote as of that date. */
/**
 * `{ payoff_amount, date }` (spec §5): the payoff on the day money really moves (`date`: the asked date,
 * or the next business day when it is a weekend or a bank holiday). Not in the spec, for the payment
 * form: `payable_amount`, the most a one-time payment on that day may be (the payoff less what is
 * already on its way up to it; 0 while a payoff is on its way), and `on_its_way_amount`.
 */
export const ZPayoffResponse = z.object({
  payoff_amount: ZCents,
  date: ZIsoDate,
  payable_amount: ZCents.optional(),
  on_its_way_amount: ZCents.optional(),
});
export type TPayoffResponse = z.infer<typeof ZPayoffResponse>;

/**
 * GET /business_date → `{ business_date }` (ISO YYYY-MM-DD): servicing's "today" (not part of the spec's
 * calls; added so the payment forms use the same day the server checks: the minimum payment date, the
 * default date, `instant`, the first payoff quote). Outside production staff may move it ahead of the
 * calendar; in production it is the real date (UTC).
 */
export const ZBorrowerBusinessDateResponse = z.object({ business_date: ZIsoDate });
export type TBorrowerBusinessDateResponse = z.infer<typeof ZBorrowerBusinessDateResponse>;

/** GET /transactions/loan/next_term_date/{loanId} → next contractual due date and what an auto-debit would take. */
export const ZNextTermDateResponse = z.object({ next_term_date: ZIsoDate, payment_per_term: ZCents });
export type TNextTermDateResponse = z.infer<typeof ZNextTermDateResponse>;

// ── POST /request_payment ──────────────────────────────────────────────────────────────────────────

/** Header carrying the client's key: a retried or double-clicked payment is ONE payment. */
export const PAYMENT_IDEMPOTENCY_HEADER = 'idempotency-key';

/** params.customBanking: a new account (its routing number has no masking asterisk). Verified by the server. */
export const ZCustomBanking = z.object({
  account_number: z.string().max(40),
  routing_number: z.string().max(40),
  account_type: z.string().max(20),
});
export type TCustomBanking = z.infer<typeof ZCustomBanking>;

/**
 * The wire form of §3 Payment request. Loose on purpose: the use case checks every §5 rule and answers
 * ALL failures at once as 422 `{ error_messages: [...] }` (a schema failure would answer a different
 * shape). `scheduling` is omitted for auto_debit; `amount` is omitted (or null) for payoff; `instant` is
 * true when the date is today. `disclosure_accepted` is the auto-debit disclosure checkbox.
 */
export const ZPaymentRequest = z.object({
  method: z.unknown().optional(),
  mode: z.unknown().optional(),
  loan_id: z.unknown().optional(),
  amount: z.unknown().optional(),
  scheduling: z.unknown().optional(),
  disclosure_accepted: z.unknown().optional(),
  params: z.unknown().optional(),
});
export type TPaymentRequestWire = z.infer<typeof ZPaymentRequest>;

/** What the SPA sends (typed; the server reads the loose form above). */
export interface PaymentRequestBody {
  method: PayMethod;
  mode: PaymentMode;
  loan_id: number;
  /** Cents; omitted for payoff. */
  amount?: number;
  /** Omitted for auto_debit. */
  scheduling?: { instant: boolean; date: string };
  /** Auto-debit only. */
  disclosure_accepted?: boolean;
  params?: { customBanking?: TCustomBanking };
}

/** 200 answer of POST /request_payment. A retry with the same Idempotency-Key answers the same body. */
export const ZPaymentResponse = z.object({
  ok: z.literal(true),
  message: z.string(),
  transaction: ZScheduledPayment,
});
export type TPaymentResponse = z.infer<typeof ZPaymentResponse>;

/** Every failure of the payment, scheduled-payment and payoff calls. */
export const ZPaymentErrors = z.object({ error_messages: z.array(z.string()) });
export type TPaymentErrors = z.infer<typeof ZPaymentErrors>;

export { ACCOUNT_TYPES };

// ── Debit-card calls (spec §7 get_debit_transactions, create_pull_transaction) ─────────────────────

/**
 * POST /create_pull_transaction `{ card: { account, amount, loan_id? } }`: pulls `amount` (cents) from
 * the saved debit card `account` (its id from GET /get_debit_cards) toward the loan (`loan_id`, or the
 * borrower's only loan open for payments). Loose on purpose, like the payment request: every failure
 * answers 422 `{ error_messages }`. Needs the Idempotency-Key header. Answers ZPaymentResponse.
 */
export const ZPullTransactionRequest = z.object({
  card: z.unknown().optional(),
});
export type TPullTransactionRequest = z.infer<typeof ZPullTransactionRequest>;
/** 200 answer of POST /create_pull_transaction (settled at once); a retry with the same key answers it again. */
export const ZPullTransactionResponse = ZPaymentResponse.extend({
  card: z.object({ id: z.number().int(), last4: z.string() }),
  /** The processor's charge id. */
  charge_id: z.string(),
});
export type TPullTransactionResponse = z.infer<typeof ZPullTransactionResponse>;

/**
 * POST /create_debit_disbursement `{ card: { account, amount?, loan_id? } }`: pays the loan's credit
 * balance (money received beyond the payoff) back to the saved debit card `account`, as a refund of a card
 * payment made on the loan with that card. `amount` (cents) defaults to the whole credit balance and is
 * never more than it. Needs the Idempotency-Key header; every failure answers 422 `{ error_messages }`.
 */
export const ZDebitDisbursementRequest = z.object({
  card: z.unknown().optional(),
});
export type TDebitDisbursementRequest = z.infer<typeof ZDebitDisbursementRequest>;
export const ZDebitDisbursementResponse = z.object({
  ok: z.literal(true),
  message: z.string(),
  refund: z.object({
    loan_id: z.number().int(),
    amount: ZCents,
    effective_date: ZIsoDate,
    card: z.object({ id: z.number().int(), last4: z.string() }),
    /** The processor's payout (refund) id. */
    payout_id: z.string(),
  }),
  /** What is left of the credit balance after this refund (cents). */
  credit_balance: ZCents,
});
export type TDebitDisbursementResponse = z.infer<typeof ZDebitDisbursementResponse>;

/** One debit-card payment of GET /get_debit_transactions (newest first). */
export const ZDebitTransaction = ZScheduledPayment.extend({
  loan_id: z.number().int(),
  /** The card's last four digits, as charged. */
  card_last4: z.string().nullable(),
  /** When the processor took the money (ISO date), null until settled. */
  settled_on: ZIsoDate.nullable(),
});
export type TDebitTransaction = z.infer<typeof ZDebitTransaction>;
export const ZDebitTransactionsResponse = z.object({ ok: z.literal(true), transactions: z.array(ZDebitTransaction) });
export type TDebitTransactionsResponse = z.infer<typeof ZDebitTransactionsResponse>;
