import type { AppContext } from '../../../context';
import { parseIsoDate, utcDay } from '@payrail/domain/dates';
import type { ReapplyOn } from '@payrail/domain/underwriting/reapply';
import type { MemberRow } from '../../../db/rows';
import type { StatusMove } from '../../workflow/repository';
import { ensureActiveApplication } from '../../application/applications';
import { adverseActionEmail } from '../emails';
import type { Transition } from '../repository';
import { findBorrower } from '../../identity/members';

/**
 * Ends an application with an adverse action (a decline or a denial): moves the status, stores the
 * not-qualified reason (the home panel's "Not Qualified" title) and the reapply date, and — once that
 * is committed — e-mails the adverse-action notice with the principal reasons (Regulation B 1002.9).
 * False when the move lost a race (nothing written, nothing sent).
 */
export async function applyAdverseAction(
  ctx: AppContext,
  member: MemberRow,
  p: {
    move: StatusMove;
    outcome: 'declined' | 'denied';
    notQualifiedReason: string | null;
    reapplyOn: ReapplyOn | null;
    reasons: readonly string[];
    staffAction?: Transition['staffAction'];
  },
): Promise<boolean> {
  const at = ctx.now();
  const application = await ensureActiveApplication(ctx, member.id, at);
  const committed = await ctx.repos.review.commit({
    userId: member.id,
    move: p.move,
    member: { notQualifiedReason: p.notQualifiedReason },
    application: { id: application.id, patch: { outcome: p.outcome, decidedAt: at, reapplyOn: p.reapplyOn } },
    ...(p.staffAction ? { staffAction: p.staffAction } : {}),
    at,
  });
  if (!committed.ok) return false;
  const borrower = await findBorrower(ctx, member.id);
  await ctx.providers.email.send(
    adverseActionEmail({ to: member.email, firstName: borrower?.firstName ?? null, decidedOn: utcDay(at), reasons: p.reasons, reapplyOn: p.reapplyOn }),
  );
  return true;
}

/** The underwriting's denial: the adverse action with the decision's not-qualified reason, reapply date and principal reasons. */
export function applyDenial(
  ctx: AppContext,
  member: MemberRow,
  move: StatusMove,
  decision: { notQualifiedReason: string | null; reapplyOn: ReapplyOn | null; adverseActionReasons: readonly string[] },
): Promise<boolean> {
  return applyAdverseAction(ctx, member, {
    move,
    outcome: 'denied',
    notQualifiedReason: decision.notQualifiedReason,
    reapplyOn: decision.reapplyOn,
    reasons: decision.adverseActionReasons,
  });
}

/** A reviewer's reapply date as the request states it (`never` or a day the contract validated), typed for the application row. */
export const reapplyOnOf = (text: string): ReapplyOn => (text === 'never' ? 'never' : parseIsoDate(text));
