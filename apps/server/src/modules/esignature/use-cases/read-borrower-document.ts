import { FILE_UNAVAILABLE_MSG } from '@payrail/contract/documents';
import { ESIGN_MSG } from '@payrail/contract/esignature';
import { createHash } from 'node:crypto';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { openStoredFile } from '../../documents/stored-file';
import { agreementPdf } from '../../../lib/agreement-render';
import type { MemberRow } from '../../../db/rows';
import { PROMISSORY_NOTE } from '../agreements';
import { renderPromissoryNote } from '../promissory-note-pdf';
import { prepareNote } from './prepare-note';
import { findAgreementDocumentById } from '../../reference/reference-data';

const SIGNING_STATUSES: readonly string[] = ['esignature_needed', 'refinancing_esignature'];

/**
 * GET /borrower_agreement_documents/{id}: the member's copy of an agreement document as a PDF. For the
 * promissory note terms: while the member is signing, the UNSIGNED note with the current figures; after
 * signing, the stored SIGNED note (checked against its recorded SHA-256). Other documents are the plain
 * document.
 */
export async function readBorrowerDocument(ctx: AppContext, member: MemberRow, id: number): Promise<{ fileName: string; bytes: Buffer }> {
  const doc = await findAgreementDocumentById(ctx, id);
  if (!doc) throw AppError.notFound(ESIGN_MSG.notFound);
  if (doc.name !== PROMISSORY_NOTE) return { fileName: `${doc.name}-${doc.version}.pdf`, bytes: Buffer.from(await agreementPdf(doc)) };

  const latest = SIGNING_STATUSES.includes(member.workflowStatus) ? undefined : await ctx.repos.esignature.latest(member.id);
  if (latest) {
    const bytes = await openStoredFile(ctx, latest.storageKey, { source: 'signed_note', id: latest.id }, FILE_UNAVAILABLE_MSG.borrower);
    if (createHash('sha256').update(bytes).digest('hex') !== latest.sha256) throw new Error(`signed note ${latest.id} does not match its SHA-256`);
    return { fileName: `promissory-note-signed-${latest.signedAt.toISOString().slice(0, 10)}.pdf`, bytes };
  }
  const note = await prepareNote(ctx, member.id);
  const bytes = await renderPromissoryNote({ borrowerName: note.fullName, figures: note.figures, schedule: note.schedule, terms: doc, at: ctx.now() });
  return { fileName: 'promissory-note-unsigned.pdf', bytes: Buffer.from(bytes) };
}
