import { useQuery } from '@tanstack/react-query';
import { getFieldValue } from '../../../api/get-field-values';

/** GET {flow}/about_yourself/show_field/military_active: true, false or not answered (null). */
export async function getMilitaryActive(): Promise<boolean | null> {
  const value = await getFieldValue('military_active');
  return typeof value === 'boolean' ? value : null;
}

export function useMilitaryActive() {
  return useQuery({ queryKey: ['employer', 'military_active'], queryFn: getMilitaryActive, staleTime: 0 });
}
