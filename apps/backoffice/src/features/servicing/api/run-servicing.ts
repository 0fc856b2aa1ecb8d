import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZAdvanceResponse } from '@payrail/contract/servicing-backoffice';
import { backofficeApi } from '../../../lib/api-client';
import { SERVICING_PATHS, refresh } from './keys';

export function useRunServicing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => backofficeApi.post(SERVICING_PATHS.run, undefined, { schema: ZAdvanceResponse }),
    onSettled: () => refresh(client),
  });
}
