import { FIELD_MSG } from '@payrail/contract/messages';
import { NEWFLOW_MSG } from '@payrail/contract/newflow';
import { PayrollLinkError } from '../../../adapters/payroll-link/port';
import { AppError } from '../../../errors';
import { toEmployer } from '../../reference/routes';
import { storeUpload } from '../uploads';
import { saveAndMove } from '../workflow';
import { moved, payloadOf, payrollSession, storedFile, type StepHandlers, type StepRead } from './shared';

/** What verify_employer and its manual page show: the employer, the payroll widget (connect) or the pay stub on file. */
async function employerVerification({ ctx, member, step, nf, employer, payrolls }: StepRead): Promise<Record<string, unknown>> {
  return {
    employer: employer ? toEmployer(employer) : null,
    payroll_link: step === 'verify_employer' ? await payrollSession(ctx, member, nf, null) : null,
    payrolls,
    pay_stub: await storedFile(ctx, member.id, nf?.payStubDocumentId ?? null),
  };
}

/** verify_employer: the payroll account the applicant connected in the widget (or skip to the pay-stub upload). */
export const verifyEmployer = {
  data: employerVerification,
  async post({ ctx, member, nf, body }) {
    const p = payloadOf('verify_employer', body);
    if (p.skip) return moved(await saveAndMove(ctx, member, {}, 'verify_employer_manual'));
    if (!p.account_id) throw AppError.fields({ account_id: [FIELD_MSG.blank] });
    if (!nf?.payrollUserId) throw AppError.fields({ account_id: [NEWFLOW_MSG.payrollNotConnected] });
    let account;
    try {
      account = await ctx.providers.payrollLink.getAccount({ accountId: p.account_id, payrollUserId: nf.payrollUserId });
    } catch (err) {
      if (err instanceof PayrollLinkError) throw AppError.fields({ account_id: [NEWFLOW_MSG.payrollNotConnected] });
      throw err;
    }
    if (!account || account.status !== 'connected') throw AppError.fields({ account_id: [NEWFLOW_MSG.payrollNotConnected] });
    const at = ctx.now();
    return moved(
      await saveAndMove(ctx, member, { payrollAccountId: account.accountId, payrollEmployer: account.employer, payrollConnectedAt: at }, 'personal_info'),
    );
  },
} satisfies StepHandlers;

/** verify_employer_manual: a pay stub instead of the payroll connection. */
export const verifyEmployerManual = {
  data: employerVerification,
  async post({ ctx, member, body }) {
    const doc = await storeUpload(ctx, member.id, 'pay_stub', payloadOf('verify_employer_manual', body).pay_stub, 'pay_stub');
    return moved(await saveAndMove(ctx, member, { payStubDocumentId: doc.id }, 'personal_info'));
  },
} satisfies StepHandlers;
