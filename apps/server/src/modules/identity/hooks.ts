import type { WorkflowStatus } from '@payrail/domain/workflow/statuses';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { StatusMove } from '../../lib/status-move';
import type { MemberRow } from './repository';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The workflow's writes the identity repository makes inside its own transactions (workflow/repository.ts). */
export type StatusWrites = {
  /** Moves the member's status while it is still `from` (false: another move got there first), with its transition row and notice. */
  applyStatusMove: (tx: Db | Tx, move: StatusMove) => Promise<boolean>;
  /** The first status of a new account. */
  recordFirstStatus: (tx: Db | Tx, userId: number, status: WorkflowStatus, at: Date) => Promise<void>;
};

/**
 * What identity calls in the workflow above it (lib/hooks.ts; wired in module-hooks.ts): the moves that
 * sign-in, e-mail confirmation and phone confirmation make, planned by the workflow and written by it inside
 * identity's own transaction (the repository is given the writes, `StatusWrites`, when the context is built).
 */
export type IdentityHooks = StatusWrites & {
  /** The move a confirmed e-mail makes (system: email_confirmation → the flow's first step), or null when the member is elsewhere. */
  confirmationMove: (member: { id: number; workflowStatus: string; newFlow: boolean }, at: Date) => StatusMove | null;
  /** A number put on file at the application's phone step: phone_verification → phone_code_sent (system), or null. */
  phoneCodeSentMove: (member: MemberRow, at: Date) => StatusMove | null;
  /** The number confirmed at the application's phone step: the borrower's step forward the workflow's facts allow, or null. */
  phoneConfirmedMove: (ctx: AppContext, member: MemberRow, at: Date) => Promise<StatusMove | null>;
};
