import { FIELD_MSG } from '@payrail/contract/messages';
import { AppError } from '../../../errors';
import { sendPhoneCode } from '../../identity/use-cases/send-phone-code';
import { verifyPhone } from '../../identity/use-cases/verify-phone';
import { updateActiveApplication } from '../../application/applications';
import { saveAndMove } from '../workflow';
import { moved, payloadOf, type StepHandlers } from './shared';

/** phone_validation: a number sends a code (201); number and code confirm the phone and submit the application. */
export const phoneValidation = {
  async data({ nf, borrower }) {
    return { number: borrower?.phone ?? nf?.phone ?? null, confirmed: borrower?.phoneConfirmedAt != null };
  },
  async post({ ctx, member, body }) {
    const p = payloadOf('phone_validation', body);
    if (!p.phone.code) {
      await sendPhoneCode(ctx, member, p.phone.number, 'application');
      return { status: 201, body: { new_status: 'phone_validation', finalized_application: false, code_sent: true } };
    }
    if (p.phone.code.length < 3) throw AppError.fields({ phone: [FIELD_MSG.invalid] });
    await verifyPhone(ctx, member, p.phone.number, p.phone.code, 'application');
    const at = ctx.now();
    await updateActiveApplication(ctx, member.id, { submittedAt: at }, at);
    return moved(await saveAndMove(ctx, member, {}, 'application_submitted', 'borrower', { phoneConfirmed: true }));
  },
} satisfies StepHandlers;
