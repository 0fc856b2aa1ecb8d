import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZPresignedLinkResponse } from '@payrail/contract/identity';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';

export type TPresignedLink = z.infer<typeof ZPresignedLinkResponse>;

/** GET {api}/c/{code}: signs in with a single-use link; the token comes in the `authorization` header. */
export function openPresignedLink(code: string): Promise<TPresignedLink> {
  return apiClient.get(`/c/${encodeURIComponent(code)}`, { auth: false, globalErrors: false, schema: ZPresignedLinkResponse });
}

/**
 * A query rather than a mutation: the link works once, and the query cache makes sure a remount (React
 * StrictMode, a re-render) reuses the one request instead of spending the link twice.
 */
export const presignedLinkQueryOptions = (code: string) =>
  queryOptions({ queryKey: ['auth', 'presigned-link', code], queryFn: () => openPresignedLink(code), retry: false, staleTime: Infinity, gcTime: Infinity });

export function usePresignedLink(code: string, enabled = true) {
  return useQuery({ ...presignedLinkQueryOptions(code), enabled });
}
