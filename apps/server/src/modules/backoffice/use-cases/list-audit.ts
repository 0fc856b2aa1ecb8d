import type { TAuditResponse } from '@payrail/contract/backoffice';
import type { AppContext } from '../../../context';

export type AuditInput = {
  staff_id?: number | undefined;
  action?: string | undefined;
  user_id?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page: number;
  per_page: number;
};

const DAY_MS = 86_400_000;

/** GET /api/backoffice/audit: the append-only staff action log, newest first. `to` is inclusive (a whole day). */
export async function listAudit(ctx: AppContext, q: AuditInput): Promise<TAuditResponse> {
  const { rows, total } = await ctx.repos.backoffice.audit({
    staffId: q.staff_id,
    action: q.action,
    userId: q.user_id,
    from: q.from ? new Date(`${q.from}T00:00:00Z`) : undefined,
    to: q.to ? new Date(Date.parse(`${q.to}T00:00:00Z`) + DAY_MS) : undefined,
    limit: q.per_page,
    offset: (q.page - 1) * q.per_page,
  });
  return {
    items: rows.map(({ a, staff, targetFirstName, targetLastName }) => ({
      id: a.id,
      staff: staff ? { id: staff.id, name: staff.name, role: staff.role } : null,
      action: a.action,
      target_user_id: a.targetUserId,
      target_user_name: [targetFirstName, targetLastName].filter(Boolean).join(' ') || null,
      before: a.before,
      after: a.after,
      at: a.at.toISOString(),
    })),
    total,
    page: q.page,
    per_page: q.per_page,
  };
}
