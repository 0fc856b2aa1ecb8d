import '@testing-library/jest-dom/vitest';
import '@payrail/ui/test/happy-dom-shims';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { notify } from '@payrail/ui/toast/notify';
import { pendingRequests } from '@payrail/client/pending-requests';
import { sessionStore } from '../src/lib/session-store';
import { server } from './msw-server';
// The dashboard's servicing reads load their answers' schemas as dynamic imports (docs/architecture.md, "The
// dashboard's first load"); loaded here once, a test's first page does not wait for their transform.
import '@payrail/contract/servicing';

// Lazy route chunks load on first use; on a busy machine that alone can pass the 1 s default.
configure({ asyncUtilTimeout: 5000 });

// Any call without a handler is a bug in the test, not something to let through.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  cleanup();
  server.resetHandlers();
  vi.useRealTimers();
  notify.clear();
  sessionStore.reset();
  pendingRequests.reset();
  localStorage.clear();
});

afterAll(() => server.close());
