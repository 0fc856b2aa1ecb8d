import { z } from 'zod';
import { centsKeys, isCentsSchema, ZCents } from './money';
import { ZIsoDate } from './dates';

/**
 * The before/after snapshots the server writes with each staff action (`staff_actions`), per action.
 * Money is a {@link ZCents}, so the back office formats it from these schemas ({@link auditMoneyKeys}),
 * never by guessing from a key's name. Objects are not strict: a snapshot may carry more keys than
 * described, but the described ones are checked (the API tests parse what the server stored).
 */
const ZNone = z.object({});
const id = z.number().int();
/** A calendar day (`YYYY-MM-DD`, a {@link ZIsoDate}); marked so the back office shows it as MM/DD/YYYY ({@link auditValueKinds}). */
const date = ZIsoDate;
/** A reapply day, or `never` (a decline's or denial's snapshot); shown as a day (MM/DD/YYYY) when it is one. */
const reapplyOn = z.string().meta({ unit: 'date' });
/** A percentage kept as a decimal string ("28.5784"); shown as "28.58%". */
const percent = z.string().meta({ unit: 'percent' });

/**
 * A reviewer's view of the member before/after a decision (`review/reviewer-move.ts` `snapshot`). The
 * demo seed's history (`db/seed-demo-applications.ts`) records the status alone, hence the optional rest.
 */
const ZReviewerSnapshot = z.object({
  status: z.string(),
  not_qualified_reason: z.string().nullable().optional(),
  reapply_on: reapplyOn.nullable().optional(),
  negotiated_amount: ZCents.nullable().optional(),
});
const reviewerMove = { before: ZReviewerSnapshot, after: ZReviewerSnapshot };

export const AUDIT_SNAPSHOTS = {
  approve: reviewerMove,
  approve_allotment: reviewerMove,
  cancel: reviewerMove,
  change_status: reviewerMove,
  drop: reviewerMove,
  employer_review: reviewerMove,
  send_feedback: reviewerMove,
  decline: reviewerMove,
  deny: reviewerMove,
  fund: {
    before: z.object({ status: z.string(), loan: z.null() }),
    after: z.object({
      loan_id: id,
      identifier: z.string(),
      amount_cents: ZCents,
      // The loan is written before its credit is sent (the credit's NACHA trace number is known then, the
      // originator's trace id is not); rows from before that change carry the trace id.
      trace_number: z.string().optional(),
      trace_id: z.string().optional(),
      refinanced_loan_id: id.optional(),
      payoff_cents: ZCents.optional(),
      payoff_date: date.optional(),
    }),
  },
  payoff_letter_issued: { before: ZNone, after: z.object({ loan_id: id, good_through: date, payoff_cents: ZCents }) },
  release_referral_payout: {
    before: z.object({ unpaid_reward_ids: z.array(id) }),
    // Released `queued` (the referral.payout job originates it); rows from before the queue carry the trace id.
    after: z.object({ payout_id: id, amount_cents: ZCents, status: z.literal('queued').optional(), trace_id: z.string().optional() }),
  },
  remittance_imported: { before: ZNone, after: z.object({ batch_id: id, lines: z.number().int(), total_cents: ZCents, source: z.string() }) },
  remittance_line_assigned: {
    before: z.object({ line_id: id, status: z.string() }),
    after: z.object({ status: z.string(), loan_id: id, ledger_entry_id: id, amount_cents: ZCents }),
  },
  remittance_line_rejected: { before: z.object({ line_id: id, status: z.string() }), after: z.object({ status: z.string(), reason: z.string() }) },
  loan_canceled_unsent: {
    before: z.object({ loan_id: id, status: z.string(), disbursement_id: id, trace_number: z.string().nullable(), amount_cents: ZCents }),
    after: z.object({ status: z.string(), reversal_entry_id: id, effective_date: date, auto_debits_ended: z.number().int(), reason: z.string() }),
  },
  referral_reward_of_canceled_loan: {
    before: z.object({
      loan_id: id,
      friend_user_id: id,
      reward_id: id,
      amount_cents: ZCents,
      payout_id: id.nullable(),
      payout_status: z.string().nullable(),
    }),
    after: z.object({ voided: z.boolean(), paid: z.boolean(), reason: z.string() }),
  },
  /** A referred friend's first loan was canceled before they had its money: the rewards it voided (referral_reward_voids). */
  referral_reward_voided: {
    before: z.object({
      loan_id: id,
      friend_user_id: id,
      rewards: z.array(z.object({ reward_id: id, kind: z.string(), amount_cents: ZCents, paid_payout_id: id.nullable() })),
    }),
    after: z.object({ voided: z.literal(true), void_ids: z.array(id), kept_paid_cents: ZCents, reason: z.string() }),
  },
  payment_reversed: {
    before: z.object({ loan_id: id, entry_id: id, kind: z.string(), amount_cents: ZCents, effective_date: date }),
    after: z.object({ reversal_entry_id: id, effective_date: date, reason: z.string(), return_code: z.string().nullable() }),
  },
  ach_return_file_applied: {
    before: z.object({ file_name: z.string().nullable(), sha256: z.string(), entries: z.number().int(), business_date: date }),
    // Files applied before notifications of change were read have no `corrections`.
    after: z.object({
      applied: z.array(z.unknown()),
      unmatched: z.array(z.unknown()),
      duplicates: z.array(z.unknown()),
      corrections: z.array(z.unknown()).optional(),
    }),
  },
  business_date_advanced: { before: z.object({ business_date: date }), after: z.object({ business_date: date }) },
  servicing_run: { before: ZNone, after: z.object({ business_date: date }) },
  set_servicer_flags: {
    before: z.object({ has_nelnet: z.boolean(), nelnet_id: z.string().nullable(), has_jack_henry: z.boolean() }),
    after: z.object({ has_nelnet: z.boolean(), nelnet_id: z.string().nullable(), has_jack_henry: z.boolean() }),
  },
  hardship_info_requested: {
    before: z.object({ request_id: id, loan_id: id, status: z.string() }),
    after: z.object({ status: z.string(), message: z.string() }),
  },
  hardship_declined: {
    before: z.object({ request_id: id, loan_id: id, status: z.string() }),
    after: z.object({ status: z.string(), reason: z.string() }),
  },
  hardship_approved: {
    before: z.object({ request_id: id, loan_id: id, status: z.string(), due_dates: z.array(date), apr: percent }),
    after: z.object({
      status: z.string(),
      defer_payments: z.number().int(),
      waive_late_fees: z.boolean(),
      waived_cents: ZCents,
      due_dates: z.array(date),
      apr: percent,
    }),
  },
  remind_open_requests: { before: ZNone, after: z.object({ requests: z.array(z.string()) }) },
  reveal_ssn: { before: ZNone, after: z.object({ field: z.string(), on_file: z.boolean() }) },
  view_document: { before: ZNone, after: z.object({ document_id: id, document_type: z.string().nullable() }) },
  view_signed_note: { before: ZNone, after: z.object({ esignature_id: id }) },
  view_due_date_change_agreement: { before: ZNone, after: z.object({ due_date_change_id: id }) },
  create_presigned_link: { before: ZNone, after: z.object({ link_id: id, new_flow: z.boolean(), expires_at: z.string() }) },
  start_system_event: { before: ZNone, after: z.object({ id, description: z.string() }) },
  end_system_event: { before: ZNone, after: z.object({ ended: z.boolean() }) },
  // Collections (docs/collections.md).
  collection_contact_logged: { before: ZNone, after: z.object({ loan_id: id, contact_id: id, channel: z.string(), outcome: z.string() }) },
  promise_to_pay_recorded: { before: ZNone, after: z.object({ loan_id: id, promise_id: id, promised_date: date, amount_cents: ZCents }) },
  collection_note_added: { before: ZNone, after: z.object({ loan_id: id, note_id: id }) },
  recovery_posted: {
    before: z.object({ loan_id: id, recoverable_cents: ZCents }),
    after: z.object({ entry_id: id, amount_cents: ZCents, received_on: date, recoverable_cents: ZCents }),
  },
  // Payment plans (docs/payment-plans.md).
  payment_plan_proposed: {
    before: z.object({ loan_id: id, days_past_due: z.number().int(), payoff_cents: ZCents }),
    after: z.object({
      plan_id: id,
      kind: z.string(),
      installments: z.number().int(),
      annual_rate_percent: percent,
      first_due_date: date,
      expires_on: date,
      amount_financed_cents: ZCents,
      total_of_payments_cents: ZCents,
      apr: percent,
    }),
  },
  payment_plan_withdrawn: { before: z.object({ plan_id: id, loan_id: id, status: z.string() }), after: z.object({ status: z.string(), reason: z.string() }) },
  view_payment_plan_agreement: { before: ZNone, after: z.object({ plan_id: id }) },
  // Statements (docs/statements.md).
  view_statement: { before: ZNone, after: z.object({ statement_id: id, loan_id: id }) },
  statements_run: {
    before: ZNone,
    after: z.object({ as_of: date.nullable(), issued: z.number().int(), year_end_issued: z.number().int(), failed: z.number().int() }),
  },
  // Credit reporting (docs/credit-reporting.md).
  credit_reporting_file_generated: {
    before: z.object({ period: z.string() }),
    after: z.object({ file_id: id, period: z.string(), base_records: z.number().int(), excluded: z.number().int(), sha256: z.string() }),
  },
  credit_reporting_file_downloaded: { before: ZNone, after: z.object({ file_id: id, period: z.string(), sha256: z.string() }) },
  credit_dispute_opened: {
    before: z.object({ loan_id: id, compliance_condition_code: z.string().nullable() }),
    after: z.object({ dispute_id: id, loan_id: id, status: z.string(), note: z.string(), compliance_condition_code: z.string() }),
  },
  credit_dispute_resolved: {
    before: z.object({ dispute_id: id, loan_id: id, status: z.string(), compliance_condition_code: z.string() }),
    after: z.object({ status: z.string(), outcome: z.string(), note: z.string(), compliance_condition_code: z.string() }),
  },
  // Employer portal accounts (issue #31, docs/security.md "Employer portal").
  employer_user_invited: { before: ZNone, after: z.object({ employer_id: id, invitation_id: id, email: z.string(), expires_at: z.string() }) },
  employer_invitation_revoked: { before: z.object({ employer_id: id, invitation_id: id, email: z.string() }), after: z.object({ revoked_at: z.string() }) },
  employer_user_disabled: { before: z.object({ employer_id: id, employer_user_id: id, email: z.string() }), after: z.object({ disabled_at: z.string() }) },
} satisfies Record<string, { before: z.ZodObject; after: z.ZodObject }>;

export type AuditAction = keyof typeof AUDIT_SNAPSHOTS;

const NO_MONEY: ReadonlySet<string> = new Set();
const isAuditAction = (action: string): action is AuditAction => Object.hasOwn(AUDIT_SNAPSHOTS, action);

/**
 * The money keys ({@link ZCents}) of one side of an action's snapshot; none for an action the contract
 * does not describe (a row written before it was, or by a newer server).
 */
export function auditMoneyKeys(action: string, side: 'before' | 'after'): ReadonlySet<string> {
  return isAuditAction(action) ? centsKeys(AUDIT_SNAPSHOTS[action][side]) : NO_MONEY;
}

/** How the back office shows an audited value: money (cents), a percentage or a calendar day. */
export type AuditValueKind = 'money' | 'percent' | 'date';

function valueKind(schema: z.ZodType | undefined): AuditValueKind | null {
  if (isCentsSchema(schema)) return 'money';
  let s: z.ZodType | undefined = schema;
  while (s instanceof z.ZodNullable || s instanceof z.ZodOptional || s instanceof z.ZodDefault || s instanceof z.ZodArray)
    s = (s instanceof z.ZodArray ? s.element : s.unwrap()) as z.ZodType;
  if (s !== undefined && isCentsSchema(s)) return 'money';
  const unit = s === undefined ? undefined : z.globalRegistry.get(s)?.unit;
  return unit === 'percent' || unit === 'date' ? unit : null;
}

/**
 * The typed keys of one side of an action's snapshot — money ({@link ZCents}), percentages and calendar
 * days, also inside arrays — so every audited value is shown by its type, never guessed from its name.
 * None for an action the contract does not describe.
 */
export function auditValueKinds(action: string, side: 'before' | 'after'): ReadonlyMap<string, AuditValueKind> {
  const kinds = new Map<string, AuditValueKind>();
  if (!isAuditAction(action)) return kinds;
  for (const [key, field] of Object.entries(AUDIT_SNAPSHOTS[action][side].shape as Record<string, z.ZodType>)) {
    const kind = valueKind(field);
    if (kind) kinds.set(key, kind);
  }
  return kinds;
}
