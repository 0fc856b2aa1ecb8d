import type { TQueueResponse, WaitingOn } from '@payrail/contract/backoffice';
import { isWorkflowStatus, STATUS_KIND } from '@payrail/domain/workflow/statuses';
import type { AppContext } from '../../../context';

const DAY_MS = 86_400_000;

/**
 * Who acts next, from the status kind: review statuses wait on the lender, steps on the borrower; an
 * approved, signed application without its loan waits on funding (a servicer); other final ones on nobody.
 */
export function waitingOn(status: string, readyToFund = false): WaitingOn {
  if (!isWorkflowStatus(status)) return 'none';
  const kind = STATUS_KIND[status];
  if (kind === 'final') return readyToFund ? 'funding' : 'none';
  return kind === 'review' ? 'lender' : 'borrower';
}

export const ageDays = (createdAt: Date, now: Date): number => Math.max(0, Math.floor((now.getTime() - createdAt.getTime()) / DAY_MS));

export type QueueInput = {
  status?: string | undefined;
  employer_id?: number | undefined;
  state_id?: number | undefined;
  age_days_min?: number | undefined;
  age_days_max?: number | undefined;
  sort: 'updated_at' | 'created_at' | 'status';
  dir: 'asc' | 'desc';
  page: number;
  per_page: number;
  /** Only approved, signed applications without a loan yet (what a servicer funds). */
  ready_to_fund?: boolean | undefined;
};

/** GET /api/backoffice/applications: the review queue, filtered, sorted and paged. */
export async function listQueue(ctx: AppContext, q: QueueInput): Promise<TQueueResponse> {
  const now = ctx.now();
  const { rows, total } = await ctx.repos.backoffice.queue({
    status: q.status,
    employerId: q.employer_id,
    stateId: q.state_id,
    createdAtMost: q.age_days_min !== undefined ? new Date(now.getTime() - q.age_days_min * DAY_MS) : undefined,
    createdAfter: q.age_days_max !== undefined ? new Date(now.getTime() - (q.age_days_max + 1) * DAY_MS) : undefined,
    readyToFund: q.ready_to_fund === true,
    sort: q.sort,
    dir: q.dir,
    limit: q.per_page,
    offset: (q.page - 1) * q.per_page,
  });
  return {
    items: rows.map((r) => ({
      user_id: r.member.id,
      name: [r.firstName, r.lastName].filter(Boolean).join(' ') || r.member.email,
      email: r.member.email,
      status: r.member.workflowStatus,
      waiting_on: waitingOn(r.member.workflowStatus, r.readyToFund === true),
      employer: r.employerId !== null && r.employerName !== null ? { id: r.employerId, name: r.employerName } : null,
      state: r.state,
      amount_cents: r.amountCents,
      created_at: r.member.createdAt.toISOString(),
      updated_at: r.member.updatedAt.toISOString(),
      age_days: ageDays(r.member.createdAt, now),
    })),
    page: q.page,
    per_page: q.per_page,
    total,
  };
}
