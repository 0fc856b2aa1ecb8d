import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { routePreloads } from './build/route-preloads';

export default defineConfig({
  base: '/',
  // route-preloads.json: what each landing page needs beyond the entry, for the server to preload (docs/performance.md).
  plugins: [react(), routePreloads({ srcDir: `${import.meta.dirname}/src` })],
  // WEB_PORT / API_PORT let several dev servers run side by side (one per working copy or sandbox).
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: {
      '/api': `http://localhost:${process.env.API_PORT ?? 3000}`,
      // One origin for both apps in a sandbox: /backoffice goes to the back office's dev server.
      ...(process.env.BACKOFFICE_PORT ? { '/backoffice': `http://localhost:${process.env.BACKOFFICE_PORT}` } : {}),
    },
  },
  build: { outDir: 'dist', sourcemap: true },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
  },
});
