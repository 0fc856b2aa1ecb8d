import { useMutation, useQueryClient } from '@tanstack/react-query';
import { backofficeApi } from '../../../lib/api-client';
import { systemStateKey } from './keys';

/** POST /api/backoffice/system_event (admins): the borrower app shows /unavailable while it lasts. */
export function useStartSystemEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (description: string) => backofficeApi.post('/system_event', { description }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: systemStateKey }),
  });
}
