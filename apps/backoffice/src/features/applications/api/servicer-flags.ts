import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZServicerFlags } from '@payrail/contract/identity';
import type { TServicerFlags } from '@payrail/contract/identity';
import { backofficeApi } from '../../../lib/api-client';
import { applicationKey } from '../../../lib/query';

/** PATCH /api/backoffice/members/:userId/servicer_flags (admin, servicer; audited as `set_servicer_flags`). */
export function useSetServicerFlags(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (flags: TServicerFlags) => backofficeApi.patch(`/members/${userId}/servicer_flags`, flags, { schema: ZServicerFlags }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationKey(userId) }),
  });
}
