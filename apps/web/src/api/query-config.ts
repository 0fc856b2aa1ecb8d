/**
 * What a screen may tune on a shared endpoint's query: whether it runs now, whether a failure is retried,
 * and how long an answer stays fresh. The key and the fetcher stay with the endpoint file.
 */
export interface QueryConfig {
  enabled?: boolean;
  retry?: boolean;
  staleTime?: number;
}
