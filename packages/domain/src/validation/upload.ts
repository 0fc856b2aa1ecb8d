/**
 * File uploads: accepted types and size limits.
 *
 * - New-flow documents (new flow §5): `.png .jpg .jpeg .pdf`, at most 2 MB where the spec counts
 *   1,000,000 bytes per MB (so 2,000,000 bytes). Too large, wrong type, or both (a combined message).
 * - Classic documents (classic §5/§9): `.jpg .png .pdf` (JPEG, PNG, PDF); the spec sets no size limit.
 * - Profile photo (access §5, new flow §5): png, jpeg or jpg, at most 5 MB = 5,242,880 bytes (binary MB).
 *
 * The type is judged on the file name's extension (case-insensitive) and, when the browser sent one,
 * on the MIME type too: both must be accepted. An empty file (0 bytes) is refused (`file_empty`, an
 * addition: the spec has no message for it).
 */
import { invalid, valid } from './result';
import type { Validation } from './result';

/** What an upload policy accepts. */
export interface UploadPolicy {
  /** Accepted extensions, lowercase with the dot. */
  readonly extensions: readonly string[];
  /** Accepted MIME types (checked only when the client sent one). */
  readonly mimeTypes: readonly string[];
  /** Maximum size in bytes, or `null` for no limit. */
  readonly maxBytes: number | null;
}

/** A file as the rules see it. */
export interface UploadCandidate {
  /** The file name as sent (only its extension matters). */
  readonly name: string;
  /** Size in bytes. */
  readonly sizeBytes: number;
  /** The MIME type the client declared, if any. */
  readonly mimeType?: string | null;
}

/** Bytes per MB in the new-flow document rule (the spec's 1,000,000). */
export const DOCUMENT_MB_BYTES = 1_000_000;

/** Bytes per MB in the profile-photo rule (5 MB = 5,242,880 bytes). */
export const AVATAR_MB_BYTES = 1_048_576;

const DOCUMENT_MIME_TYPES = ['image/png', 'image/jpeg', 'image/jpg', 'application/pdf'] as const;

/** New-flow documents: .png .jpg .jpeg .pdf, at most 2,000,000 bytes. */
export const NEW_FLOW_DOCUMENT_POLICY: UploadPolicy = Object.freeze({
  extensions: Object.freeze(['.png', '.jpg', '.jpeg', '.pdf']),
  mimeTypes: Object.freeze([...DOCUMENT_MIME_TYPES]),
  maxBytes: 2 * DOCUMENT_MB_BYTES,
});

/** Classic documents: .jpg .png .pdf, no size limit in the spec. */
export const CLASSIC_DOCUMENT_POLICY: UploadPolicy = Object.freeze({
  extensions: Object.freeze(['.jpg', '.png', '.pdf']),
  mimeTypes: Object.freeze([...DOCUMENT_MIME_TYPES]),
  maxBytes: null,
});

/** Profile photo: png, jpeg or jpg, at most 5,242,880 bytes. */
export const AVATAR_POLICY: UploadPolicy = Object.freeze({
  extensions: Object.freeze(['.png', '.jpeg', '.jpg']),
  mimeTypes: Object.freeze(['image/png', 'image/jpeg', 'image/jpg']),
  maxBytes: 5 * AVATAR_MB_BYTES,
});

/** Failure codes of a document upload. */
export type DocumentUploadCode = 'file_empty' | 'file_too_large' | 'file_type_not_accepted' | 'file_too_large_and_type_not_accepted';

/** Failure codes of a profile-photo upload. */
export type AvatarUploadCode = 'file_empty' | 'photo_wrong_type' | 'photo_too_large';

/** The lowercase extension of a file name with its dot (`'Scan.PDF'` → `'.pdf'`), or `''` when none. */
export function fileExtension(name: string): string {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot).toLowerCase();
}

/** True when both the extension and (if declared) the MIME type are accepted by the policy. */
export function isAcceptedType(file: UploadCandidate, policy: UploadPolicy): boolean {
  if (!policy.extensions.includes(fileExtension(file.name))) return false;
  const mime = file.mimeType?.trim().toLowerCase();
  return mime === undefined || mime === '' || policy.mimeTypes.includes(mime);
}

/** True when the file is within the policy's size limit. */
export function isWithinSizeLimit(file: UploadCandidate, policy: UploadPolicy): boolean {
  return policy.maxBytes === null || file.sizeBytes <= policy.maxBytes;
}

/** The upload policy for documents of a flow. */
export function documentPolicy(flow: 'classic' | 'newflow'): UploadPolicy {
  return flow === 'classic' ? CLASSIC_DOCUMENT_POLICY : NEW_FLOW_DOCUMENT_POLICY;
}

/** Checks a document upload for a flow; an invalid file is discarded by the caller. */
export function checkDocumentUpload(file: UploadCandidate, flow: 'classic' | 'newflow'): Validation<UploadCandidate, DocumentUploadCode> {
  const policy = documentPolicy(flow);
  if (file.sizeBytes <= 0) return invalid('file_empty');
  const typeOk = isAcceptedType(file, policy);
  const sizeOk = isWithinSizeLimit(file, policy);
  if (!typeOk && !sizeOk) return invalid('file_too_large_and_type_not_accepted');
  if (!typeOk) return invalid('file_type_not_accepted');
  if (!sizeOk) return invalid('file_too_large');
  return valid(file);
}

/** Checks a profile-photo upload (type first, then size). */
export function checkAvatarUpload(file: UploadCandidate): Validation<UploadCandidate, AvatarUploadCode> {
  if (file.sizeBytes <= 0) return invalid('file_empty');
  if (!isAcceptedType(file, AVATAR_POLICY)) return invalid('photo_wrong_type');
  if (!isWithinSizeLimit(file, AVATAR_POLICY)) return invalid('photo_too_large');
  return valid(file);
}
