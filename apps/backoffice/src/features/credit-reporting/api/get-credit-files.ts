import { useQuery } from '@tanstack/react-query';
import { ZCreditReportingFiles } from '@payrail/contract/credit-reporting';
import { backofficeApi } from '../../../lib/api-client';
import { creditReportingKeys } from './keys';

/** GET /api/backoffice/credit_reporting/files (admin): the monthly Metro 2 files. */
export function useCreditFiles() {
  return useQuery({ queryKey: creditReportingKeys.files, queryFn: () => backofficeApi.get('/credit_reporting/files', { schema: ZCreditReportingFiles }) });
}
