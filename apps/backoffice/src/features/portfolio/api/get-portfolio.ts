import { useQuery } from '@tanstack/react-query';
import { ZPortfolio } from '@payrail/contract/portfolio';
import { backofficeApi } from '../../../lib/api-client';

export const portfolioKey = ['backoffice', 'portfolio'] as const;

/** GET /api/backoffice/portfolio (admins): every figure of the Portfolio page. */
export function usePortfolio() {
  return useQuery({ queryKey: portfolioKey, queryFn: () => backofficeApi.get('/portfolio', { schema: ZPortfolio }), staleTime: 60_000 });
}
