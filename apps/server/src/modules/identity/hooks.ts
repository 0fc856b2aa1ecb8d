import type { WorkflowStatus } from '@payrail/domain/workflow/statuses';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { agreementDocuments, employers, loanPurposes, newflowApplications, staffActions, states } from '../../db/schema/index';
import type { StatusMove } from '../../lib/status-move';
import type { MemberRow } from '../../db/rows';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Fields of a member's new-flow record (`newflow_applications`). */
type NewflowFields = Partial<Omit<typeof newflowApplications.$inferInsert, 'id' | 'userId' | 'createdAt'>>;

/** The workflow's writes the identity repository makes inside its own transactions (workflow/repository.ts). */
export type StatusWrites = {
  /** Moves the member's status while it is still `from` (false: another move got there first), with its transition row and notice. */
  applyStatusMove: (tx: Db | Tx, move: StatusMove) => Promise<boolean>;
  /** The first status of a new account. */
  recordFirstStatus: (tx: Db | Tx, userId: number, status: WorkflowStatus, at: Date) => Promise<void>;
};

/**
 * The reference data the sign-up form is checked against (reference/reference-data.ts). Reference stands after
 * identity on floor 1 (its routes import identity's), so identity reads it through these.
 */
export type SignUpReferenceReads = {
  /** A state by id or abbreviation, or undefined. */
  findState: (ctx: AppContext, idOrAbbreviation: string) => Promise<typeof states.$inferSelect | undefined>;
  /** An employer by id, or undefined. */
  findEmployer: (ctx: AppContext, id: number) => Promise<typeof employers.$inferSelect | undefined>;
  /** The loan purposes, by id. */
  listLoanPurposes: (ctx: AppContext) => Promise<(typeof loanPurposes.$inferSelect)[]>;
  /** The newest version of an agreement document by name (the state's own version first when a state is given), or undefined. */
  findAgreementDocument: (ctx: AppContext, name: string, stateAbbreviation: string | null) => Promise<typeof agreementDocuments.$inferSelect | undefined>;
};

/**
 * What identity calls in the modules after it (lib/hooks.ts; wired in module-hooks.ts): the sign-up form's
 * reference data (`SignUpReferenceReads`), and the moves that sign-in, e-mail confirmation and phone
 * confirmation make, planned by the workflow and written by it inside identity's own transaction (the
 * repository is given the writes, `StatusWrites`, when the context is built).
 */
export type IdentityHooks = StatusWrites & {
  /** The move a confirmed e-mail makes (system: email_confirmation → the flow's first step), or null when the member is elsewhere. */
  confirmationMove: (member: { id: number; workflowStatus: string; newFlow: boolean }, at: Date) => StatusMove | null;
  /** A number put on file at the application's phone step: phone_verification → phone_code_sent (system), or null. */
  phoneCodeSentMove: (member: MemberRow, at: Date) => StatusMove | null;
  /** The number confirmed at the application's phone step: the borrower's step forward the workflow's facts allow, or null. */
  phoneConfirmedMove: (ctx: AppContext, member: MemberRow, at: Date) => Promise<StatusMove | null>;
  /** The member's status now (after a move that may have lost a race), or undefined when the row is gone (workflow). */
  currentStatus: (ctx: AppContext, userId: number) => Promise<WorkflowStatus | undefined>;
  /** A new-flow sign-up's loan choice, saved on the member's new-flow record (newflow). */
  newflowLoanChosen: (ctx: AppContext, userId: number, loan: NewflowFields, at: Date) => Promise<void>;
  /** A new-flow sign-up's employee id, stored with the application's About-yourself answers (application). */
  employeeIdGiven: (ctx: AppContext, userId: number, employeeId: string, at: Date) => Promise<unknown>;
  /** Appends a staff action to the audit trail on its own, e.g. a sign-in link sent by staff (review). */
  recordStaffAction: (ctx: AppContext, action: Omit<typeof staffActions.$inferInsert, 'id'>) => Promise<void>;
  /** Notes a file about to be stored, before its bytes are written: the sweeper removes it if never referenced (documents). */
  uploadBegun: (ctx: AppContext, storageKey: string, at: Date) => Promise<void>;
  /** The stored file is referenced (or removed again): nothing left to sweep (documents). */
  uploadEnded: (ctx: AppContext, storageKey: string) => Promise<void>;
} & SignUpReferenceReads;
