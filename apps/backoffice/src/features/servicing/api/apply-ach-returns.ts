import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZAchReturnsResponse } from '@payrail/contract/servicing-backoffice';
import { backofficeApi } from '../../../lib/api-client';
import { SERVICING_PATHS, refresh } from './keys';

/** Upload the bank's NACHA return file (the text, as JSON); the loans it touched are refetched. */
export function useApplyAchReturns() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { file: string; file_name: string }) => backofficeApi.post(SERVICING_PATHS.achReturns, body, { schema: ZAchReturnsResponse }),
    onSettled: () => refresh(client),
  });
}
