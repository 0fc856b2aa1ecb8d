import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { TopLoader } from '../components/ui/spinner';
import { Toaster } from '../components/ui/toast/toaster';
import { isApiError } from '../lib/http-client';
import { usePendingRequestCount } from '../lib/pending-requests';
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

function GlobalLoader() {
  return <TopLoader active={usePendingRequestCount() > 0} />;
}

export function AppProviders({ children, queryClient: given }: { children: ReactNode; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());

  // Cached answers belong to the account that fetched them: drop them when the session ends.
  useEffect(() => {
    let hadToken = sessionStore.getToken() !== null;
    return sessionStore.subscribe(() => {
      const hasToken = sessionStore.getToken() !== null;
      if (hadToken && !hasToken) queryClient.removeQueries();
      hadToken = hasToken;
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
