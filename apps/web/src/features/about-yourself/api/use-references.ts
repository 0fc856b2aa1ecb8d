import { useQuery } from '@tanstack/react-query';
import { getReferences } from '../../../api/get-references';
import { aboutYourselfKeys } from './keys';

/** The two references on file, read once when the page opens. */
export function useReferences() {
  return useQuery({ queryKey: aboutYourselfKeys.references, queryFn: getReferences, staleTime: Infinity, gcTime: 0 });
}
