import { NEWFLOW_MSG, NEWFLOW_UPLOAD_MAX_BYTES } from '@payrail/contract/newflow';
import type { TNewflowUpload } from '@payrail/contract/newflow';

/** Accepted files (newflow §5): .png .jpg .jpeg .pdf, at most 2 MB (1,000,000 bytes per MB). */
export const NEWFLOW_ACCEPT = ['.png', '.jpg', '.jpeg', '.pdf', 'image/png', 'image/jpeg', 'application/pdf'] as const;
const EXTENSIONS = ['.png', '.jpg', '.jpeg', '.pdf'];

export function hasAcceptedExtension(name: string): boolean {
  const lower = name.toLowerCase();
  return EXTENSIONS.some((extension) => lower.endsWith(extension));
}

/**
 * The §5 upload refusal for a file, or null when it may be sent: too large, wrong type, or the
 * combined message when both hold. An invalid file is discarded (never sent).
 */
export function uploadRefusal(file: { name: string; size: number }): string | null {
  const tooLarge = file.size > NEWFLOW_UPLOAD_MAX_BYTES;
  const wrongType = !hasAcceptedExtension(file.name);
  if (tooLarge && wrongType) return NEWFLOW_MSG.fileTooLargeAndWrongType;
  if (tooLarge) return NEWFLOW_MSG.fileTooLarge;
  if (wrongType) return NEWFLOW_MSG.fileWrongType;
  return null;
}

/** Reads a file as a base64 data URL (newflow §3 "file (base64 data URL)"). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/** The upload payload of §3: `file` data URL, `file_extension` the mime type, `file_type`, `filename`. */
export async function toUpload(file: File, fileType: TNewflowUpload['file_type']): Promise<TNewflowUpload> {
  return { file: await readAsDataUrl(file), file_extension: file.type, file_type: fileType, filename: file.name };
}
