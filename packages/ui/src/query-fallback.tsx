import type { UseQueryResult } from '@tanstack/react-query';
import { Alert } from './alert';
import { LoadingBlock } from './spinner';
import { errorMessage } from './error-message';

/**
 * What a page's body shows while its read has no answer: the spinner while it loads, then the error
 * (announced) when it failed: the server's words, else `failure`. Render it when `query.data` is not there yet.
 */
export function QueryFallback({ query, loadingLabel, failure }: { query: UseQueryResult<unknown>; loadingLabel: string; failure?: string }) {
  if (query.isPending) return <LoadingBlock label={loadingLabel} />;
  return (
    <Alert kind="error" assertive>
      {errorMessage(query.error, failure)}
    </Alert>
  );
}
