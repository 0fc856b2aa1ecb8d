import { DELINQUENCY_BUCKETS } from '@payrail/domain/collections/buckets';
import { CONTACT_CHANNELS, CONTACT_OUTCOMES } from '@payrail/domain/collections/contact-limits';
import { NOTICE_KINDS } from '@payrail/domain/collections/notices';
import { PROMISE_STATUSES } from '@payrail/domain/collections/promises';
import { NOTICE_CHANNELS } from '@payrail/domain/collections/policy';
import { z } from 'zod';
import { cents, ZCents } from './money';
import { isoDate, ZIsoDate } from './dates';

/**
 * The collections desk (docs/collections.md), under /api/backoffice/collections (capability `collect`):
 * the queue by delinquency bucket, a loan's collections view, contact attempts (Regulation F limits
 * enforced by the server), promises to pay, notes and recoveries on a charged-off loan.
 */
export { DELINQUENCY_BUCKETS, CONTACT_CHANNELS, CONTACT_OUTCOMES };
export const ZDelinquencyBucket = z.enum(DELINQUENCY_BUCKETS);
export type TDelinquencyBucket = z.infer<typeof ZDelinquencyBucket>;
/** The buckets a queue shows (past due). */
export const QUEUE_BUCKETS = DELINQUENCY_BUCKETS.filter((b) => b !== 'current') as Exclude<TDelinquencyBucket, 'current'>[];
export const ZContactChannel = z.enum(CONTACT_CHANNELS);
export const ZContactOutcome = z.enum(CONTACT_OUTCOMES);

export const CONTACT_CHANNEL_LABELS: Readonly<Record<(typeof CONTACT_CHANNELS)[number], string>> = {
  call: 'Call',
  sms: 'Text message',
  email: 'E-mail',
  letter: 'Letter',
};
export const CONTACT_OUTCOME_LABELS: Readonly<Record<(typeof CONTACT_OUTCOMES)[number], string>> = {
  no_answer: 'No answer',
  left_message: 'Left a message',
  spoke_with_borrower: 'Spoke with the borrower',
  promise_to_pay: 'Promise to pay',
  refused_to_pay: 'Refused to pay',
  disputed: 'Disputes the debt',
  wrong_number: 'Wrong number',
  sent: 'Sent',
};

/** A typed day: not in `YYYY-MM-DD` form, or in it but no real day (2027-02-30), each with its message. */
const ZDate = isoDate((text) => (/^\d{4}-\d{2}-\d{2}$/.test(text) ? 'Enter a real date as YYYY-MM-DD.' : 'Enter a date as YYYY-MM-DD.'));
const ZId = z.coerce.number({ error: 'Invalid id.' }).int('Invalid id.').positive('Invalid id.').max(2_147_483_647, 'Invalid id.');
export const ZCollectionsLoanParams = z.object({ loanId: ZId });

// ── GET /collections/queue?bucket&cursor&per_page ─────────────────────────────────────────────────
export const ZCollectionsQueueQuery = z.object({
  bucket: ZDelinquencyBucket.exclude(['current']).optional(),
  /** The `next_cursor` of the page before (`<days past due>.<loan id>`). */
  cursor: z
    .string()
    .regex(/^\d{1,5}\.\d{1,10}$/, { error: 'must be the next_cursor of the page before' })
    .optional(),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});
export type TCollectionsQueueQuery = z.infer<typeof ZCollectionsQueueQuery>;

export const ZCollectionsQueueItem = z.object({
  loan_id: z.number().int(),
  loan_number: z.string(),
  loan_status: z.string(),
  borrower_name: z.string(),
  days_past_due: z.number().int(),
  bucket: ZDelinquencyBucket,
  /** The business date the loan entered its bucket. */
  in_bucket_since: ZIsoDate,
  /** Past due (at charge-off: the amount charged off). */
  past_due_amount: ZCents,
  last_contact: z.object({ at: z.string(), channel: ZContactChannel, outcome: ZContactOutcome }).nullable(),
  open_promise: z.object({ promised_date: ZIsoDate, amount: ZCents }).nullable(),
});
export type TCollectionsQueueItem = z.infer<typeof ZCollectionsQueueItem>;

export const ZCollectionsQueue = z.object({
  /** Loans per past-due bucket (every bucket present, 0 when none). */
  counts: z.record(z.string(), z.number().int()),
  items: z.array(ZCollectionsQueueItem),
  next_cursor: z.string().nullable(),
});
export type TCollectionsQueue = z.infer<typeof ZCollectionsQueue>;

// ── GET /collections/loans/:loanId ────────────────────────────────────────────────────────────────
export const ZCollectionsContact = z.object({
  id: z.number().int(),
  at: z.string(),
  channel: ZContactChannel,
  outcome: ZContactOutcome,
  note: z.string().nullable(),
  staff_name: z.string(),
});
export const ZPromiseToPay = z.object({
  id: z.number().int(),
  made_on: ZIsoDate,
  promised_date: ZIsoDate,
  amount: ZCents,
  status: z.enum(PROMISE_STATUSES),
  decided_on: ZIsoDate.nullable(),
  received: ZCents.nullable(),
  staff_name: z.string(),
});
export const ZCollectionsNote = z.object({ id: z.number().int(), at: z.string(), body: z.string(), staff_name: z.string() });
/** What became of a notice on one channel: sent, or not (the borrower opted out, or has no address on it). */
export const NOTICE_DELIVERY_STATUSES = ['sent', 'opted_out', 'no_address'] as const;
export const ZCollectionsNotice = z.object({
  id: z.number().int(),
  kind: z.enum(NOTICE_KINDS),
  notice_day: z.number().int(),
  due_date: ZIsoDate,
  channel: z.enum(NOTICE_CHANNELS),
  status: z.enum(NOTICE_DELIVERY_STATUSES),
  business_date: ZIsoDate,
});
export const ZBucketChange = z.object({ from: ZDelinquencyBucket.nullable(), to: ZDelinquencyBucket, on: ZIsoDate, days_past_due: z.number().int() });

export const ZCollectionsLoan = z.object({
  loan_id: z.number().int(),
  loan_number: z.string(),
  loan_status: z.string(),
  borrower_name: z.string(),
  /** The borrower's address state and the time zones contact hours are checked in. */
  state: z.string().nullable(),
  time_zones: z.array(z.string()),
  business_date: ZIsoDate,
  days_past_due: z.number().int(),
  bucket: ZDelinquencyBucket,
  in_bucket_since: ZIsoDate.nullable(),
  past_due_amount: ZCents,
  payoff_amount: ZCents,
  /** Charged off: what was charged off, recovered and can still be recovered. */
  charge_off: z.object({ date: ZIsoDate, charged_off: ZCents, recovered: ZCents, recoverable: ZCents }).nullable(),
  /** Call attempts in the last 7 days and the limit (policy). */
  calls_in_window: z.number().int(),
  call_limit: z.number().int(),
  contacts: z.array(ZCollectionsContact),
  promises: z.array(ZPromiseToPay),
  notes: z.array(ZCollectionsNote),
  notices: z.array(ZCollectionsNotice),
  bucket_history: z.array(ZBucketChange),
});
export type TCollectionsLoan = z.infer<typeof ZCollectionsLoan>;

// ── Writes ────────────────────────────────────────────────────────────────────────────────────────
export const ZLogContactRequest = z.object({
  channel: ZContactChannel,
  outcome: ZContactOutcome,
  note: z.string().trim().max(2000, 'At most 2,000 characters.').optional(),
});
export type TLogContactRequest = z.infer<typeof ZLogContactRequest>;

export const ZPromiseRequest = z.object({
  promised_date: ZDate,
  /** Cents. */
  amount: cents('Enter the amount in cents.').check(z.positive('The amount must be more than zero.'), z.lte(1_000_000_000)),
});
export type TPromiseRequest = z.infer<typeof ZPromiseRequest>;

export const ZNoteRequest = z.object({ body: z.string().trim().min(1, 'Write the note.').max(4000, 'At most 4,000 characters.') });
export type TNoteRequest = z.infer<typeof ZNoteRequest>;

/** A recovery received on a charged-off loan (a check, an agency's remittance, a payment by phone). */
export const ZRecoveryRequest = z.object({
  amount: cents('Enter the amount in cents.').check(z.positive('The amount must be more than zero.'), z.lte(1_000_000_000)),
  reference: z.string().trim().min(1, 'Say where the money came from.').max(200),
});
export type TRecoveryRequest = z.infer<typeof ZRecoveryRequest>;

export const COLLECTIONS_MSG = {
  loanNotFound: 'Loan not found.',
  promiseOpen: (date: string) => `A promise to pay is already open until ${date}: it is decided the day after; record a new one then.`,
  notChargedOff: 'Only a charged-off loan takes a recovery; other payments go through the loan’s payment page.',
  recoveryTooMuch: (max: string) => `A recovery cannot be more than what remains of the charged-off amount: at most ${max}.`,
} as const;
