import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TBanner } from '@payrail/contract/shell-reads';
import { apiClient } from '../../../lib/api-client';

export type { TBanner } from '@payrail/contract/shell-reads';

/** GET {dashboard}/banners: marketing banners, each made for small (is_mobile) or large screens. The schema loads with the request. */
export function getBanners(): Promise<TBanner[]> {
  return apiClient.get('/banners', {
    base: 'dashboard',
    schema: import('@payrail/contract/shell-reads').then((contract) => contract.ZBannerList),
  });
}

export const bannersQueryOptions = () => queryOptions({ queryKey: ['banners'], queryFn: getBanners, staleTime: 10 * 60_000 });

export function useBanners() {
  return useQuery(bannersQueryOptions());
}
