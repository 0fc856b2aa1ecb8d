import { useQuery } from '@tanstack/react-query';
import { ZScheduleRevisions } from '@payrail/contract/care';
import { backofficeApi } from '../../../lib/api-client';

/** GET /api/backoffice/loans/:loanId/schedule_revisions: every revision of the loan's dates (both kinds) and its due-date change requests. */
export function useScheduleRevisions(loanId: number) {
  return useQuery({
    queryKey: ['care', 'schedule-revisions', loanId] as const,
    queryFn: () => backofficeApi.get(`/loans/${loanId}/schedule_revisions`, { schema: ZScheduleRevisions }),
  });
}
