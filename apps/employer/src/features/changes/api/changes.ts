import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZEmployeeChange, ZEmployeeChanges } from '@payrail/contract/employer-deductions';
import type { TEmployeeChange, TEmployeeChangeRequest, TEmployeeChanges } from '@payrail/contract/employer-deductions';
import { portalApi } from '../../../lib/api-client';

const key = ['employer', 'changes'] as const;

/** GET /changes: the changes this employer reported, newest first. */
export function useChanges() {
  return useQuery({ queryKey: key, queryFn: (): Promise<TEmployeeChanges> => portalApi.get('/changes', { schema: ZEmployeeChanges }) });
}

/** POST /changes: a termination, leave or pay-frequency change; answers what servicing did. */
export function useReportChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TEmployeeChangeRequest): Promise<TEmployeeChange> => portalApi.post('/changes', body, { schema: ZEmployeeChange }),
    // The deductions move too (an ended or paused deduction).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['employer'] }),
  });
}
