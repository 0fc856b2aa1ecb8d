import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { isApiError } from '@payrail/client/http-client';
import { usePendingRequestCount } from '@payrail/client/pending-requests';
import { TopLoader } from './spinner';
import { Toaster } from './toast/toaster';

/** The query client of the staff-style SPAs (back office, employer portal). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Retry only a dropped connection; an HTTP answer will not change by asking again.
      queries: { retry: (count, error) => count < 2 && isApiError(error) && error.status === 0, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

function GlobalLoader() {
  return <TopLoader active={usePendingRequestCount() > 0} />;
}

/** What every page of a staff-style SPA stands in: the query client, the loader bar while a call is out, the toasts. */
export function AppProviders({ children, queryClient: given }: { children: ReactNode; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <GlobalLoader />
      <Toaster />
      {children}
    </QueryClientProvider>
  );
}
