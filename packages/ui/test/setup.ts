import '@testing-library/jest-dom/vitest';
import './happy-dom-shims';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { notify } from '../src/toast/notify';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  notify.clear();
});
