import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { statusNotice } from '@payrail/domain/engagement/notices';
import type { WorkflowStatus } from '@payrail/domain/workflow/statuses';
import { applicationMembers, workflowTransitions } from '../../db/schema/index';
import { insertNotification } from '../engagement/repository';
import type { StatusMove } from '../../lib/status-move';

export type TransitionRow = typeof workflowTransitions.$inferSelect;

/** A status change to store (lib/status-move.ts): the conditional update and its transition row go in one transaction. */
export type { StatusMove };

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

class MoveLost extends Error {}

/** Runs `work` and the status move in one transaction; `{ ok: false }` (and nothing stored) when the move lost. */
export async function withMove<T>(db: Db, move: StatusMove | null, work: (tx: Tx) => Promise<T>): Promise<{ ok: true; value: T } | { ok: false }> {
  try {
    const value = await db.transaction(async (tx) => {
      const value = await work(tx);
      if (move && !(await applyStatusMove(tx, move))) throw new MoveLost();
      return value;
    });
    return { ok: true, value };
  } catch (err) {
    if (err instanceof MoveLost) return { ok: false };
    throw err;
  }
}

/**
 * Applies a move inside the caller's transaction. The update only matches while the member is still in
 * `from`, so two concurrent moves cannot both win; false means another move got there first. A move the
 * borrower should hear of (a reviewer's decision, a dropped application: `statusNotice`) writes their
 * notification in the same transaction.
 */
export async function applyStatusMove(tx: Db | Tx, move: StatusMove): Promise<boolean> {
  const updated = await tx
    .update(applicationMembers)
    .set({ workflowStatus: move.to, updatedAt: move.at })
    .where(and(eq(applicationMembers.id, move.userId), eq(applicationMembers.workflowStatus, move.from)))
    .returning({ id: applicationMembers.id });
  if (updated.length === 0) return false;
  await tx.insert(workflowTransitions).values({
    userId: move.userId,
    fromStatus: move.from,
    toStatus: move.to,
    event: move.event,
    actor: move.actor,
    staffUserId: move.staffUserId ?? null,
    at: move.at,
  });
  const notice = statusNotice(move.to, move.actor);
  if (notice) await insertNotification(tx, { userId: move.userId, message: notice, at: move.at });
  return true;
}

/** Records the first status of a new account (no `from`). */
export async function recordFirstStatus(tx: Db | Tx, userId: number, status: WorkflowStatus, at: Date): Promise<void> {
  await tx.insert(workflowTransitions).values({ userId, fromStatus: null, toStatus: status, event: 'sign_up', actor: 'borrower', at });
}

export function workflowRepository(db: Db) {
  return {
    /** The member's transitions, oldest first. */
    history: (userId: number): Promise<TransitionRow[]> =>
      db.select().from(workflowTransitions).where(eq(workflowTransitions.userId, userId)).orderBy(asc(workflowTransitions.id)),

    currentStatus: async (userId: number): Promise<WorkflowStatus | undefined> => {
      const [row] = await db.select({ status: applicationMembers.workflowStatus }).from(applicationMembers).where(eq(applicationMembers.id, userId)).limit(1);
      return row?.status;
    },

    /** Moves the member's status if it is still `from`; false when it was not. */
    move: (move: StatusMove): Promise<boolean> => db.transaction((tx) => applyStatusMove(tx, move)),
  };
}
export type WorkflowRepository = ReturnType<typeof workflowRepository>;
