import { DOCUMENT_TYPES } from '@payrail/domain/underwriting/facts';
import { z } from 'zod';
import { FIELD_MSG } from './messages';

/**
 * Uploaded documents (classic flow §2 Documents, §3, §5, §7): POST/GET/DELETE /api/documents and
 * GET /api/required_documents. The upload itself is multipart (`document[file]`,
 * `document[document_type_name]`), so only its text field has a schema here.
 */

/**
 * Every type a document can be uploaded as: the domain's document types (the four required ones plus
 * those a reviewer may ask for), then the supporting documents of a hardship request (docs/hardship.md),
 * never asked for by a reviewer.
 */
export const DOCUMENT_TYPE_NAMES = [...DOCUMENT_TYPES, 'hardship_document'] as const;
export type DocumentTypeName = (typeof DOCUMENT_TYPE_NAMES)[number];

/**
 * How each document type is named wherever a person reads it: the borrower's upload slots and lists,
 * the reviewer's "ask for documents" choices in the back office.
 */
export const DOCUMENT_LABELS: Readonly<Record<DocumentTypeName, string>> = {
  driver_license: 'Driver license',
  pay_stub: 'Pay stub',
  proof_of_address: 'Proof of address',
  selfie_photo: 'Selfie photo',
  w2: 'W-2',
  bank_statement: 'Bank statement',
  social_security_document: 'Social security document',
  allotment: 'Allotment',
  hardship_document: 'Hardship supporting document',
};

/** The label of a type name as it comes over the wire; an unknown name is shown as it is. */
export function documentLabel(type: string): string {
  return (DOCUMENT_LABELS as Readonly<Record<string, string>>)[type] ?? type;
}

/** The types the Documents step asks for (GET /required_documents flags). */
export const REQUIRED_DOCUMENT_TYPES = ['driver_license', 'pay_stub', 'proof_of_address', 'selfie_photo'] as const;

/**
 * Largest accepted file: 2 MB counted as 1,000,000 bytes per MB (new-flow §5 "max 2 MB"; the classic
 * spec names no limit, so both flows share this one).
 */
export const DOCUMENT_MAX_BYTES = 2_000_000;

/** Accepted extensions, decided by the file's content (magic bytes), never by its name. */
export const DOCUMENT_EXTENSIONS = ['jpg', 'png', 'pdf'] as const;
export type DocumentExtension = (typeof DOCUMENT_EXTENSIONS)[number];

/** The upload refusals, verbatim from the spec; answered as 422 `{ errors: { file: [msg] } }`. */
export const DOCUMENT_FILE_WRONG_TYPE = 'Your file type is not accepted. Please provide a .jpg, .png or .pdf file.';
export const DOCUMENT_FILE_TOO_LARGE = 'Your file is greater than 2MB.';
export const DOCUMENT_FILE_BLANK = FIELD_MSG.blank;
/** 404 for a document that is not the caller's, was deleted, or never existed (the three look alike). */
export const DOCUMENT_NOT_FOUND = 'Document not found';
/**
 * A file whose record exists but whose stored bytes are missing (lost or not yet restored): 404
 * `{ error, code: FILE_UNAVAILABLE_CODE }`, never a bare 500. The borrower is told to contact support;
 * staff are told where to look (the back office's Storage check) and what to do.
 */
export const FILE_UNAVAILABLE_CODE = 'file_unavailable';
export const FILE_UNAVAILABLE_MSG = {
  borrower: 'This file is unavailable right now. Please contact support and we will send you a new copy.',
  /** A zip is all or nothing: one missing file refuses it (the others still download one by one). */
  borrowerZip:
    'One of the selected files is unavailable right now, so no zip was made. Download the others one by one, and contact support for a new copy of the missing one.',
  staff:
    'This file is unavailable: its stored bytes are missing. It is listed under Storage check; restore it from backup, or ask the borrower to upload it again.',
} as const;

/** Spec §2 "Documents": asked before a stored file is deleted. */
export const DOCUMENT_DELETE_QUESTION = 'Are you sure you want to delete the document?';

export const ZDocumentTypeName = z.enum(DOCUMENT_TYPE_NAMES, {
  error: (issue) => (issue.input === undefined || issue.input === '' ? FIELD_MSG.blank : FIELD_MSG.invalid),
});

/** The text part of the multipart upload, after the `document[…]` wrapper is taken off. */
export const ZDocumentUploadFields = z.object({ document_type_name: ZDocumentTypeName });
export type TDocumentUploadFields = z.infer<typeof ZDocumentUploadFields>;

/** An uploaded document: POST /documents answers one (201), GET /documents a list. */
export const ZDocument = z.object({
  id: z.number().int(),
  /** The name the file was uploaded with, cleaned (no path, no control characters) and with the extension of its real type. */
  file_name: z.string(),
  /** Where the owner downloads it: `/api/documents/{id}` (needs the Authorization header; fetch it and show a blob URL). */
  file_url: z.string(),
  /** Bytes. */
  file_size: z.number().int(),
  /** The type found in the content: jpg, png or pdf. */
  file_extension: z.enum(DOCUMENT_EXTENSIONS),
  document_type_name: ZDocumentTypeName,
});
export type TDocument = z.infer<typeof ZDocument>;

/** GET /documents?document_type_name= (optional filter). */
export const ZDocumentListQuery = z.object({ document_type_name: ZDocumentTypeName.optional() });

/** GET/DELETE /documents/{id}. */
export const ZDocumentParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/**
 * GET /required_documents: which types the Documents step asks for. `optional` is not a type: it is
 * true when the member's employer is a partner (b2b_partner), whose employees may continue without them.
 */
export const ZRequiredDocuments = z.object({
  driver_license: z.boolean(),
  pay_stub: z.boolean(),
  proof_of_address: z.boolean(),
  selfie_photo: z.boolean(),
  optional: z.boolean(),
});
export type TRequiredDocuments = z.infer<typeof ZRequiredDocuments>;

/** Where a stored file's record lives: an uploaded document, a signed promissory note, a signed due-date change agreement, a signed payment plan. */
export const STORED_FILE_SOURCES = ['document', 'signed_note', 'due_date_change_agreement', 'payment_plan_agreement'] as const;
export type StoredFileSource = (typeof STORED_FILE_SOURCES)[number];

/** GET /api/backoffice/storage_check: one file whose record exists but whose bytes are missing. */
export const ZStorageCheckItem = z.object({
  source: z.enum(STORED_FILE_SOURCES),
  /** The record's id in its own table (`documents`, `esignatures`, `due_date_change_requests`). */
  id: z.number().int(),
  user_id: z.number().int(),
  /** "First Last", or null before the member gave a name. */
  member_name: z.string().nullable(),
  member_email: z.string(),
  /** The document type (`pay_stub`, …) for an upload; the source otherwise. */
  kind: z.string(),
  created_at: z.string(),
});
export type TStorageCheckItem = z.infer<typeof ZStorageCheckItem>;

/** Every live stored file is checked against storage, newest record first among the missing. */
export const ZStorageCheckResponse = z.object({ checked: z.number().int(), missing: z.array(ZStorageCheckItem), checked_at: z.string() });
export type TStorageCheckResponse = z.infer<typeof ZStorageCheckResponse>;
