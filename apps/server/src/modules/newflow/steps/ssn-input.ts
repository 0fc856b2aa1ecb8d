import { NEWFLOW_MSG } from '@payrail/contract/newflow';
import { ssnDigits, validateSsn } from '@payrail/domain/validation/ssn';
import { AppError } from '../../../errors';
import { findAgreementDocument } from '../../reference/reference-data';
import { recordAcceptance } from '../../esignature/agreements';
import { saveAndMove } from '../workflow';
import { moved, payloadOf, saveProfileFields, type StepHandlers } from './shared';

/**
 * ssn_input. The page says that "Check my rate" authorizes the soft credit pull (FCRA 604(a)(2): the
 * consumer's written instructions), so the post records the Credit Pull Authorization as accepted
 * (time, IP, browser) before the rate check can pull anything.
 */
export const ssnInput = {
  async post({ ctx, member, body, client }) {
    const b = payloadOf('ssn_input', body).loan_borrower;
    // The new flow's SSN form refuses every 9xx area (spec §5 "excluded in certain forms").
    const ssn = validateSsn(b.social_security_number, { nineHundreds: 'all' });
    if (!ssn.ok) throw AppError.fields({ social_security_number: [NEWFLOW_MSG.ssnInvalid] });
    if (b.social_security_number_confirmation !== undefined && ssnDigits(b.social_security_number_confirmation) !== ssn.value) {
      throw AppError.fields({ social_security_number_confirmation: [NEWFLOW_MSG.ssnMismatch] });
    }
    await saveProfileFields(ctx, member, { social_security_number: ssn.value });
    const authorization = await findAgreementDocument(ctx, 'credit_pull_authorization', null);
    if (!authorization) throw new Error('the credit_pull_authorization agreement document is not seeded');
    await recordAcceptance(ctx, {
      userId: member.id,
      agreementDocumentId: authorization.id,
      at: ctx.now(),
      ip: client.ip,
      userAgent: client.userAgent,
    });
    const to = await saveAndMove(ctx, member, {}, 'rate_check');
    // The decision job opens with the step, so the first 5-second poll usually finds it decided.
    await ctx.repos.newflow.openRateCheck(member.id, ctx.now());
    return moved(to);
  },
} satisfies StepHandlers;
