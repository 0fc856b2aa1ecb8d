import { saveAndMove, stepNotOpen } from '../workflow';
import { moved, type StepHandlers } from './shared';

/** approved: whether the note is signed and the loan funded; the post opens the e-signature. */
export const approved = {
  async data({ ctx, member }) {
    const [signature, loan, application] = await Promise.all([
      ctx.repos.esignature.latest(member.id),
      ctx.repos.backoffice.latestLoan(member.id),
      ctx.repos.application.activeApplication(member.id),
    ]);
    return { signed: Boolean(signature), funded: Boolean(loan), loan_identifier: loan?.identifier ?? null, amount: application?.amountCents ?? null };
  },
  async post({ ctx, member }) {
    if (await ctx.repos.esignature.latest(member.id)) throw stepNotOpen(member.workflowStatus);
    return moved(await saveAndMove(ctx, member, {}, 'esignature_needed', 'system', { newFlow: true }));
  },
} satisfies StepHandlers;
