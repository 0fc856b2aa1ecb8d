import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TBanner, TBannerAction } from '@payrail/contract/shell-reads';
import type { ResponseSchema } from '@payrail/client/http-client';
import { apiClient } from '../../../lib/api-client';
import { array, boolean, record, string, WireShapeError } from '../../../lib/wire-check';

export type { TBanner } from '@payrail/contract/shell-reads';

function bannerAction(value: unknown, what: string): TBannerAction | null {
  if (value === null) return null;
  const action = record(value, what);
  const label = string(action.label, `${what}.label`);
  if (action.kind === 'link') return { kind: 'link', label, href: string(action.href, `${what}.href`) };
  if (action.kind === 'copy_referral_code') return { kind: 'copy_referral_code', label, code: string(action.code, `${what}.code`) };
  throw new WireShapeError(`${what}.kind`);
}

function banner(value: unknown, what: string): TBanner {
  const answer = record(value, what);
  return {
    url: string(answer.url, `${what}.url`),
    is_mobile: boolean(answer.is_mobile, `${what}.is_mobile`),
    title: string(answer.title, `${what}.title`),
    text: string(answer.text, `${what}.text`),
    action: bannerAction(answer.action, `${what}.action`),
  };
}

/** The contract's `ZBannerList`, checked by hand: the signed-in shell draws the banners without waiting for zod (wire-check.ts). */
export const bannerListSchema: ResponseSchema<TBanner[]> = { parse: (data) => array(data, banner, 'banners') };

/** GET {dashboard}/banners: marketing banners, each made for small (is_mobile) or large screens. */
export function getBanners(): Promise<TBanner[]> {
  return apiClient.get('/banners', { base: 'dashboard', schema: bannerListSchema });
}

export const bannersQueryOptions = () => queryOptions({ queryKey: ['banners'], queryFn: getBanners, staleTime: 10 * 60_000 });

export function useBanners() {
  return useQuery(bannersQueryOptions());
}
