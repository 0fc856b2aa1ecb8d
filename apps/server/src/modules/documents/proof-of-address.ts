import { NEWFLOW_MSG } from '@payrail/contract/newflow';
import type { IsoDate } from '@payrail/domain/dates';
import { checkProofOfAddress } from '@payrail/domain/validation/proof-of-address';
import { parseIsoDate, utcDay } from '@payrail/domain/dates';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';

/** What the applicant states about a proof of address: the date printed on it and the address on it. */
export type StatedProof = { statement_date: string; address: string; zip_code: string };

/**
 * Checks a stated proof of address (both flows): dated within 45 days of the business day and not in the
 * future, showing the application's address (street line, unit, 5-digit ZIP; USPS-style normalisation).
 * Refusals are 422 under `key` with the stable texts of NEWFLOW_MSG.
 */
export async function checkStatedProof(ctx: AppContext, userId: number, stated: StatedProof, key: string): Promise<void> {
  const profile = await ctx.hooks.documents.applicationAddress(ctx, userId);
  const check = checkProofOfAddress(
    stated.statement_date as IsoDate,
    { address: stated.address, zipCode: stated.zip_code, unitNumber: profile?.unitNumber ?? null },
    { address: profile?.address ?? '', zipCode: profile?.zipCode ?? '', unitNumber: profile?.unitNumber ?? null },
    utcDay(ctx.now()),
  );
  if (check.ok) return;
  const message =
    check.code === 'proof_of_address_future_dated'
      ? NEWFLOW_MSG.proofOfAddressFuture
      : check.code === 'proof_of_address_too_old'
        ? NEWFLOW_MSG.proofOfAddressTooOld
        : NEWFLOW_MSG.proofOfAddressMismatch;
  throw AppError.fields({ [key]: [message] });
}

/** Records the stated facts next to the stored file (the back office shows them to the reviewer). */
export async function recordStatedProof(ctx: AppContext, userId: number, documentId: number, stated: StatedProof): Promise<void> {
  const at = ctx.now();
  await ctx.hooks.documents.statedProofRecorded(
    ctx,
    userId,
    { proofDocumentId: documentId, proofStatementDate: parseIsoDate(stated.statement_date), proofAddress: stated.address, proofZip: stated.zip_code },
    at,
  );
}
