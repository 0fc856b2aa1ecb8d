import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZEmployerRemittanceDetail, ZEmployerRemittanceList, ZEmployerRemittanceSubmitted } from '@payrail/contract/employer-remittances';
import type {
  TEmployerRemittanceDetail,
  TEmployerRemittanceList,
  TEmployerRemittanceRequest,
  TEmployerRemittanceSubmitted,
} from '@payrail/contract/employer-remittances';
import { portalApi } from '../../../lib/api-client';

export const remittancesKey = ['employer', 'remittances'] as const;

/** GET /remittances: this employer's remittances, newest first. */
export const remittancesQueryOptions = () =>
  queryOptions({
    queryKey: remittancesKey,
    queryFn: (): Promise<TEmployerRemittanceList> => portalApi.get('/remittances', { schema: ZEmployerRemittanceList }),
  });

export function useRemittances() {
  return useQuery(remittancesQueryOptions());
}

/** GET /remittances/{id}: one remittance's reconciliation. */
export function useRemittance(id: number | null) {
  return useQuery({
    queryKey: [...remittancesKey, id],
    queryFn: (): Promise<TEmployerRemittanceDetail> => portalApi.get(`/remittances/${String(id)}`, { schema: ZEmployerRemittanceDetail }),
    enabled: id !== null,
  });
}

/** POST /remittances: an upload (CSV text) or totals typed on screen; answers the reconciliation. */
export function useSubmitRemittance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TEmployerRemittanceRequest): Promise<TEmployerRemittanceSubmitted> =>
      portalApi.post('/remittances', body, { schema: ZEmployerRemittanceSubmitted }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: remittancesKey }),
  });
}
