import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZRemittanceImportResponse } from '@payrail/contract/servicing-backoffice';
import { backofficeApi } from '../../../lib/api-client';
import { SERVICING_PATHS, refresh } from './keys';

export function useImportRemittance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { csv: string; file_name: string }) => backofficeApi.post(SERVICING_PATHS.remittances, body, { schema: ZRemittanceImportResponse }),
    onSettled: () => refresh(client),
  });
}
