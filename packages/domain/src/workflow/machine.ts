/**
 * The workflow state machine as a table: which status may change to which, on what event, set by whom
 * and under which guard; the generic "advance" of POST /workflow/next_status; and the navigation stack
 * derived from the stored history. Pure: callers pass every fact in (no clock, no I/O).
 */
import { APPLICATION_OUTCOMES } from '../loan/statuses';
import { isStackable } from './status-attributes';
import { DOCUMENT_STATUSES, STATUS_KIND, WORKFLOW_STATUSES, type WorkflowStatus } from './statuses';

/** Who sets a transition: the signed-in borrower, the server itself (a use case), or a reviewer. */
export const ACTORS = ['borrower', 'system', 'reviewer'] as const;
export type Actor = (typeof ACTORS)[number];

/** Why a transition happens. `go_back` rows are derived from the reversible forward rows. */
export type WorkflowEvent =
  | 'confirm_email'
  | 'advance'
  | 'go_back'
  | 'send_phone_code'
  | 'edit_phone'
  | 'verify_phone'
  | 'link_bank'
  | 'enter_bank_manually'
  | 'upload_document'
  | 'request_document'
  | 'submit_for_review'
  | 'start_review'
  | 'send_feedback'
  | 'answer_feedback'
  | 'change_loan_amount'
  | 'pre_approve'
  | 'choose_repay_method'
  | 'upload_allotment'
  | 'request_debit_card'
  | 'add_debit_card'
  | 'approve_allotment'
  | 'reject_allotment'
  | 'sign'
  | 'send_to_employer'
  | 'approve'
  | 'decline'
  | 'deny'
  | 'reconsider'
  | 'drop'
  | 'cancel'
  | 'start_new_application'
  | 'start_refinance'
  // New flow
  | 'describe_employer'
  | 'approve_employer'
  | 'link_payroll'
  | 'enter_manually'
  | 'rate_checked'
  | 'cannot_proceed'
  | 'confirm_allocation'
  | 'start_signature';

/** Facts the guards read. The server derives them from its data; a module not built yet passes false. */
export interface WorkflowContext {
  /** The borrower's mobile number is verified. */
  readonly phoneConfirmed: boolean;
  /** A bank account was linked through the bank-link widget. */
  readonly bankLinked: boolean;
  /** The application was submitted for review before (see {@link wasSubmitted}): bank changes then go straight back to review. */
  readonly submittedBefore: boolean;
  /** The reviewer's open feedback asks for a new bank link. */
  readonly feedbackAsksBankLink: boolean;
  /** The reviewer's open feedback asks for an allotment document. */
  readonly feedbackAsksAllotment: boolean;
  /** The application is a new-flow one (signed up with `new_flow: true`). */
  readonly newFlow: boolean;
}

/** A guard names the context fact that must hold. */
export type Guard = keyof WorkflowContext;

/** One row of the table. */
export interface Transition {
  readonly from: WorkflowStatus;
  readonly to: WorkflowStatus;
  readonly event: WorkflowEvent;
  /** Who may set it. */
  readonly by: readonly Actor[];
  /** A fact that must hold, if any. */
  readonly when?: Guard;
}

const B: readonly Actor[] = ['borrower'];
const S: readonly Actor[] = ['system'];
const R: readonly Actor[] = ['reviewer'];
const BS: readonly Actor[] = ['borrower', 'system'];
const RS: readonly Actor[] = ['reviewer', 'system'];

const row = (from: WorkflowStatus, to: WorkflowStatus, event: WorkflowEvent, by: readonly Actor[], when?: Guard): Transition =>
  when ? { from, to, event, by, when } : { from, to, event, by };

const UPLOADED: readonly WorkflowStatus[] = ['driver_license_uploaded', 'pay_stub_uploaded', 'proof_of_address_uploaded'];
/** Statuses in which a reviewer holds the application before the borrower signs. */
const UNDER_REVIEW: readonly WorkflowStatus[] = ['ready_for_review', 'review_application', 'reconsider_declined'];

/** The ended applications a new application or a refinance starts from (its use case checks the dates and the loan). */
export const RESTART_STATUSES: readonly WorkflowStatus[] = APPLICATION_OUTCOMES;

/** The forward rows, written out (docs/workflow.md draws them). */
export const FORWARD_TRANSITIONS: readonly Transition[] = [
  // Identity
  row('email_confirmation', 'about_yourself', 'confirm_email', S),
  // The classic application
  row('about_yourself', 'employer', 'advance', B),
  row('employer', 'phone_verification', 'advance', B),
  row('phone_verification', 'phone_code_sent', 'send_phone_code', S),
  row('phone_code_sent', 'phone_verification', 'edit_phone', B),
  row('phone_code_sent', 'loan_terms', 'verify_phone', BS, 'phoneConfirmed'),
  row('phone_verification', 'loan_terms', 'advance', B, 'phoneConfirmed'),
  row('loan_terms', 'bank_link', 'advance', B),
  row('bank_link', 'choosing_receiver_account', 'link_bank', BS, 'bankLinked'),
  row('bank_link', 'bank_input', 'advance', B),
  row('bank_link', 'bank_manual_input', 'enter_bank_manually', B),
  row('bank_link', 'bank_manually_insert', 'enter_bank_manually', B),
  row('bank_input', 'choosing_receiver_account', 'advance', B),
  row('bank_manual_input', 'choosing_receiver_account', 'advance', B),
  row('bank_manually_insert', 'choosing_receiver_account', 'advance', B),
  row('choosing_receiver_account', 'documents', 'advance', B),
  row('choosing_receiver_account', 'ready_for_review', 'submit_for_review', B, 'submittedBefore'),
  ...UPLOADED.map((to) => row('documents', to, 'upload_document', S)),
  ...UPLOADED.flatMap((from) => UPLOADED.filter((to) => to !== from).map((to) => row(from, to, 'upload_document', S))),
  ...DOCUMENT_STATUSES.map((from) => row(from, 'application_review', 'advance', B)),
  row('application_review', 'ready_for_review', 'submit_for_review', B),
  row('application_review', 'document_review', 'request_document', RS),
  row('document_review', 'ready_for_review', 'submit_for_review', B),
  // Review and decisions
  row('ready_for_review', 'review_application', 'start_review', R),
  row('reconsider_declined', 'review_application', 'start_review', R),
  ...UNDER_REVIEW.flatMap((from) => [
    row(from, 'feedback_sent', 'send_feedback', R),
    row(from, 'document_review', 'request_document', R),
    // The automated review (REQUIRE_HUMAN_REVIEW=false) may take these decisions in a reviewer's place.
    row(from, 'loan_amount_changed', 'change_loan_amount', RS),
    row(from, 'select_repay_method', 'pre_approve', RS),
    row(from, 'refinancing_esignature', 'pre_approve', R),
    row(from, 'employer_review', 'send_to_employer', RS),
    row(from, 'declined', 'decline', R),
    row(from, 'denied', 'deny', RS),
  ]),
  row('loan_amount_changed', 'ready_for_review', 'advance', B),
  row('feedback_sent', 'bank_link', 'answer_feedback', B, 'feedbackAsksBankLink'),
  row('feedback_sent', 'review_allotment', 'answer_feedback', B, 'feedbackAsksAllotment'),
  row('feedback_sent', 'ready_for_review', 'answer_feedback', B),
  // Repayment set-up and signature
  row('select_repay_method', 'allotment_needed', 'choose_repay_method', B),
  row('select_repay_method', 'auto_debit_needed', 'choose_repay_method', B),
  row('select_repay_method', 'esignature_needed', 'choose_repay_method', B),
  row('allotment_needed', 'review_allotment', 'upload_allotment', B),
  row('allotment_needed', 'debit_card', 'request_debit_card', RS),
  row('review_allotment', 'debit_card', 'request_debit_card', R),
  row('debit_card', 'review_allotment', 'add_debit_card', B),
  row('review_allotment', 'esignature_needed', 'approve_allotment', R),
  row('review_allotment', 'allotment_needed', 'reject_allotment', R),
  row('review_allotment', 'feedback_sent', 'send_feedback', R),
  row('auto_debit_needed', 'esignature_needed', 'advance', B),
  row('esignature_needed', 'application_submitted', 'sign', B),
  // After signature
  row('application_submitted', 'approved', 'approve', RS),
  row('application_submitted', 'employer_review', 'send_to_employer', R),
  row('application_submitted', 'feedback_sent', 'send_feedback', R),
  row('application_submitted', 'declined', 'decline', R),
  row('application_submitted', 'denied', 'deny', R),
  row('employer_review', 'select_repay_method', 'pre_approve', R),
  row('employer_review', 'approved', 'approve', RS),
  row('employer_review', 'feedback_sent', 'send_feedback', R),
  row('employer_review', 'declined', 'decline', R),
  row('employer_review', 'denied', 'deny', R),
  row('declined', 'reconsider_declined', 'reconsider', R),
  // Refinance of a funded loan: from the approved application, or once another application ended (e.g. a
  // declined refinance after its reapply date); the refinance use case checks the loan and the dates.
  ...RESTART_STATUSES.map((from) => row(from, 'refinancing_application', 'start_refinance', S)),
  row('refinancing_application', 'refinancing_loan_terms', 'advance', B),
  row('refinancing_loan_terms', 'refinancing_review', 'advance', B),
  row('refinancing_loan_terms', 'ready_for_review', 'submit_for_review', B),
  row('refinancing_review', 'ready_for_review', 'submit_for_review', B),
  row('refinancing_esignature', 'application_submitted', 'sign', B),
  // The new flow (docs/newflow.md): the application_step use cases move the member.
  row('email_confirmation', 'job_info', 'confirm_email', S, 'newFlow'),
  row('job_info', 'verify_employer', 'advance', B),
  row('job_info', 'employer_info', 'describe_employer', B),
  row('employer_info', 'employer_under_review', 'submit_for_review', B),
  row('employer_under_review', 'personal_info', 'approve_employer', R),
  row('employer_under_review', 'cant_proceed', 'cannot_proceed', R),
  row('verify_employer', 'personal_info', 'link_payroll', BS),
  row('verify_employer', 'verify_employer_manual', 'enter_manually', B),
  row('verify_employer_manual', 'personal_info', 'advance', B),
  row('personal_info', 'ssn_input', 'advance', B),
  row('ssn_input', 'rate_check', 'advance', B),
  // The rate-check job decides (system): offers, a decline with adverse-action reasons, or no file.
  row('rate_check', 'select_program', 'rate_checked', S),
  row('rate_check', 'denied', 'deny', S),
  row('rate_check', 'cant_proceed', 'cannot_proceed', S),
  row('select_program', 'split_direct_deposit', 'choose_repay_method', B),
  row('select_program', 'verify_bank_account', 'choose_repay_method', B),
  row('split_direct_deposit', 'verify_bank_account', 'confirm_allocation', BS),
  row('split_direct_deposit', 'split_direct_deposit_manual', 'enter_manually', B),
  row('split_direct_deposit_manual', 'verify_bank_account', 'advance', B),
  row('verify_bank_account', 'additional_documents', 'advance', B),
  row('additional_documents', 'loan_offer', 'advance', B),
  row('loan_offer', 'password_creation', 'advance', B),
  row('password_creation', 'phone_validation', 'advance', B),
  row('phone_validation', 'application_submitted', 'submit_for_review', B, 'phoneConfirmed'),
  // Approved before signature in the new flow: the step use case opens the contract, signing returns to approved.
  row('approved', 'esignature_needed', 'start_signature', S, 'newFlow'),
  row('esignature_needed', 'approved', 'sign', S, 'newFlow'),
];

/** Statuses an inactive application is dropped from (by the system) or canceled from (by a reviewer). */
const OPEN_STATUSES = WORKFLOW_STATUSES.filter((s) => STATUS_KIND[s] === 'step' || STATUS_KIND[s] === 'review');
const ENDINGS: readonly Transition[] = [
  ...OPEN_STATUSES.map((from) => row(from, 'dropped', 'drop', S)),
  ...OPEN_STATUSES.map((from) => row(from, 'canceled', 'cancel', R)),
  // A new application (reapply, new loan) restarts at the first step; its use case checks the dates.
  ...RESTART_STATUSES.map((from) => row(from, 'about_yourself', 'start_new_application', S)),
  // A new-flow application restarts at job_info.
  ...(['denied', 'dropped', 'cant_proceed'] as const).map((from) => row(from, 'job_info', 'start_new_application', S, 'newFlow')),
];

/** Forward moves the borrower may undo: each gives a `go_back` row in the other direction. */
const REVERSIBLE: ReadonlySet<WorkflowEvent> = new Set([
  'advance',
  'link_bank',
  'enter_bank_manually',
  'choose_repay_method',
  'describe_employer',
  'link_payroll',
  'enter_manually',
  'confirm_allocation',
]);

const isDocumentStatus = (s: WorkflowStatus | undefined): boolean => s !== undefined && DOCUMENT_STATUSES.includes(s);

/** An upload keeps the borrower on the documents page, so its back button is the documents page's. */
const samePage = (s: WorkflowStatus): readonly WorkflowStatus[] => (isDocumentStatus(s) ? DOCUMENT_STATUSES : [s]);

const BACKS: readonly Transition[] = FORWARD_TRANSITIONS.filter((t) => REVERSIBLE.has(t.event) && isStackable(t.from) && isStackable(t.to)).flatMap((t) =>
  samePage(t.to).map((from) => row(from, t.from, 'go_back', B)),
);

/** The whole table: forward rows, derived back moves, drops, cancels and restarts. */
export const TRANSITIONS: readonly Transition[] = [...FORWARD_TRANSITIONS, ...BACKS, ...ENDINGS];

const BY_FROM = new Map<WorkflowStatus, Transition[]>();
for (const t of TRANSITIONS) {
  const list = BY_FROM.get(t.from) ?? [];
  list.push(t);
  BY_FROM.set(t.from, list);
}

/** Every row leaving `from`. */
export function allowedTransitions(from: WorkflowStatus): readonly Transition[] {
  return BY_FROM.get(from) ?? [];
}

/** Whether the table has any row `from → to` (for any actor, ignoring guards). */
export function canChangeTo(from: WorkflowStatus, to: WorkflowStatus): boolean {
  return allowedTransitions(from).some((t) => t.to === to);
}

/** The actors that may set `from → to` (empty when the move does not exist). */
export function actorsFor(from: WorkflowStatus, to: WorkflowStatus): readonly Actor[] {
  const actors = new Set<Actor>();
  for (const t of allowedTransitions(from)) if (t.to === to) for (const a of t.by) actors.add(a);
  return [...actors];
}

/** Who may move an application out of `from` (any row, guards ignored), in the order borrower, system, reviewer. */
export function actorsFrom(from: WorkflowStatus): readonly Actor[] {
  const actors = new Set(allowedTransitions(from).flatMap((t) => t.by));
  return ACTORS.filter((a) => actors.has(a));
}

/** Why a move was refused. */
export type Refusal =
  | { readonly reason: 'same_status' }
  | { readonly reason: 'not_allowed' }
  | { readonly reason: 'actor_not_allowed'; readonly actors: readonly Actor[] }
  | { readonly reason: 'guard_failed'; readonly guard: Guard }
  | { readonly reason: 'no_advance' }
  | { readonly reason: 'not_previous_page'; readonly previous: WorkflowStatus | null };

/** The outcome of a move: the target and the row used, or why not. */
export type Decision = ({ readonly ok: true } & Transition) | ({ readonly ok: false } & Refusal);

/**
 * Decides whether `actor` may move an application from `from` to `to` given the facts. When several
 * rows join the two statuses, any row the actor may use and whose guard holds allows it.
 */
export function decideTransition(from: WorkflowStatus, to: WorkflowStatus, actor: Actor, context: WorkflowContext): Decision {
  if (from === to) return { ok: false, reason: 'same_status' };
  const rows = allowedTransitions(from).filter((t) => t.to === to);
  if (rows.length === 0) return { ok: false, reason: 'not_allowed' };
  const mine = rows.filter((t) => t.by.includes(actor));
  if (mine.length === 0) return { ok: false, reason: 'actor_not_allowed', actors: actorsFor(from, to) };
  // Prefer a forward row: a pair joined both ways is a step forward first, a back move second.
  const passing = mine.filter((t) => t.when === undefined || context[t.when]).sort((a, b) => Number(a.event === 'go_back') - Number(b.event === 'go_back'))[0];
  if (passing) return { ok: true, ...passing };
  return { ok: false, reason: 'guard_failed', guard: mine[0]!.when! };
}

/**
 * A move the borrower asks for (POST /workflow/change_status): allowed for the borrower by the table
 * and, when it is a back move, only to the page under the top of the stack derived from `history`
 * (the SPA's back button), so "back" never jumps to an arbitrary earlier page.
 */
export function decideBorrowerMove(from: WorkflowStatus, to: WorkflowStatus, context: WorkflowContext, history: readonly HistoryEntry[]): Decision {
  const decision = decideTransition(from, to, 'borrower', context);
  if (!decision.ok || decision.event !== 'go_back') return decision;
  const stack = navigationStack(history);
  const previous = stack.length >= 2 && stack[stack.length - 1] === from ? stack[stack.length - 2]! : null;
  return previous === to ? decision : { ok: false, reason: 'not_previous_page', previous };
}

/** One option of the generic advance: go to `to` when the guard holds (or always). */
interface AdvanceOption {
  readonly to: WorkflowStatus;
  readonly when?: Guard;
}

/**
 * The generic advance of each status the borrower can move on from with "Continue": the first option
 * whose guard holds wins. Choices (repay method, manual bank entry) and sign-up steps are not here.
 */
export const ADVANCES: Readonly<Partial<Record<WorkflowStatus, readonly AdvanceOption[]>>> = {
  about_yourself: [{ to: 'employer' }],
  employer: [{ to: 'phone_verification' }],
  phone_verification: [{ to: 'loan_terms', when: 'phoneConfirmed' }],
  phone_code_sent: [{ to: 'loan_terms', when: 'phoneConfirmed' }],
  loan_terms: [{ to: 'bank_link' }],
  loan_amount_changed: [{ to: 'ready_for_review' }],
  bank_link: [{ to: 'choosing_receiver_account', when: 'bankLinked' }, { to: 'bank_input' }],
  bank_input: [{ to: 'choosing_receiver_account' }],
  bank_manual_input: [{ to: 'choosing_receiver_account' }],
  bank_manually_insert: [{ to: 'choosing_receiver_account' }],
  choosing_receiver_account: [{ to: 'ready_for_review', when: 'submittedBefore' }, { to: 'documents' }],
  documents: [{ to: 'application_review' }],
  driver_license_uploaded: [{ to: 'application_review' }],
  pay_stub_uploaded: [{ to: 'application_review' }],
  proof_of_address_uploaded: [{ to: 'application_review' }],
  application_review: [{ to: 'ready_for_review' }],
  document_review: [{ to: 'ready_for_review' }],
  feedback_sent: [{ to: 'bank_link', when: 'feedbackAsksBankLink' }, { to: 'review_allotment', when: 'feedbackAsksAllotment' }, { to: 'ready_for_review' }],
  allotment_needed: [{ to: 'review_allotment' }],
  debit_card: [{ to: 'review_allotment' }],
  auto_debit_needed: [{ to: 'esignature_needed' }],
  esignature_needed: [{ to: 'application_submitted' }],
  refinancing_application: [{ to: 'refinancing_loan_terms' }],
  refinancing_loan_terms: [{ to: 'refinancing_review' }],
  refinancing_review: [{ to: 'ready_for_review' }],
  refinancing_esignature: [{ to: 'application_submitted' }],
};

/**
 * The generic advance (POST /workflow/next_status) by the borrower: the next status, or why the
 * application cannot move on by itself (no advance from here, or the step's guard does not hold).
 */
export function nextStatus(current: WorkflowStatus, context: WorkflowContext): Decision {
  const options = ADVANCES[current];
  if (!options) return { ok: false, reason: 'no_advance' };
  for (const option of options) {
    if (option.when === undefined || context[option.when]) return decideTransition(current, option.to, 'borrower', context);
  }
  return { ok: false, reason: 'guard_failed', guard: options[options.length - 1]!.when! };
}

/** A stored transition, oldest first; `from` is null for the first status of an account. */
export interface HistoryEntry {
  readonly from: WorkflowStatus | null;
  readonly to: WorkflowStatus;
}

/** Whether the application reached review before (a guard fact). */
export function wasSubmitted(history: readonly HistoryEntry[]): boolean {
  return history.some((h) => h.to === 'ready_for_review');
}

/**
 * The navigation stack the SPA's back button walks, derived from the stored history: a move to the
 * entry under the top is a back move (pop); a reversible forward move pushes; a document upload
 * replaces the documents page on top; phone_code_sent is dropped; any other move starts the stack
 * again, and a status with no page of its own (review, final) empties it. The top is the status the
 * borrower is on, and every back move the stack offers is an allowed `go_back` row.
 */
export function navigationStack(history: readonly HistoryEntry[]): WorkflowStatus[] {
  let stack: WorkflowStatus[] = [];
  for (const { to } of history) {
    if (to === 'phone_code_sent') continue;
    const top = stack[stack.length - 1];
    if (to === top) continue;
    if (stack.length >= 2 && stack[stack.length - 2] === to) {
      stack.pop();
      continue;
    }
    if (!isStackable(to)) {
      stack = [];
    } else if (isDocumentStatus(top) && isDocumentStatus(to)) {
      stack[stack.length - 1] = to;
    } else if (top !== undefined && allowedTransitions(to).some((t) => t.to === top && t.event === 'go_back')) {
      stack.push(to);
    } else {
      stack = [to];
    }
  }
  return stack;
}
