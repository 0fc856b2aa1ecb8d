import { useMutation, useQueryClient } from '@tanstack/react-query';
import { backofficeApi } from '../../../lib/api-client';
import { systemStateKey } from './keys';

/** DELETE /api/backoffice/system_event (admins). */
export function useEndSystemEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => backofficeApi.delete('/system_event'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: systemStateKey }),
  });
}
