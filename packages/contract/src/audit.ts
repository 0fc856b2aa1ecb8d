import { z } from 'zod';
import { centsKeys, ZCents } from './money';

/**
 * The before/after snapshots the server writes with each staff action (`staff_actions`), per action.
 * Money is a {@link ZCents}, so the back office formats it from these schemas ({@link auditMoneyKeys}),
 * never by guessing from a key's name. Objects are not strict: a snapshot may carry more keys than
 * described, but the described ones are checked (the API tests parse what the server stored).
 */
const ZNone = z.object({});
const id = z.number().int();
const date = z.string();

/**
 * A reviewer's view of the member before/after a decision (`review/reviewer-move.ts` `snapshot`). The
 * demo seed's history (`db/seed-demo-applications.ts`) records the status alone, hence the optional rest.
 */
const ZReviewerSnapshot = z.object({
  status: z.string(),
  not_qualified_reason: z.string().nullable().optional(),
  reapply_on: date.nullable().optional(),
  negotiated_amount: ZCents.nullable().optional(),
});
const reviewerMove = { before: ZReviewerSnapshot, after: ZReviewerSnapshot };

export const AUDIT_SNAPSHOTS = {
  approve: reviewerMove,
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
      trace_id: z.string(),
      refinanced_loan_id: id.optional(),
      payoff_cents: ZCents.optional(),
      payoff_date: date.optional(),
    }),
  },
  payoff_letter_issued: { before: ZNone, after: z.object({ loan_id: id, good_through: date, payoff_cents: ZCents }) },
  release_referral_payout: {
    before: z.object({ unpaid_reward_ids: z.array(id) }),
    after: z.object({ payout_id: id, amount_cents: ZCents, trace_id: z.string() }),
  },
  remittance_imported: { before: ZNone, after: z.object({ batch_id: id, lines: z.number().int(), total_cents: ZCents, source: z.string() }) },
  remittance_line_assigned: {
    before: z.object({ line_id: id, status: z.string() }),
    after: z.object({ status: z.string(), loan_id: id, ledger_entry_id: id, amount_cents: ZCents }),
  },
  remittance_line_rejected: { before: z.object({ line_id: id, status: z.string() }), after: z.object({ status: z.string(), reason: z.string() }) },
  payment_reversed: {
    before: z.object({ loan_id: id, entry_id: id, kind: z.string(), amount_cents: ZCents, effective_date: date }),
    after: z.object({ reversal_entry_id: id, effective_date: date, reason: z.string(), return_code: z.string().nullable() }),
  },
  ach_return_file_applied: {
    before: z.object({ file_name: z.string().nullable(), sha256: z.string(), entries: z.number().int(), business_date: date }),
    // Files applied before notifications of change were read have no `corrections`.
    after: z.object({ applied: z.array(z.unknown()), unmatched: z.array(z.unknown()), duplicates: z.array(z.unknown()), corrections: z.array(z.unknown()).optional() }),
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
    before: z.object({ request_id: id, loan_id: id, status: z.string(), due_dates: z.array(date), apr: z.string() }),
    after: z.object({ status: z.string(), defer_payments: z.number().int(), waive_late_fees: z.boolean(), waived_cents: ZCents, due_dates: z.array(date), apr: z.string() }),
  },
  remind_open_requests: { before: ZNone, after: z.object({ requests: z.array(z.string()) }) },
  reveal_ssn: { before: ZNone, after: z.object({ field: z.string(), on_file: z.boolean() }) },
  view_document: { before: ZNone, after: z.object({ document_id: id, document_type: z.string().nullable() }) },
  view_signed_note: { before: ZNone, after: z.object({ esignature_id: id }) },
  view_due_date_change_agreement: { before: ZNone, after: z.object({ due_date_change_id: id }) },
  create_presigned_link: { before: ZNone, after: z.object({ link_id: id, new_flow: z.boolean(), expires_at: z.string() }) },
  start_system_event: { before: ZNone, after: z.object({ id, description: z.string() }) },
  end_system_event: { before: ZNone, after: z.object({ ended: z.boolean() }) },
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
