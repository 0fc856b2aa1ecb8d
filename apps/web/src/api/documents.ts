import { useQuery } from '@tanstack/react-query';
import { FILE_UNAVAILABLE_CODE, ZDocument, ZRequiredDocuments } from '@payrail/contract/documents';
import type { DocumentTypeName, TDocument, TRequiredDocuments } from '@payrail/contract/documents';
import { z } from 'zod';
import type { FileUploader } from '@payrail/ui/file-upload';
import { apiClient } from '../lib/api-client';
import { isApiError } from '@payrail/client/http-client';

/**
 * The borrower's documents (classic-application-flow.md §7): list by type, multipart upload with
 * progress, delete, and opening a file (served only with the session token, so it is fetched and shown
 * as a blob URL). Shared by every step that asks for files: documents, review, feedback, allotment,
 * bank statement.
 */

const ZDocumentList = z.array(ZDocument);

export const documentsQueryKey = (type?: DocumentTypeName) => ['documents', type ?? 'all'] as const;
export const requiredDocumentsQueryKey = ['required_documents'] as const;

export function listDocuments(type?: DocumentTypeName): Promise<TDocument[]> {
  return apiClient.get('/documents', { base: 'flow', query: type ? { document_type_name: type } : undefined, schema: ZDocumentList });
}

export function useDocuments(type?: DocumentTypeName, options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: documentsQueryKey(type), queryFn: () => listDocuments(type), enabled: options.enabled ?? true });
}

export function getRequiredDocuments(): Promise<TRequiredDocuments> {
  return apiClient.get('/required_documents', { base: 'flow', schema: ZRequiredDocuments });
}

export function useRequiredDocuments() {
  return useQuery({ queryKey: requiredDocumentsQueryKey, queryFn: getRequiredDocuments });
}

/** POST /documents (multipart `document[document_type_name]`, `document[file]`) for one type. */
export function documentUploader(type: DocumentTypeName, fields: Readonly<Record<string, string>> = {}): FileUploader<TDocument> {
  return (file, { onProgress, signal }) => {
    const form = new FormData();
    // The type and the other text parts go first: the server reads them before it streams the file.
    form.append('document[document_type_name]', type);
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('document[file]', file);
    return apiClient.upload('/documents', form, { base: 'flow', onProgress, signal, schema: ZDocument });
  };
}

export function deleteDocument(id: number): Promise<unknown> {
  return apiClient.delete(`/documents/${id}`, { base: 'flow' });
}

/** The file's bytes as an object URL (revoke it when done). */
export async function documentObjectUrl(document: Pick<TDocument, 'id'>): Promise<string> {
  const blob = await apiClient.get<Blob>(`/documents/${document.id}`, { base: 'flow', responseType: 'blob' });
  return URL.createObjectURL(blob);
}

/**
 * The server's own words when a file's stored copy is missing (404 `code: 'file_unavailable'`, which says
 * what to do: contact support), else `fallback`.
 */
export function downloadFailure(error: unknown, fallback: string): string {
  if (isApiError(error) && typeof error.data === 'object' && error.data !== null && (error.data as { code?: unknown }).code === FILE_UNAVAILABLE_CODE) {
    return error.serverMessage ?? fallback;
  }
  return fallback;
}

/** The server's refusal of an upload (type by content, size, blank), else a retry message. */
export function uploadErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    const message = error.fieldError('file') ?? error.fieldError('document_type_name') ?? error.serverMessage;
    if (message) return message;
  }
  return 'We could not upload your file. Please refresh the page and try again.';
}
