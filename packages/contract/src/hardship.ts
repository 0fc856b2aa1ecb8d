import { HARDSHIP_EVENT_KINDS, HARDSHIP_REASONS, HARDSHIP_RULES, HARDSHIP_STATUSES } from '@payrail/domain/care/hardship';
import { z } from 'zod';
import { FIELD_MSG } from './messages';
import { ZCents } from './money';
import { ZIsoDate } from './dates';
import { ZRescheduledRow } from './schedule';

/**
 * Hardship request (issue #13, docs/hardship.md): the borrower asks for help on an active loan, staff
 * decide in the back office (approve a deferral of 1–3 payments with or without a late-fee waiver,
 * decline with a reason, or ask for more information). Not in the spec; money in cents, dates ISO.
 */
export { HARDSHIP_MSG, HARDSHIP_REASON_LABELS, HARDSHIP_RULES, HARDSHIP_STATUS_LABELS } from '@payrail/domain/care/hardship';
export type { HardshipReason, HardshipStatus } from '@payrail/domain/care/hardship';

export const HARDSHIP_API_MSG = {
  notFound: 'Hardship request not found.',
  loanNotFound: 'Loan not found.',
  documentNotFound: 'Document not found.',
  raced: 'The loan’s schedule changed while this decision was made. Reload the request and decide again.',
  declineReason: 'Please give the reason for declining.',
  infoMessage: 'Please say what information you need.',
} as const;

const ZId = z.coerce.number({ error: FIELD_MSG.invalid }).int(FIELD_MSG.invalid).positive(FIELD_MSG.invalid).max(2_147_483_647, FIELD_MSG.invalid);
const text = (min: number, max: number) =>
  z.string({ error: FIELD_MSG.blank }).trim().min(1, FIELD_MSG.blank).min(min, FIELD_MSG.tooShort(min)).max(max, FIELD_MSG.tooLong(max));

export const ZHardshipReason = z.enum(HARDSHIP_REASONS, { error: FIELD_MSG.notIncluded });
export const ZHardshipStatus = z.enum(HARDSHIP_STATUSES);
export const ZDeferPayments = z
  .number({ error: FIELD_MSG.invalid })
  .int(FIELD_MSG.invalid)
  .min(1, FIELD_MSG.notIncluded)
  .max(HARDSHIP_RULES.maxDeferral, FIELD_MSG.notIncluded);
const ZDocumentIds = z.array(ZId).max(10, FIELD_MSG.tooLong(10)).optional().default([]);

/** POST /dashboard/loans/{loanId}/hardship_requests */
export const ZHardshipSubmit = z.object({
  reason: ZHardshipReason,
  description: text(HARDSHIP_RULES.descriptionMin, HARDSHIP_RULES.descriptionMax),
  defer_payments: ZDeferPayments,
  waive_late_fees: z.boolean().optional().default(false),
  /** Documents uploaded first through POST /documents as `hardship_document`. */
  document_ids: ZDocumentIds,
  /** Money (ZCents, unchained so it stays marked); the range (0 to $1,000,000) is checked by the use case. */
  monthly_income: ZCents.nullable().optional(),
  monthly_expenses: ZCents.nullable().optional(),
});
export type THardshipSubmit = z.input<typeof ZHardshipSubmit>;

/** POST /dashboard/hardship_requests/{id}/answer */
export const ZHardshipAnswer = z.object({ message: text(1, HARDSHIP_RULES.messageMax), document_ids: ZDocumentIds });
export type THardshipAnswer = z.input<typeof ZHardshipAnswer>;

/** POST /backoffice/hardship_requests/{id}/decision */
export const ZHardshipDecisionRequest = z.discriminatedUnion('decision', [
  z.object({
    decision: z.literal('approve'),
    defer_payments: ZDeferPayments,
    waive_late_fees: z.boolean(),
    message: z.string().trim().max(HARDSHIP_RULES.messageMax, FIELD_MSG.tooLong(HARDSHIP_RULES.messageMax)).optional(),
  }),
  z.object({ decision: z.literal('decline'), message: text(1, HARDSHIP_RULES.messageMax) }),
  z.object({ decision: z.literal('ask_info'), message: text(1, HARDSHIP_RULES.messageMax) }),
]);
export type THardshipDecisionRequest = z.infer<typeof ZHardshipDecisionRequest>;

export const ZHardshipIdParams = z.object({ id: ZId });
export const ZHardshipDocumentParams = z.object({ id: ZId, documentId: ZId });

export const ZHardshipDocument = z.object({ id: z.number().int(), file_name: z.string(), uploaded_at: z.string() });
export const ZHardshipEvent = z.object({
  kind: z.enum(HARDSHIP_EVENT_KINDS),
  by: z.enum(['borrower', 'staff']),
  staff_name: z.string().nullable(),
  message: z.string().nullable(),
  at: z.string(),
  documents: z.array(ZHardshipDocument),
});
export type THardshipEvent = z.infer<typeof ZHardshipEvent>;

/** One row of a schedule before/after a deferral. */
export const ZHardshipScheduleRow = ZRescheduledRow;

/** The request as the borrower sees it (and as the back office's detail includes it). */
export const ZHardshipRequest = z.object({
  id: z.number().int(),
  loan_id: z.number().int(),
  loan_identifier: z.string(),
  status: ZHardshipStatus,
  reason: ZHardshipReason,
  description: z.string(),
  defer_payments: z.number().int(),
  waive_late_fees: z.boolean(),
  monthly_income: ZCents.nullable(),
  monthly_expenses: ZCents.nullable(),
  /** The latest staff message to the borrower (the question, the reason for declining, the approval's note). */
  staff_message: z.string().nullable(),
  decision: z
    .object({
      defer_payments: z.number().int(),
      waive_late_fees: z.boolean(),
      waived_fees: ZCents,
      apr_before: z.string(),
      apr_after: z.string(),
      schedule: z.array(ZHardshipScheduleRow),
    })
    .nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  history: z.array(ZHardshipEvent),
});
export type THardshipRequest = z.infer<typeof ZHardshipRequest>;

/** GET /dashboard/loans/{loanId}/hardship: what the page needs (can the borrower ask now, the requests so far). */
export const ZHardshipPage = z.object({
  loan_id: z.number().int(),
  loan_identifier: z.string(),
  loan_status: z.string(),
  days_past_due: z.number().int(),
  /** Null when a request may be made now, else why not. */
  refusal: z.string().nullable(),
  /** A preview of the plan for 1, 2 and 3 deferred payments (empty when nothing can be deferred). */
  plans: z.array(
    z.object({
      defer_payments: z.number().int(),
      first_moved_n: z.number().int(),
      maturity_before: ZIsoDate,
      maturity_after: ZIsoDate,
      next_due_date: ZIsoDate,
    }),
  ),
  requests: z.array(ZHardshipRequest),
});
export type THardshipPage = z.infer<typeof ZHardshipPage>;

/** GET /backoffice/hardship_requests?status= */
export const ZHardshipQueueQuery = z.object({ status: ZHardshipStatus.optional() });
export const ZHardshipQueueItem = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  borrower_name: z.string(),
  loan_id: z.number().int(),
  loan_identifier: z.string(),
  status: ZHardshipStatus,
  reason: ZHardshipReason,
  defer_payments: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const ZHardshipQueue = z.object({ requests: z.array(ZHardshipQueueItem) });
export type THardshipQueue = z.infer<typeof ZHardshipQueue>;

/** GET /backoffice/hardship_requests/{id} */
export const ZHardshipDetail = z.object({
  request: ZHardshipRequest,
  borrower: z.object({ user_id: z.number().int(), name: z.string(), email: z.string() }),
  loan: z.object({
    id: z.number().int(),
    identifier: z.string(),
    status: z.string(),
    frequency: z.string(),
    payment_per_term: ZCents,
    outstanding_balance: ZCents,
    principal_balance: ZCents,
    next_due_date: ZIsoDate.nullable(),
    days_past_due: z.number().int(),
    /** Late fees charged and not waived or reversed: what a waiver would take back. */
    late_fees: ZCents,
    apr: z.string(),
  }),
  /** The plans staff may approve (1..3), each with its schedule. */
  plans: z.array(z.object({ defer_payments: z.number().int(), schedule: z.array(ZHardshipScheduleRow), maturity_after: ZIsoDate })),
  /** Null when an approval is possible now, else why not (the 12-month rule, the loan's status). */
  approval_refusal: z.string().nullable(),
});
export type THardshipDetail = z.infer<typeof ZHardshipDetail>;
