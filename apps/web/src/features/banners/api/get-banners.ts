import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZBanner } from '@payrail/contract/identity';
import { apiClient } from '../../../lib/api-client';

export type TBanner = z.infer<typeof ZBanner>;

/** GET {dashboard}/banners: marketing banners, each made for small (is_mobile) or large screens. */
export function getBanners(): Promise<TBanner[]> {
  return apiClient.get('/banners', { base: 'dashboard', schema: z.array(ZBanner) });
}

export const bannersQueryOptions = () => queryOptions({ queryKey: ['banners'], queryFn: getBanners, staleTime: 10 * 60_000 });

export function useBanners() {
  return useQuery(bannersQueryOptions());
}
