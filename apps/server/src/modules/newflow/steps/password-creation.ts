import { FIELD_MSG } from '@payrail/contract/messages';
import { NEWFLOW_MSG } from '@payrail/contract/newflow';
import { validatePassword } from '@payrail/domain/validation/password';
import { AppError, type FieldErrors } from '../../../errors';
import { hashPassword } from '../../../lib/passwords';
import { findBorrower, referCodeExists, setPassword } from '../../identity/members';
import { saveAndMove } from '../workflow';
import { moved, payloadOf, type StepHandlers } from './shared';

/** password_creation: the account's password, and an optional referral code. */
export const passwordCreation = {
  async data({ borrower }) {
    return { refer_code: borrower?.referredBy ?? null };
  },
  async post({ ctx, member, body }) {
    const p = payloadOf('password_creation', body);
    const { password, password_confirm } = p.loan_borrower;
    const errors: FieldErrors = {};
    if (!validatePassword(password).ok) errors.password = [FIELD_MSG.passwordComplexity];
    if (password !== password_confirm) errors.password_confirm = [NEWFLOW_MSG.passwordMismatch];
    const code = p.refer_code?.trim().toUpperCase() || null;
    if (code !== null) {
      const borrower = await findBorrower(ctx, member.id);
      if (code.length <= 3 || code === borrower?.referCode || !(await referCodeExists(ctx, code))) errors.refer_code = [NEWFLOW_MSG.referralNotFound];
    }
    if (Object.keys(errors).length > 0) throw AppError.fields(errors);
    const at = ctx.now();
    await setPassword(ctx, member.id, await hashPassword(password), at);
    if (code !== null) await ctx.repos.newflow.setReferredBy(member.id, code, at);
    return moved(await saveAndMove(ctx, member, {}, 'phone_validation'));
  },
} satisfies StepHandlers;
