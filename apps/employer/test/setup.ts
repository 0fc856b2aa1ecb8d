import '@testing-library/jest-dom/vitest';
import '@payrail/ui/test/happy-dom-shims';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { notify } from '@payrail/ui/toast/notify';
import { pendingRequests } from '@payrail/client/pending-requests';
import { employerSession } from '../src/lib/employer-session';
import { server } from './msw-server';

// Lazy routes load on first visit; a cold import can take longer than the 1 s default.
configure({ asyncUtilTimeout: 4000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  cleanup();
  server.resetHandlers();
  notify.clear();
  employerSession.clear();
  pendingRequests.reset();
  localStorage.clear();
});

afterAll(() => server.close());
