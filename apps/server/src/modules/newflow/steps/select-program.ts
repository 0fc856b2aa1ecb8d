import { NEWFLOW_MSG } from '@payrail/contract/newflow';
import { AppError } from '../../../errors';
import { priceNewflowOffers } from '../offers';
import { saveAndMove } from '../workflow';
import { moved, payloadOf, type StepHandlers } from './shared';
import { splitQualification } from './split-qualification';

/** select_program: split direct deposit (when the employer qualifies) or auto-debit. */
export const selectProgram = {
  async data({ ctx, member, nf }) {
    const q = await splitQualification(ctx, member.id, nf);
    const sheet = nf ? await priceNewflowOffers(ctx, member.id, nf) : null;
    return { qualified_for_split_direct_deposit: q.qualified, allow_split_auto: q.auto, discount_percentage: sheet?.discountPercentage ?? 0 };
  },
  async post({ ctx, member, nf, body }) {
    if (payloadOf('select_program', body).hasSelectedSplitDirectDeposit) {
      const q = await splitQualification(ctx, member.id, nf);
      if (!q.qualified) throw AppError.fields({ hasSelectedSplitDirectDeposit: [NEWFLOW_MSG.notQualifiedForSplit] });
      return moved(await saveAndMove(ctx, member, { program: 'split_direct_deposit' }, 'split_direct_deposit'));
    }
    return moved(await saveAndMove(ctx, member, { program: 'auto_debit' }, 'verify_bank_account'));
  },
} satisfies StepHandlers;
