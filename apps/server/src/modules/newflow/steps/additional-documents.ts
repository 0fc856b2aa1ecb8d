import { FIELD_MSG } from '@payrail/contract/messages';
import { NEWFLOW_MSG, PROOF_OF_ADDRESS_MAX_AGE_DAYS } from '@payrail/contract/newflow';
import { compareIsoDates, utcDay } from '@payrail/domain/dates';
import { checkProofOfAddress } from '@payrail/domain/validation/proof-of-address';
import { AppError } from '../../../errors';
import { checkStatedProof, recordStatedProof } from '../../documents/proof-of-address';
import { findProfile } from '../../application/applications';
import { liveDocuments } from '../../documents/live-documents';
import { storeUpload } from '../uploads';
import { saveAndMove } from '../workflow';
import { moved, payloadOf, type StepHandlers } from './shared';

export const NEWFLOW_REQUIRED_DOCUMENTS = ['driver_license', 'proof_of_address', 'selfie_photo'] as const;

/** additional_documents: uploads (each stays on the step), then Continue once every required type is on file. */
export const additionalDocuments = {
  async data({ ctx, member, profile }) {
    const docs = (await liveDocuments(ctx, member.id)).filter((d) => (NEWFLOW_REQUIRED_DOCUMENTS as readonly string[]).includes(d.documentTypeName));
    return {
      required_documents: [...NEWFLOW_REQUIRED_DOCUMENTS],
      uploaded: docs.map((d) => ({ file_type: d.documentTypeName, id: d.id, filename: d.fileName, file_extension: d.contentType })),
      address: { address: profile?.address ?? null, zip_code: profile?.zipCode ?? null },
      proof_of_address_max_age_days: PROOF_OF_ADDRESS_MAX_AGE_DAYS,
    };
  },
  async post({ ctx, member, body }) {
    const p = payloadOf('additional_documents', body);
    const uploads = [p.driver_license, p.proof_of_address, p.selfie_photo].filter(Boolean);
    if (p.proof_of_address) {
      if (!p.proof_of_address_facts) throw AppError.fields({ proof_of_address_facts: [FIELD_MSG.blank] });
      await checkStatedProof(ctx, member.id, p.proof_of_address_facts, 'proof_of_address');
    }
    if (uploads.length > 0) {
      if (p.driver_license) await storeUpload(ctx, member.id, 'driver_license', p.driver_license, 'driver_license');
      if (p.selfie_photo) await storeUpload(ctx, member.id, 'selfie_photo', p.selfie_photo, 'selfie_photo');
      if (p.proof_of_address && p.proof_of_address_facts) {
        const doc = await storeUpload(ctx, member.id, 'proof_of_address', p.proof_of_address, 'proof_of_address');
        await recordStatedProof(ctx, member.id, doc.id, p.proof_of_address_facts);
      }
      return moved('additional_documents');
    }
    // Continue: every required type on file, and the proof of address still within 45 days today.
    const live = new Set((await liveDocuments(ctx, member.id)).map((d) => d.documentTypeName));
    if (!NEWFLOW_REQUIRED_DOCUMENTS.every((t) => live.has(t))) throw AppError.fields({ documents: [NEWFLOW_MSG.documentsMissing] });
    const nf = await ctx.repos.newflow.find(member.id);
    if (nf?.proofStatementDate && compareIsoDates(nf.proofStatementDate, utcDay(ctx.now())) <= 0) {
      const profile = await findProfile(ctx, member.id);
      const again = checkProofOfAddress(
        nf.proofStatementDate,
        { address: nf.proofAddress ?? '', zipCode: nf.proofZip ?? '' },
        { address: profile?.address ?? '', zipCode: profile?.zipCode ?? '' },
        utcDay(ctx.now()),
      );
      if (!again.ok)
        throw AppError.fields({
          proof_of_address: [again.code === 'proof_of_address_mismatch' ? NEWFLOW_MSG.proofOfAddressMismatch : NEWFLOW_MSG.proofOfAddressTooOld],
        });
    }
    return moved(await saveAndMove(ctx, member, {}, 'loan_offer'));
  },
} satisfies StepHandlers;
