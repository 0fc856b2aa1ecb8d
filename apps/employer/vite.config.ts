import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** The employer portal: the same design system and HTTP layer as the other SPAs, served at /employer/. */
export default defineConfig({
  base: '/employer/',
  plugins: [react()],
  server: { port: Number(process.env.EMPLOYER_PORT ?? 5175), proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 3000}` } },
  build: { outDir: 'dist', sourcemap: true },
  test: {
    name: 'employer',
    root: import.meta.dirname,
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    // The journeys through a page run axe several times: on a busy machine that passes 5 s.
    testTimeout: 20_000,
  },
});
