import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** The design system and HTTP layer come from @payrail/ui and @payrail/client, shared with the borrower app. */
export default defineConfig({
  base: '/backoffice/',
  plugins: [react()],
  server: { port: Number(process.env.WEB_PORT ?? 5174), proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 3000}` } },
  build: { outDir: 'dist', sourcemap: true },
  test: {
    name: 'backoffice',
    root: import.meta.dirname,
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    // A page's journey (clicks, the server's answers, axe) may pass 5 s on a busy machine, as in the employer portal.
    testTimeout: 20_000,
  },
});
