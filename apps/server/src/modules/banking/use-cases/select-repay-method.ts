import type { RepayMethod } from '@payrail/contract/banking';
import { REPAY_METHODS } from '@payrail/contract/banking';
import type { WorkflowStatus } from '@payrail/domain/workflow/statuses';
import type { AppContext } from '../../../context';
import type { MemberRow } from '../../identity/repository';
import { lostMove, moved, planMoveTo, requireStep } from '../workflow-step';

/** §4: 0 split direct deposit → allotment_needed; 1 auto-debit → auto_debit_needed; 2 pay online → esignature_needed. */
const NEXT: Readonly<Record<RepayMethod, WorkflowStatus>> = {
  split_direct_deposit: 'allotment_needed',
  auto_debit: 'auto_debit_needed',
  online: 'esignature_needed',
};

/** POST /select_repay_method: records the choice and moves the member to its page, in one transaction. */
export async function selectRepayMethod(ctx: AppContext, member: MemberRow, choice: 0 | 1 | 2) {
  requireStep(member, ['select_repay_method']);
  const method = REPAY_METHODS[choice];
  const move = await planMoveTo(ctx, member, NEXT[method]);
  if (!(await ctx.repos.banking.chooseRepayMethod({ userId: member.id, method, at: move.at }, move))) return lostMove(ctx, member);
  return moved(move.to);
}
