import { BANK_MSG, type TBankInformation, type TBankUpdateFieldRequest } from '@payrail/contract/banking';
import { FIELD_MSG } from '@payrail/contract/messages';
import { maskAccountNumber, validateAccountNumber } from '@payrail/domain/validation/account-number';
import { isMasked } from '@payrail/domain/validation/mask';
import type { AppContext } from '../../../context';
import { AppError, type FieldErrors } from '../../../errors';
import type { MemberRow } from '../../../db/rows';
import { findBank, openAccountNumber, sealAccountNumber, toBankInformation } from '../bank-accounts';
import type { BankAccountPatch } from '../repository';
import { BANK_EDIT_STATUSES } from '../bank-statuses';
import { requireStatus } from '../../workflow/move';

/**
 * POST /bank_informations/update_field: the manual form's auto-save, one or more fields at a time.
 * A routing number must pass the ABA checks and be a bank we know; an account number is 1–20 digits
 * (a masked value sent back unchanged is ignored). Changing a linked or verified account makes it a
 * manual, unverified one again (a new row; the old one stays as history) — it must be verified anew.
 */
export async function updateBankFields(ctx: AppContext, member: MemberRow, input: TBankUpdateFieldRequest['bank_information']): Promise<TBankInformation> {
  requireStatus(member, BANK_EDIT_STATUSES);
  const repo = ctx.repos.banking;
  const box = await ctx.cryptoBox();
  const current = await repo.currentReceiver(member.id);
  const currentNumber = current ? openAccountNumber(box, current) : null;

  const errors: FieldErrors = {};
  const patch: BankAccountPatch = {};
  if (input.account_type !== undefined && input.account_type !== current?.accountType) patch.accountType = input.account_type;
  if (input.routing_transfer_number !== undefined) {
    const bank = await findBank(ctx, input.routing_transfer_number);
    if (!bank.ok) errors.routing_transfer_number = [bank.reason === 'invalid' ? FIELD_MSG.invalid : BANK_MSG.bankNotFound];
    else if (bank.routingNumber !== current?.routingNumber) Object.assign(patch, { routingNumber: bank.routingNumber, bankName: bank.bankName });
  }
  if (input.bank_account_number !== undefined) {
    const typed = input.bank_account_number.trim();
    if (isMasked(typed)) {
      if (currentNumber === null || typed !== maskAccountNumber(currentNumber)) errors.bank_account_number = [FIELD_MSG.invalid];
    } else {
      const checked = validateAccountNumber(typed);
      if (!checked.ok) errors.bank_account_number = [FIELD_MSG.invalid];
      else if (checked.value !== currentNumber) Object.assign(patch, sealAccountNumber(box, checked.value));
    }
  }
  if (Object.keys(errors).length > 0) throw AppError.fields(errors);
  if (current && Object.keys(patch).length === 0) return toBankInformation(box, current);

  const at = ctx.now();
  if (!current || (current.source === 'manual' && current.verifiedAt === null)) {
    // The first field of a manual entry creates the draft; later fields fill it in place.
    const draft = current ?? (await repo.ensureReceiverDraft(member.id, at));
    return toBankInformation(box, await repo.updateAccount(draft.id, { ...patch, updatedAt: at }));
  }
  // A linked or verified account becomes a new manual entry, starting from what it had.
  // Without a status move the replacement cannot lose a race: it always answers the row.
  const replaced = await repo.replaceReceiver(
    {
      userId: member.id,
      usage: 'receiver',
      source: 'manual',
      accountType: current.accountType,
      routingNumber: current.routingNumber,
      bankName: current.bankName,
      accountNumberSealed: current.accountNumberSealed,
      accountNumberLast4: current.accountNumberLast4,
      ...patch,
      createdAt: at,
      updatedAt: at,
    },
    null,
  );
  return toBankInformation(box, replaced!);
}
