import { ESIGN_MSG } from '@payrail/contract/esignature';
import { normalizeSignatureName, signatureMatchesName } from '@payrail/domain/esign/signature';
import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import type { ClientInfo } from '../../identity/client';
import type { MemberRow } from '../../../db/rows';
import { commitMove, moved, planMove, requireStatus } from '../../workflow/move';
import { agreementsToSign, borrowerDocumentUrl, PROMISSORY_NOTE } from '../agreements';
import { renderPromissoryNote } from '../promissory-note-pdf';
import { prepareNote } from './prepare-note';

/** Where a signed note's bytes live: random, server-made (the storage key rules of documents). */
function newStorageKey(): string {
  const id = randomBytes(16).toString('hex');
  return `esign/${id.slice(0, 2)}/${id}`;
}

/**
 * POST /esignature/sign: the borrower adopts their typed full name as signature (it must equal the
 * profile's first and last name, ignoring case and extra spaces). Stamps the name, time and IP into the
 * promissory note built from the loan engine's figures, stores the PDF sealed, and records in one
 * transaction the ESIGN audit row (SHA-256 of the PDF, time, IP, user agent, the figures), acceptance of
 * every agreement on the page, and the move esignature_needed (or refinancing_esignature) →
 * application_submitted. A lost race removes the stored bytes again.
 */
export async function signPromissoryNote(ctx: AppContext, member: MemberRow, typedName: string, client: ClientInfo) {
  const from = requireStatus(member, ['esignature_needed', 'refinancing_esignature']);
  const note = await prepareNote(ctx, member.id);
  if (!signatureMatchesName(typedName, note.fullName)) throw AppError.fields({ signature_name: [ESIGN_MSG.nameMismatch] });
  const docs = await agreementsToSign(ctx, member.id);
  const terms = docs.find((d) => d.name === PROMISSORY_NOTE)!;
  // A new-flow application is approved before it is signed: signing returns it to approved (the server's move).
  const move = member.newFlow ? await planMove(ctx, member, 'approved', { actor: 'system' }) : await planMove(ctx, member, 'application_submitted');

  const signedAt = move.at;
  const name = normalizeSignatureName(note.fullName);
  const pdf = Buffer.from(
    await renderPromissoryNote({
      borrowerName: name,
      figures: note.figures,
      schedule: note.schedule,
      terms,
      at: signedAt,
      signature: { name, signedAt, ip: client.ip },
    }),
  );
  const storageKey = newStorageKey();
  await ctx.providers.storage.put(storageKey, (await ctx.cryptoBox()).sealBytes(pdf, storageKey), 'application/octet-stream');
  const dropFile = () => ctx.providers.storage.delete(storageKey).catch(() => undefined);
  // A failed or lost signature leaves no stored file behind.
  const signed = await commitMove(ctx, member, async () => {
    try {
      const row = await ctx.repos.esignature.sign(
        {
          userId: member.id,
          agreementDocumentId: terms.id,
          signedInStatus: from,
          signatureName: normalizeSignatureName(typedName),
          storageKey,
          sha256: createHash('sha256').update(pdf).digest('hex'),
          byteSize: pdf.length,
          figures: note.figures,
          signedAt,
          ip: client.ip,
          userAgent: client.userAgent,
        },
        docs.map((d) => d.id),
        move,
      );
      if (!row) await dropFile();
      return row;
    } catch (err) {
      await dropFile();
      throw err;
    }
  });
  return {
    ...moved(move.to),
    document: { id: terms.id, file_url: borrowerDocumentUrl(terms.id), sha256: signed.sha256, signed_at: signed.signedAt.toISOString() },
  };
}
