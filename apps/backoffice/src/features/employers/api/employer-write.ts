import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZBackofficeEmployerDetail } from '@payrail/contract/employer-portal';
import { employerKeys } from './keys';

/** Every write answers the employer page again: it replaces the cached one, and the list's counts are refetched. */
export function useEmployerWrite<TVars>(id: number, call: (vars: TVars) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (vars: TVars) => ZBackofficeEmployerDetail.parse(await call(vars)),
    onSuccess: (data) => {
      queryClient.setQueryData(employerKeys.detail(id), data);
      void queryClient.invalidateQueries({ queryKey: employerKeys.list });
    },
  });
}
