import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { ZDeductionEmployees, ZDeductionFile } from '@payrail/contract/employer-deductions';
import type { TDeductionEmployees, TDeductionFile } from '@payrail/contract/employer-deductions';
import { portalApi, saveBlob } from '../../../lib/api-client';

/** GET /deductions: the employees with an active payroll deduction. */
export const deductionsQueryOptions = () =>
  queryOptions({
    queryKey: ['employer', 'deductions'],
    queryFn: (): Promise<TDeductionEmployees> => portalApi.get('/deductions', { schema: ZDeductionEmployees }),
  });

export function useDeductions() {
  return useQuery(deductionsQueryOptions());
}

/** GET /deduction_file: the file for the next payroll (or the pay date given). */
export const deductionFileQueryOptions = (payDate?: string) =>
  queryOptions({
    queryKey: ['employer', 'deduction-file', payDate ?? 'next'],
    queryFn: (): Promise<TDeductionFile> => portalApi.get('/deduction_file', { schema: ZDeductionFile, query: { pay_date: payDate } }),
  });

export function useDeductionFile(payDate?: string) {
  return useQuery(deductionFileQueryOptions(payDate));
}

/** GET /deduction_file.csv with the session token, saved as the file the server names. */
export async function downloadDeductionCsv({ payDate, fileName }: { payDate: string; fileName: string }): Promise<void> {
  const blob = await portalApi.get<Blob>('/deduction_file.csv', { query: { pay_date: payDate }, responseType: 'blob', headers: { Accept: 'text/csv' } });
  saveBlob(blob, fileName);
}

export function useDownloadDeductionCsv() {
  return useMutation({ mutationFn: downloadDeductionCsv });
}
