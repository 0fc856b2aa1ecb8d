import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * The pages people land on, with the lazy modules (layouts, guards, page) the router loads for each.
 * Paths are full URLs paths of the borrower SPA; modules are relative to apps/web/src.
 */
export const LANDING_ROUTES: Readonly<Record<string, readonly string[]>> = {
  '/signin': ['app/routes/signin.tsx'],
  '/signup': ['app/routes/signup.tsx'],
  '/application/newflow/signup': ['app/layouts/newflow-layout.tsx', 'app/routes/newflow/signup.tsx'],
  '/application/newflow/signin': ['app/layouts/newflow-layout.tsx', 'app/routes/newflow/signin.tsx'],
  '/dashboard': ['app/guards.tsx', 'app/layouts/app-shell-layout.tsx', 'app/routes/dashboard.tsx'],
};

/** The file the server reads (apps/server/src/http/spa.ts): URL path → files to preload. */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

export interface RoutePreloads {
  [path: string]: { js: string[]; css: string[] };
}

/**
 * Writes `route-preloads.json` beside index.html: for each landing page, the JS chunks its lazy route
 * modules need (with their static imports) that the entry does not already preload, and their CSS.
 * The server adds them to that page's index.html as <link rel="modulepreload"> and
 * <link rel="stylesheet">, so the page's code downloads with the entry instead of after it has run
 * (one round trip less on the critical path).
 */
export function routePreloads(options: { srcDir: string; base?: string }): Plugin {
  const base = options.base ?? '/';
  return {
    name: 'payrail:route-preloads',
    apply: 'build',
    generateBundle(_output, bundle: OutputBundle) {
      const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
      const byModule = new Map<string, OutputChunk>();
      for (const chunk of chunks) if (chunk.facadeModuleId) byModule.set(chunk.facadeModuleId, chunk);
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (roots: readonly OutputChunk[]): Set<OutputChunk> => {
        const seen = new Set<OutputChunk>();
        const stack = [...roots];
        while (stack.length > 0) {
          const chunk = stack.pop();
          if (!chunk || seen.has(chunk)) continue;
          seen.add(chunk);
          for (const file of chunk.imports) {
            const next = byFile.get(file);
            if (next) stack.push(next);
          }
        }
        return seen;
      };
      const entry = closure(chunks.filter((chunk) => chunk.isEntry));
      const result: RoutePreloads = {};
      for (const [path, modules] of Object.entries(LANDING_ROUTES)) {
        const roots = modules.map((module) => {
          const chunk = byModule.get(`${options.srcDir}/${module}`);
          if (!chunk) this.error(`route-preloads: no chunk for ${module} (${path}); is it still a lazy route module?`);
          return chunk;
        });
        const needed = [...closure(roots)].filter((chunk) => !entry.has(chunk));
        const css = new Set<string>();
        for (const chunk of needed) for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(`${base}${file}`);
        result[path] = { js: needed.map((chunk) => `${base}${chunk.fileName}`), css: [...css] };
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(result, null, 2)}\n` });
    },
  };
}
