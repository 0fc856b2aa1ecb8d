import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZCreditReportingFiles, ZGenerateCreditFileResponse, ZLoanDisputes } from '@payrail/contract/credit-reporting';
import type { TOpenDispute, TResolveDispute } from '@payrail/contract/credit-reporting';
import { backofficeApi } from '../../../lib/api-client';

export const creditReportingKeys = {
  files: ['credit-reporting', 'files'] as const,
  disputes: (loanId: number) => ['credit-reporting', 'disputes', loanId] as const,
};

/** GET /api/backoffice/credit_reporting/files (admin): the monthly Metro 2 files. */
export function useCreditFiles() {
  return useQuery({ queryKey: creditReportingKeys.files, queryFn: () => backofficeApi.get('/credit_reporting/files', { schema: ZCreditReportingFiles }) });
}

/** POST /api/backoffice/credit_reporting/files (admin; audited): the file of a month that has ended (the existing one if it was made already). */
export function useGenerateCreditFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (period: string) => backofficeApi.post('/credit_reporting/files', { period }, { schema: ZGenerateCreditFileResponse }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: creditReportingKeys.files }),
  });
}

/** The file's bytes (the server opens the sealed file and audits the download). */
export function fetchCreditFile(id: number): Promise<Blob> {
  return backofficeApi.get(`/credit_reporting/files/${id}/download`, { responseType: 'blob', headers: { Accept: '*/*' } });
}

/** GET /api/backoffice/loans/:loanId/disputes (read). */
export function useLoanDisputes(loanId: number) {
  return useQuery({ queryKey: creditReportingKeys.disputes(loanId), queryFn: () => backofficeApi.get(`/loans/${loanId}/disputes`, { schema: ZLoanDisputes }) });
}

/** POST /api/backoffice/loans/:loanId/disputes (servicer, admin; audited). */
export function useOpenDispute(loanId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TOpenDispute) => backofficeApi.post(`/loans/${loanId}/disputes`, body, { schema: ZLoanDisputes }),
    onSuccess: (data) => queryClient.setQueryData(creditReportingKeys.disputes(loanId), data),
  });
}

/** POST /api/backoffice/loans/:loanId/disputes/:id/resolve (servicer, admin; audited). */
export function useResolveDispute(loanId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ disputeId, ...body }: TResolveDispute & { disputeId: number }) =>
      backofficeApi.post(`/loans/${loanId}/disputes/${disputeId}/resolve`, body, { schema: ZLoanDisputes }),
    onSuccess: (data) => queryClient.setQueryData(creditReportingKeys.disputes(loanId), data),
  });
}
