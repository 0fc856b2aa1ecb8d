import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZAdvanceResponse } from '@payrail/contract/servicing-backoffice';
import { backofficeApi } from '../../../lib/api-client';
import { SERVICING_PATHS, refresh } from './keys';

export function useAdvanceBusinessDate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (date: string) => backofficeApi.post(SERVICING_PATHS.businessDate, { date }, { schema: ZAdvanceResponse }),
    onSettled: () => refresh(client),
  });
}
