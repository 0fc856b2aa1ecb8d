import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** Component tests of the design system, in the same DOM as the SPAs' own. */
export default defineConfig({
  plugins: [react()],
  test: {
    name: 'ui',
    root: import.meta.dirname,
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
  },
});
