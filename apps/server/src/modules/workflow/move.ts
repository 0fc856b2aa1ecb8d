import { SERVER_MSG } from '@payrail/contract/messages';
import { type Actor, type Decision, type WorkflowContext, decideTransition, nextStatus } from '@payrail/domain/workflow/machine';
import { NEWFLOW_FIRST_STEP, isWorkflowStatus, type WorkflowStatus } from '@payrail/domain/workflow/statuses';
import type { AppContext } from '../../context';
import type { AppError } from '../../errors';
import type { MemberRow } from '../../db/rows';
import type { StatusMove } from './repository';
import { loadWorkflowFacts } from './use-cases/load-workflow-facts';
import { refusal, refusalFor } from './use-cases/refuse';

/**
 * The one way a use case moves a member through the workflow (docs/workflow.md "Moving a member"):
 *
 * 1. `requireStatus` — a step call made in a status whose page does not make it is refused with
 *    422 `{ error, current_status }`, the answer the SPA adopts to open the page it should be on;
 * 2. `planMove` / `planAdvance` — the domain machine decides the move for the actor with the member's
 *    facts; a move it turns down is refused the same way;
 * 3. `commitMove` — the move is stored (with the use case's own writes, in one transaction) under the
 *    lost-race rule: the conditional update misses when another move got there first, and the call
 *    answers "status out of date" with the status that won.
 */

type Member = Pick<MemberRow, 'id' | 'workflowStatus'>;

/** Refuses the call unless the member is in one of `allowed`; answers the status they are in. */
export function requireStatus(member: Member, allowed: readonly WorkflowStatus[]): WorkflowStatus {
  const from = member.workflowStatus;
  if (!isWorkflowStatus(from) || !allowed.includes(from)) throw refusal(SERVER_MSG.stepNotAvailable(from), from);
  return from;
}

/** Any status but the e-mail confirmation: reading one's own answers is harmless once the account is confirmed. */
export function requireConfirmedAccount(member: Member): void {
  if (member.workflowStatus === 'email_confirmation') throw refusal(SERVER_MSG.stepNotAvailable(member.workflowStatus), member.workflowStatus);
}

/** How a move is planned: who makes it, facts the caller knows better than the stored ones, how a refusal reads. */
export interface MoveOptions {
  /** The borrower unless said otherwise. */
  readonly actor?: Actor;
  /** Facts that override the member's stored ones (a bank link the call is making). */
  readonly facts?: Partial<WorkflowContext>;
  /** The member's facts when the caller has loaded them already. */
  readonly context?: WorkflowContext;
  /** The staff member making a reviewer's move. */
  readonly staffUserId?: number;
  /** The refusal for a move the machine turns down (default: 422 "status refused" with the current status). */
  readonly refuse?: (from: string, decision: Extract<Decision, { ok: false }> | null) => AppError;
}

async function contextFor(ctx: AppContext, member: Member, opts: MoveOptions): Promise<WorkflowContext> {
  const context = opts.context ?? (await loadWorkflowFacts(ctx, member.id)).context;
  return { ...context, ...opts.facts };
}

const stored = (member: Member, from: WorkflowStatus, to: WorkflowStatus, event: string, actor: Actor, at: Date, staffUserId?: number): StatusMove =>
  staffUserId === undefined ? { userId: member.id, from, to, event, actor, at } : { userId: member.id, from, to, event, actor, staffUserId, at };

/** The move `member → to` for the actor with the member's facts, or the refusal. */
export async function planMove(ctx: AppContext, member: Member, to: WorkflowStatus, opts: MoveOptions = {}): Promise<StatusMove> {
  const from = member.workflowStatus;
  const actor = opts.actor ?? 'borrower';
  if (!isWorkflowStatus(from)) throw opts.refuse ? opts.refuse(from, null) : refusal(SERVER_MSG.statusRefused(from, to), from);
  const decision = decideTransition(from, to, actor, await contextFor(ctx, member, opts));
  if (!decision.ok) throw opts.refuse ? opts.refuse(from, decision) : refusalFor(decision, from, to);
  return stored(member, from, to, decision.event, actor, ctx.now(), opts.staffUserId);
}

/** The borrower's generic advance from where the member is (the machine's ADVANCES), or the refusal. */
export async function planAdvance(ctx: AppContext, member: Member, opts: Pick<MoveOptions, 'facts' | 'context'> = {}): Promise<StatusMove> {
  const from = member.workflowStatus;
  if (!isWorkflowStatus(from)) throw refusal(SERVER_MSG.noNextStatus(from), from);
  const decision = nextStatus(from, await contextFor(ctx, member, opts));
  if (!decision.ok) throw refusalFor(decision, from, null);
  return stored(member, from, decision.to, decision.event, 'borrower', ctx.now());
}

/** The status the member is in now, or undefined when the member's row is gone. */
export const currentStatus = (ctx: AppContext, userId: number): Promise<WorkflowStatus | undefined> => ctx.repos.workflow.currentStatus(userId);

/** Stores a planned move on its own (its transition row and notice, in one transaction); false when another move got there first. */
export const storeMove = (ctx: AppContext, move: StatusMove): Promise<boolean> => ctx.repos.workflow.move(move);

/** The status the member is in now (after a move that may have lost a race); `fallback` when the row is gone. */
export async function statusNow(ctx: AppContext, userId: number, fallback: WorkflowStatus): Promise<WorkflowStatus> {
  return (await ctx.repos.workflow.currentStatus(userId)) ?? fallback;
}

/** The lost-race answer: 422 "status out of date" with the status that won. */
export const outOfDate = (current: string): AppError => refusal(SERVER_MSG.statusOutOfDate(current), current);

/**
 * Stores a planned move under the lost-race rule. `write` stores it with the use case's own changes in
 * one transaction (the repositories apply it with `applyStatusMove`) and answers what it wrote, or
 * false / null / undefined when the conditional update missed because another move got there first;
 * then the call throws `lost(the status that won)`: 422 "status out of date" unless the caller's flow
 * answers otherwise. A plain move is `commitMove(ctx, member, () => storeMove(ctx, move))`.
 */
export async function commitMove<T>(
  ctx: AppContext,
  member: Member,
  write: () => Promise<T | false | null | undefined>,
  lost: (current: string) => AppError = outOfDate,
): Promise<T> {
  const written = await write();
  if (written !== false && written !== null && written !== undefined) return written;
  throw lost(await statusNow(ctx, member.id, member.workflowStatus));
}

/** The answer of a call that moved the member (the shape of POST /workflow/next_status). */
export const moved = (status: WorkflowStatus) => ({ new_status: status, workflow_status: { next_status: status } });

// ── Moves a side effect makes ────────────────────────────────────────────────────────────────────

/**
 * The stored move for `from → to` when the table allows it for `actor` with these facts, else null.
 * Side-effect use cases (confirming an e-mail, sending a phone code, the automated review) move the
 * status this way only when the member is where the move starts; otherwise they leave it alone.
 */
export function moveIfAllowed(p: { userId: number; from: string; to: string; actor: Actor; context: WorkflowContext; at: Date }): StatusMove | null {
  if (!isWorkflowStatus(p.from) || !isWorkflowStatus(p.to)) return null;
  const decision = decideTransition(p.from, p.to, p.actor, p.context);
  return decision.ok ? { userId: p.userId, from: p.from, to: p.to, event: decision.event, actor: p.actor, at: p.at } : null;
}

/** Facts for moves that have no guard (e-mail confirmation): a guarded move is refused with these. */
export const NO_FACTS: WorkflowContext = {
  phoneConfirmed: false,
  bankLinked: false,
  submittedBefore: false,
  feedbackAsksBankLink: false,
  feedbackAsksAllotment: false,
  newFlow: false,
};

/**
 * The move a confirmed e-mail makes (system): email_confirmation → about_yourself, or → job_info for a
 * new-flow account (access §4 "goes to job_info (new flow)"). Null when the member is elsewhere.
 */
export function confirmationMove(member: { id: number; workflowStatus: string; newFlow: boolean }, at: Date): StatusMove | null {
  const to = member.newFlow ? NEWFLOW_FIRST_STEP : 'about_yourself';
  return moveIfAllowed({ userId: member.id, from: member.workflowStatus, to, actor: 'system', context: { ...NO_FACTS, newFlow: member.newFlow }, at });
}
