import type { TRequiredDocuments } from '@payrail/contract/documents';
import type { AppContext } from '../../../context';
import { findBorrower } from '../../identity/members';
import { findEmployer } from '../../reference/reference-data';

/**
 * GET /required_documents: the Documents step asks for the four types of every applicant. A partner
 * employer's staff (b2b_partner) are asked for the same four but may continue without them (classic §1,
 * §5), which `optional: true` says.
 */
export async function getRequiredDocuments(ctx: AppContext, userId: number): Promise<TRequiredDocuments> {
  const borrower = await findBorrower(ctx, userId);
  const employer = borrower?.employerId ? await findEmployer(ctx, borrower.employerId) : undefined;
  return { driver_license: true, pay_stub: true, proof_of_address: true, selfie_photo: true, optional: employer?.partnership === 'b2b_partner' };
}
