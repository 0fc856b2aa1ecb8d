import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** The back office reuses the borrower app's design system and HTTP layer instead of copying them. */
const web = (path: string) => fileURLToPath(new URL(`../web/src/${path}`, import.meta.url));

export default defineConfig({
  base: '/backoffice/',
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^@web-ui\//, replacement: `${web('components/ui')}/` },
      { find: /^@web-layout\//, replacement: `${web('components/layout')}/` },
      { find: /^@web-lib\//, replacement: `${web('lib')}/` },
      { find: /^@web-styles\//, replacement: `${web('styles')}/` },
    ],
  },
  server: { port: Number(process.env.WEB_PORT ?? 5174), proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 3000}` } },
  build: { outDir: 'dist', sourcemap: true },
  test: {
    name: 'backoffice',
    root: import.meta.dirname,
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
  },
});
