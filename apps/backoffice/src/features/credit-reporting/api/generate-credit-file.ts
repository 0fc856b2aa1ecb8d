import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZGenerateCreditFileResponse } from '@payrail/contract/credit-reporting';
import { backofficeApi } from '../../../lib/api-client';
import { creditReportingKeys } from './keys';

/** POST /api/backoffice/credit_reporting/files (admin; audited): the file of a month that has ended (the existing one if it was made already). */
export function useGenerateCreditFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (period: string) => backofficeApi.post('/credit_reporting/files', { period }, { schema: ZGenerateCreditFileResponse }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: creditReportingKeys.files }),
  });
}
