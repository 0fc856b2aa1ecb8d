import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';
import { routePreloads } from './build/route-preloads';

const require = createRequire(import.meta.url);

/**
 * React's API over Preact (preact/compat): the renderer users get, in the build and in the component tests
 * (docs/architecture.md, "Preact in the web app"). Exact-match aliases, so `react-router/dom` and the like
 * keep resolving to their own packages.
 */
const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
];

export default defineConfig({
  base: '/',
  // route-preloads.json: what each landing page needs beyond the entry, for the server to preload (docs/performance.md).
  plugins: [react(), routePreloads({ srcDir: `${import.meta.dirname}/src` })],
  resolve: { alias: preactAliases, dedupe: ['preact'] },
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
    // The libraries that import React run through Vite, so the aliases above reach them too.
    server: { deps: { inline: [/@testing-library\/react/, /react-router/, /@tanstack\/react-query/, /react-hook-form/, /@hookform\/resolvers/] } },
    // Their ES builds: the CommonJS ones (what Node's resolution picks) `require('react')` past the aliases.
    alias: [
      { find: /^@testing-library\/react$/, replacement: require.resolve('@testing-library/react/dist/@testing-library/react.esm.js') },
      { find: /^react-router$/, replacement: require.resolve('react-router').replace(/index\.js$/, 'index.mjs') },
      { find: /^react-router\/dom$/, replacement: require.resolve('react-router/dom').replace(/dom-export\.js$/, 'dom-export.mjs') },
    ],
  },
});
