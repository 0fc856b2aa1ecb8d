import type { WorkflowStatus } from '@payrail/domain/workflow/statuses';

/**
 * A status change to store: the conditional update and its transition row go in one transaction. Planned by
 * the workflow (workflow/move.ts) and written by it (`applyStatusMove`, workflow/repository.ts); a module
 * below the workflow only hands one from the one to the other (identity, through its hooks).
 */
export type StatusMove = {
  userId: number;
  from: WorkflowStatus;
  to: WorkflowStatus;
  event: string;
  actor: 'borrower' | 'system' | 'reviewer';
  staffUserId?: number | null;
  at: Date;
};
