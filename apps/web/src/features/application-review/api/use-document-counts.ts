import { useQueries } from '@tanstack/react-query';
import type { DocumentTypeName } from '@payrail/contract/documents';
import { documentsQueryKey, listDocuments } from '../../../api/documents';

/** Files on file per type (GET documents of each type), sharing the upload widgets' cache so counts follow uploads and deletes. */
export function useDocumentCounts(types: readonly DocumentTypeName[]) {
  return useQueries({
    queries: types.map((type) => ({ queryKey: documentsQueryKey(type), queryFn: () => listDocuments(type) })),
    combine: (results) => ({
      loaded: results.every((result) => result.data !== undefined),
      isError: results.some((result) => result.isError),
      isFetching: results.some((result) => result.isFetching),
      refetch: () => results.forEach((result) => void (result.isError ? result.refetch() : undefined)),
      counts: Object.fromEntries(types.map((type, index) => [type, results[index]?.data?.length ?? 0])) as Partial<Record<DocumentTypeName, number>>,
    }),
  });
}
