import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { backofficeApi } from '../../../lib/api-client';
import { ZSystemState } from '@payrail/contract/platform';

const key = ['platform', 'system-state'] as const;

/** GET /api/current_system_state (public): the active event, if any. */
export function useSystemState() {
  return useQuery({ queryKey: key, queryFn: () => backofficeApi.get('/current_system_state', { base: 'public', auth: false, schema: ZSystemState }) });
}

/** POST /api/backoffice/system_event (admins): the borrower app shows /unavailable while it lasts. */
export function useStartSystemEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (description: string) => backofficeApi.post('/system_event', { description }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** DELETE /api/backoffice/system_event (admins). */
export function useEndSystemEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => backofficeApi.delete('/system_event'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
