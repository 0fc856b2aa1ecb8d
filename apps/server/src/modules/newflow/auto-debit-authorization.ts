import { NEWFLOW_MSG } from '@payrail/contract/newflow';
import type { WorkflowStatus } from '@payrail/domain/workflow/statuses';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { ClientInfo } from '../identity/client';
import type { MemberRow } from '../../db/rows';
import { commitMove } from '../workflow/move';
import { findAgreementDocument } from '../reference/reference-data';
import { receiverAccount, recordAutoDebitAuthorization } from '../banking/accounts-on-file';
import type { NewflowPatch } from './repository';
import { planStepMove, stepNotOpen } from './workflow';

/** What an auto-debit offer's ACH authorization names: the verified account on file and the current disclosure. */
export type AutoDebitAuthorizationPlan = { accountId: number; agreementDocumentId: number };

/**
 * The checks of an auto-debit offer at loan_offer, before anything is written: the applicant accepted the
 * Auto Debit Disclosure (422 `auto_debit_disclosure_accepted` otherwise), the receiving account on file
 * (verified at verify_bank_account) is still there and verified, and the disclosure document is seeded.
 */
export async function planAutoDebitAuthorization(ctx: AppContext, member: MemberRow, accepted: boolean | undefined): Promise<AutoDebitAuthorizationPlan> {
  if (accepted !== true) throw AppError.fields({ auto_debit_disclosure_accepted: [NEWFLOW_MSG.autoDebitDisclosureRequired] });
  const account = await receiverAccount(ctx, member.id);
  if (!account || !account.verifiedAt) throw AppError.fields({ bank_account: [NEWFLOW_MSG.bankAccountMissing] });
  const disclosure = await findAgreementDocument(ctx, 'auto_debit_disclosure', null);
  if (!disclosure) throw new Error('the auto_debit_disclosure agreement document is not seeded');
  return { accountId: account.id, agreementDocumentId: disclosure.id };
}

/**
 * The new flow's ACH debit authorization (what the classic POST /auto_debit records): the chosen offer is
 * saved, then the `ach_authorizations` row (the account, the disclosure, time, IP, user agent), the
 * disclosure's acceptance and the step's move go in one transaction through the banking repository's
 * classic call — so an authorization exists exactly when the step moved on. A lost race is the 409.
 */
export async function authorizeAutoDebitAndMove(
  ctx: AppContext,
  member: MemberRow,
  plan: AutoDebitAuthorizationPlan,
  patch: NewflowPatch,
  to: WorkflowStatus,
  client: ClientInfo,
  at: Date,
): Promise<WorkflowStatus> {
  const move = await planStepMove(ctx, member, to);
  await ctx.repos.newflow.save(member.id, patch, at);
  await commitMove(
    ctx,
    member,
    () =>
      recordAutoDebitAuthorization(
        ctx,
        {
          userId: member.id,
          newAccount: null,
          accountId: plan.accountId,
          agreementDocumentId: plan.agreementDocumentId,
          at,
          ip: client.ip,
          userAgent: client.userAgent,
        },
        move,
      ),
    stepNotOpen,
  );
  return to;
}
