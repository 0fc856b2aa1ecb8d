import { useQuery } from '@tanstack/react-query';
import { getFieldValues } from '../../../api/get-field-values';
import { FORM_FIELDS } from '../lib/fields';
import { aboutYourselfKeys } from './keys';

/** The step's answers on file (show_field of every field), read once when the page opens. */
export function useFieldValues() {
  return useQuery({ queryKey: aboutYourselfKeys.fields, queryFn: () => getFieldValues(FORM_FIELDS), staleTime: Infinity, gcTime: 0 });
}
