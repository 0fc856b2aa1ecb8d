import type { TProfile } from '@payrail/contract/profile';
import { maskSsn } from '@payrail/domain/validation/ssn';
import type { AppContext } from '../../../context';
import { SSN_AAD } from '../../application/field-rules';
import type { MemberRow } from '../../../db/rows';
import { findBorrower } from '../../identity/members';
import { findEmployer, findState } from '../../reference/reference-data';
import { findProfile } from '../../application/applications';

/**
 * GET /users/info (newflow §3 Profile): the account, the borrower's names, date of birth, masked SSN,
 * phone, employer, address with its state, and the payments made on the opened loan.
 */
export async function getProfile(ctx: AppContext, member: MemberRow): Promise<TProfile> {
  const [borrower, profile, box, installmentsPaid] = await Promise.all([
    findBorrower(ctx, member.id),
    findProfile(ctx, member.id),
    ctx.cryptoBox(),
    ctx.hooks.profile.openedLoanInstallmentsPaid(ctx, member),
  ]);
  const [employer, state] = await Promise.all([
    borrower?.employerId ? findEmployer(ctx, borrower.employerId) : undefined,
    borrower?.stateId ? findState(ctx, String(borrower.stateId)) : undefined,
  ]);
  return {
    user: { email: member.email, avatar: member.avatar },
    borrower: {
      first_name: borrower?.firstName ?? null,
      last_name: borrower?.lastName ?? null,
      date_of_birth: profile?.dateOfBirth ?? null,
      social_security_number: profile?.ssnSealed ? maskSsn(box.open(profile.ssnSealed, SSN_AAD)) : null,
      phone: borrower?.phone ?? null,
      phone_confirmed: borrower?.phoneConfirmedAt != null,
      employer: employer ? { id: employer.id, name: employer.name } : null,
      zip_code: profile?.zipCode ?? null,
      unit_number: profile?.unitNumber ?? null,
      address: profile?.address ?? null,
      city: profile?.city ?? null,
      state: state ? { id: state.id, name: state.name, abbreviation: state.abbreviation } : null,
      total_allotments_paid: installmentsPaid,
    },
  };
}
