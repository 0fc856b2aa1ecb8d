import { useQuery } from '@tanstack/react-query';
import { ZLoanDocumentsResponse } from '@payrail/contract/servicing';
import type { TLoanDocument } from '@payrail/contract/servicing';
import { isApiError } from '@payrail/client/http-client';
import { apiClient } from '../../../lib/api-client';
import { SERVICING_KEY } from './keys';

/** GET /loans/{id}/documents. Silent on failure (empty). */
export async function getLoanDocuments(loanId: number): Promise<TLoanDocument[]> {
  try {
    return (await apiClient.get(`/loans/${loanId}/documents`, { base: 'dashboard', schema: ZLoanDocumentsResponse })).documents;
  } catch (error) {
    if (isApiError(error) && error.status !== 401 && error.status !== 503) return [];
    throw error;
  }
}

export function useLoanDocuments(loanId: number | null) {
  return useQuery({ queryKey: [...SERVICING_KEY, 'documents', loanId], queryFn: () => getLoanDocuments(loanId ?? 0), enabled: loanId !== null, retry: false });
}

/** A signed loan document (note, agreement): downloaded by id and zipped; other listed documents (statements) carry their own address. */
export const isSignedLoanDocument = (document: TLoanDocument): boolean => document.file_url.startsWith('/api/loans/documents/download/');
