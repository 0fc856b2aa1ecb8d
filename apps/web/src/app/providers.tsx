import { isWorkflowStatus } from '@payrail/domain/workflow/statuses';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { TopLoader } from '@payrail/ui/spinner';
import { Toaster } from '@payrail/ui/toast/toaster';
import type { TTokenIsValidResponse } from '@payrail/contract/shell-reads';
import { SESSION_QUERY_KEY } from '../features/session/api/session-query-key';
import { isApiError } from '@payrail/client/http-client';
import { useRequestsPending } from '@payrail/client/pending-requests';
import { sessionStore } from '../lib/session-store';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Only a dropped connection is worth retrying; 4xx/5xx answers will not change by asking again.
        retry: (failureCount, error) => failureCount < 2 && isApiError(error) && error.status === 0,
        // A refetch on every tab switch would flash the global loader; screens poll where the spec asks.
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}

let appClient: QueryClient | null = null;

/**
 * The app's query client, for code that starts a page's reads before React draws it (the shell's module, when the
 * router has loaded it: `startShellReads`). Set by main.tsx only: tests and the prerender render with clients of
 * their own and start nothing ahead.
 */
export function setAppQueryClient(client: QueryClient | null): void {
  appClient = client;
}

export function appQueryClient(): QueryClient | null {
  return appClient;
}

function GlobalLoader() {
  return <TopLoader active={useRequestsPending()} />;
}

export function AppProviders({ children, queryClient: given }: { children: ReactNode; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());

  // Cached answers belong to the account that fetched them: drop them when the session ends.
  // A status the client adopted (a step moved on) is written into the cached session check too, and a
  // check still in flight is dropped: otherwise the next page would mount on the old cached answer,
  // copy the old status back into the store and be sent back to the page it just left.
  useEffect(() => {
    let hadToken = sessionStore.getToken() !== null;
    let status = sessionStore.getState().user?.workflow_status ?? null;
    return sessionStore.subscribe(() => {
      const hasToken = sessionStore.getToken() !== null;
      if (hadToken && !hasToken) queryClient.removeQueries();
      hadToken = hasToken;
      const next = sessionStore.getState().user?.workflow_status ?? null;
      if (next === status) return;
      status = next;
      const queryKey = SESSION_QUERY_KEY;
      const cached = queryClient.getQueryData<TTokenIsValidResponse>(queryKey);
      // The store holds what a server answer said; only a known status goes into the typed cached answer.
      if (next === null || !isWorkflowStatus(next) || !cached || cached.workflow_status === next) return;
      void queryClient.cancelQueries({ queryKey }, { revert: false });
      queryClient.setQueryData(queryKey, { ...cached, workflow_status: next });
    });
  }, [queryClient]);

  return (
    <QueryClientProvider client={queryClient}>
      <GlobalLoader />
      <Toaster />
      {children}
    </QueryClientProvider>
  );
}
