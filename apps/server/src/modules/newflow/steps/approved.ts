import { activeApplication } from '../../application/applications';
import { latestSignedNote } from '../../esignature/agreements';
import { saveAndMove, stepNotOpen } from '../workflow';
import { moved, type StepHandlers } from './shared';

/** approved: whether the note is signed and the loan funded (the back office's read, through the new flow's hook); the post opens the e-signature. */
export const approved = {
  async data({ ctx, member }) {
    const [signature, loan, application] = await Promise.all([
      latestSignedNote(ctx, member.id),
      ctx.hooks.newflow.latestLoan(ctx, member.id),
      activeApplication(ctx, member.id),
    ]);
    return { signed: Boolean(signature), funded: Boolean(loan), loan_identifier: loan?.identifier ?? null, amount: application?.amountCents ?? null };
  },
  async post({ ctx, member }) {
    if (await latestSignedNote(ctx, member.id)) throw stepNotOpen(member.workflowStatus);
    return moved(await saveAndMove(ctx, member, {}, 'esignature_needed', 'system', { newFlow: true }));
  },
} satisfies StepHandlers;
