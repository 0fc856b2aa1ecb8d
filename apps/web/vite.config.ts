import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { compileHintBanner } from './build/compile-hints';
import { landingChunkName, routePreloads } from './build/route-preloads';

const require = createRequire(import.meta.url);

/**
 * React Router ships its development build (dev-only checks and warnings) by default and expects a bundler
 * to pick the production one: the build does, the component tests keep the development one.
 */
const productionBuild = (file: string) => {
  const production = file.replace(/[/\\]development[/\\](index|dom-export)\.m?js$/, '/production/$1.mjs');
  if (production === file) throw new Error(`react-router's production build not found beside ${file}`);
  return production;
};
const routerProduction = [
  { find: /^react-router$/, replacement: productionBuild(require.resolve('react-router')) },
  { find: /^react-router\/dom$/, replacement: productionBuild(require.resolve('react-router/dom')) },
];

export default defineConfig(({ command, isSsrBuild }) => ({
  base: '/',
  // route-preloads.json: what each landing page needs beyond the entry, for the server to preload (docs/performance.md).
  plugins: isSsrBuild ? [react()] : [react(), routePreloads({ srcDir: `${import.meta.dirname}/src` })],
  // The prerender build (build/prerender.mjs) bundles every dependency: Node runs it with no node_modules lookups.
  ...(isSsrBuild ? { ssr: { noExternal: true } } : {}),
  resolve: { alias: command === 'build' ? routerProduction : [] },
  // WEB_PORT / API_PORT let several dev servers run side by side (one per working copy or sandbox).
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: {
      '/api': `http://localhost:${process.env.API_PORT ?? 3000}`,
      // One origin for both apps in a sandbox: /backoffice goes to the back office's dev server.
      ...(process.env.BACKOFFICE_PORT ? { '/backoffice': `http://localhost:${process.env.BACKOFFICE_PORT}` } : {}),
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            // V8's compile hint on the chunks a landing page runs at once (build/compile-hints.ts).
            postBanner: compileHintBanner,
            codeSplitting: {
              groups: [
                // React itself (react, react-dom, the scheduler) in a chunk of its own: bench:web prints its share of the initial JS.
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
                { name: 'vendor', test: /node_modules[\\/](react-router|@tanstack|react-hook-form)[\\/]/, priority: 1 },
                // Vite's module loader (the helper around every dynamic import) in a chunk of its own, not in the entry's:
                // a chunk's CSS dependencies include those of every chunk it imports, so with the helper in the entry
                // every route chunk listed the entry's stylesheet, which a prerendered page has inline (no <link>), and
                // the loader fetched it again when the router loaded the page: a round trip before the take-over.
                { name: 'preload-helper', test: /^\0vite\/preload-helper/, priority: 3 },
                // The app's modules that landing pages load, one chunk per set of those pages (build/route-preloads.ts).
                {
                  name: landingChunkName({
                    srcDir: `${import.meta.dirname}/src`,
                    entry: 'main.tsx',
                    boot: 'boot.ts',
                    repoRoot: path.resolve(import.meta.dirname, '../..'),
                  }),
                  debugName: 'landing pages',
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    // A page's journey (clicks, the server's answers, axe) may pass 5 s on a busy machine, as in the employer portal.
    testTimeout: 20_000,
  },
}));
