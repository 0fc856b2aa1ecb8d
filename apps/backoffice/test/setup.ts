import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { notify } from '@web-ui/toast/notify';
import { pendingRequests } from '@web-lib/pending-requests';
import { staffSession } from '../src/lib/staff-session';
import { server } from './msw-server';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  cleanup();
  server.resetHandlers();
  notify.clear();
  staffSession.clear();
  pendingRequests.reset();
  localStorage.clear();
});

afterAll(() => server.close());
