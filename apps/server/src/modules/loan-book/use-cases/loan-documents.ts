import { createHash } from 'node:crypto';
import { FILE_UNAVAILABLE_MSG } from '@payrail/contract/documents';
import { PAYMENT_MSG } from '@payrail/contract/servicing';
import type { TLoanDocument, TLoanDocumentsResponse } from '@payrail/contract/servicing';
import { zipSync } from 'fflate';
import type { AppContext } from '../../../context';
import { AppError, FileUnavailableError } from '../../../errors';
import { openStoredFile, type StoredFileRef } from '../../documents/stored-file';
import type { MemberRow } from '../../../db/rows';
import type { StoredFile, servicingRepository } from '../repository';
import { ownLoan } from './loan-position';
import { paymentPlanDocuments } from './payment-plan-borrower';

type DocumentWithNote = Awaited<ReturnType<ReturnType<typeof servicingRepository>['documentsOf']>>[number];
type LoanIdentified = { identifier: string };

const notFound = () => new AppError('not_found', PAYMENT_MSG.documentNotFound, { extra: { error_messages: [PAYMENT_MSG.documentNotFound] } });

const fileName = (d: DocumentWithNote, loan: LoanIdentified) =>
  d.document.kind === 'signed_note'
    ? `promissory-note-${loan.identifier}-signed.pdf`
    : `due-date-change-${loan.identifier}-${String(d.document.dueDateChangeRequestId)}-signed.pdf`;

export const documentUrl = (id: number) => `/api/loans/documents/download/${String(id)}`;

function documentWire(d: DocumentWithNote, loan: LoanIdentified): TLoanDocument {
  return { id: d.document.id, file_name: fileName(d, loan), file_url: documentUrl(d.document.id), file_size: d.file.byteSize, file_extension: 'pdf' };
}

/** GET /loans/{id}/documents: the loan's documents (the signed promissory note, signed due-date change agreements), owner only. */
export async function listLoanDocuments(ctx: AppContext, member: MemberRow, loanId: number): Promise<TLoanDocumentsResponse> {
  const loan = await ownLoan(ctx, member.id, loanId);
  return {
    documents: [
      ...(await ctx.repos.loanBook.documentsOf(loan.id)).map((d) => documentWire(d, loan)),
      ...(await ctx.hooks.loanBook.loanStatementDocuments(ctx, loan.id)),
      ...(await paymentPlanDocuments(ctx, loan)),
    ],
  };
}

/**
 * The stored, sealed bytes of a signed document, checked against the SHA-256 recorded when it was signed.
 * Missing bytes answer 404 `file_unavailable` with `message` (the borrower's or the staff's words).
 */
export async function signedFileBytes(
  ctx: AppContext,
  file: StoredFile,
  ref: StoredFileRef,
  message: string,
  extra?: Record<string, unknown>,
): Promise<Buffer> {
  const bytes = await openStoredFile(ctx, file.storageKey, ref, message, extra);
  if (createHash('sha256').update(bytes).digest('hex') !== file.sha256) throw new Error(`${ref.source} ${String(file.id)} does not match its SHA-256`);
  return bytes;
}
const fileRef = (d: DocumentWithNote): StoredFileRef => ({
  source: d.document.kind === 'signed_note' ? 'signed_note' : 'due_date_change_agreement',
  id: d.file.id,
});
const noteBytes = (ctx: AppContext, d: DocumentWithNote, message: string = FILE_UNAVAILABLE_MSG.borrower) =>
  signedFileBytes(ctx, d.file, fileRef(d), message, { error_messages: [message] });

/** The member's documents among `ids`; any id that is not theirs (or does not exist) is a 404. */
async function ownDocuments(ctx: AppContext, member: MemberRow, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await ctx.repos.loanBook.documentsById(unique);
  if (rows.length !== unique.length || rows.some((r) => r.loan.userId !== member.id)) throw notFound();
  return unique.map((id) => rows.find((r) => r.document.id === id)!);
}

/** GET /loans/documents/download/{id}: one document's PDF. */
export async function downloadLoanDocument(ctx: AppContext, member: MemberRow, id: number): Promise<{ fileName: string; bytes: Buffer }> {
  const [row] = await ownDocuments(ctx, member, [id]);
  return { fileName: fileName(row!, row!.loan), bytes: await noteBytes(ctx, row!) };
}

/**
 * POST /loans/documents/download/zip: several documents in one real zip (deflated), owner only. All or
 * nothing: when any chosen file's bytes are missing no zip is made (a zip without a signed agreement could
 * pass for the complete set); the answer is 404 `file_unavailable` naming every missing one
 * (`document_ids`), and the others still download one by one.
 */
export async function zipLoanDocuments(ctx: AppContext, member: MemberRow, ids: number[]): Promise<Buffer> {
  const rows = await ownDocuments(ctx, member, ids);
  const files: Record<string, Uint8Array> = {};
  const missing: { row: DocumentWithNote; error: FileUnavailableError }[] = [];
  for (const row of rows) {
    let name = fileName(row, row.loan);
    for (let k = 2; name in files; k++) name = name.replace(/(-\d+)?\.pdf$/, `-${String(k)}.pdf`);
    try {
      files[name] = new Uint8Array(await noteBytes(ctx, row));
    } catch (error) {
      if (!(error instanceof FileUnavailableError)) throw error;
      missing.push({ row, error });
    }
  }
  if (missing.length > 0) {
    const message = FILE_UNAVAILABLE_MSG.borrowerZip;
    throw new FileUnavailableError(message, missing[0]!.error.file, { error_messages: [message], document_ids: missing.map((m) => m.row.document.id) });
  }
  return Buffer.from(zipSync(files, { level: 6 }));
}
