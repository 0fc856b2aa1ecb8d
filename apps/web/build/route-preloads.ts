import type { ChunkingContext, OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { isLandingTablePath } from '../src/app/landing-paths';
import { READ_PRELOADS_META } from '../src/app/read-preloads';

/** The full route table's module: the app's start loads it for any page but the landing table's (app/landing-paths.ts). */
const ROUTE_TABLE_MODULE = 'app/router.tsx';

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

/**
 * The modules a landing page's first reads import when they start (their answers' schemas, which the HTTP
 * client loads with the request: docs/architecture.md, "The dashboard's first load"), by the end of their
 * path. Left to the reads, they are asked for only once the page has rendered, a round trip and their
 * download after it; the app's start preloads them once the router has the page's modules (index.html names
 * their chunks: src/app/read-preloads.ts), so they are in soon after the first render without taking bandwidth
 * from what it needs. Held to the reads' dynamic imports by `dashboard-first-render.test.ts`.
 */
export const LANDING_READ_MODULES: Readonly<Record<string, readonly string[]>> = {
  // The shell's reads (session check, notifications, banners, benefits) are checked by hand, without zod.
  '/dashboard': ['packages/contract/src/servicing.ts'],
};

/** A short name per landing page, for the names of the chunks their modules are grouped in. */
const LANDING_KEYS: Readonly<Record<string, string>> = {
  '/signin': 'signin',
  '/signup': 'signup',
  '/application/newflow/signup': 'nf-signup',
  '/application/newflow/signin': 'nf-signin',
  '/dashboard': 'dashboard',
};

/**
 * A code-splitting group's `name` (vite.config.ts): the app's own modules that landing pages load, in one
 * chunk per set of landing pages that needs them. Left to the bundler, they came out as one chunk per
 * set of *all* routes using them: the new-flow sign-up loaded 35 chunks of 0.2–3 kB each, 6 at a time
 * over HTTP/1.1, each a round trip on a phone. Grouped, each landing page loads a handful of chunks and
 * still nothing another landing page does not need; a deeper page may load a few kB it does not use.
 * The modules the app's start module (`entry`: main.tsx) loads statically are one chunk, `app`, which
 * index.html preloads (rather than a dozen small chunks of the modules lazy pages share with it);
 * dependencies (node_modules: the react and vendor groups) are left alone. The modules the page's entry
 * script (`boot`: boot.ts, which starts the page's first reads) imports statically stay in the entry's own
 * chunk: grouped into `app`, they made the entry wait for React before it could start a read.
 */
/** The chunk of the app's start module and everything it imports statically. */
export const START_CHUNK = 'app';
/** The landing page whose modules shared with other landing pages are in the start chunk (`landingChunkName`). */
const SHARED_WITH_START = '/dashboard';

export function landingChunkName(options: { srcDir: string; entry: string; boot?: string; repoRoot?: string }) {
  const roots = new Map<string, string[]>();
  for (const [path, modules] of Object.entries(LANDING_ROUTES)) {
    for (const module of modules) {
      const id = `${options.srcDir}/${module}`;
      roots.set(id, [...(roots.get(id) ?? []), path]);
    }
  }
  const entryId = `${options.srcDir}/${options.entry}`;
  const bootId = options.boot ? `${options.srcDir}/${options.boot}` : null;
  const landing = new Map<string, Set<string>>();
  const initial = new Map<string, boolean>();
  const booting = new Map<string, boolean>();
  /** The landing pages that load `id` through static imports from their route modules. */
  const landingOf = (id: string, ctx: ChunkingContext, visiting: Set<string>): Set<string> => {
    const known = landing.get(id);
    if (known) return known;
    const found = new Set(roots.get(id) ?? []);
    if (visiting.has(id)) return found;
    visiting.add(id);
    for (const importer of ctx.getModuleInfo(id)?.importers ?? []) for (const path of landingOf(importer, ctx, visiting)) found.add(path);
    visiting.delete(id);
    if (visiting.size === 0) landing.set(id, found);
    return found;
  };
  /** Whether the entry loads `id` (statically): it is in the entry's chunk, wherever landing pages are. */
  const isInitial = (id: string, ctx: ChunkingContext, visiting: Set<string>): boolean => {
    const known = initial.get(id);
    if (known !== undefined) return known;
    if (id === entryId) return true;
    if (visiting.has(id)) return false;
    visiting.add(id);
    const result = (ctx.getModuleInfo(id)?.importers ?? []).some((importer) => isInitial(importer, ctx, visiting));
    visiting.delete(id);
    if (visiting.size === 0) initial.set(id, result);
    return result;
  };
  /** Whether the page's entry script loads `id` statically (it stays in the entry's chunk). */
  const isBoot = (id: string, ctx: ChunkingContext, visiting: Set<string>): boolean => {
    const known = booting.get(id);
    if (known !== undefined) return known;
    if (id === bootId) return true;
    if (visiting.has(id)) return false;
    visiting.add(id);
    const result = (ctx.getModuleInfo(id)?.importers ?? []).some((importer) => isBoot(importer, ctx, visiting));
    visiting.delete(id);
    if (visiting.size === 0) booting.set(id, result);
    return result;
  };
  /**
   * The landing page whose first reads' schemas (LANDING_READ_MODULES) load `id` statically, by the modules'
   * static closure from those roots (zod included), computed once. Those modules are loaded with the reads,
   * after the page's first render, and came out as ten chunks of 0.1–26 kB (zod, ach, dates, money, coerce,
   * frequency…), each a request and a round trip over HTTP/1.1 (6 at a time) while the page's
   * own chunks still download: grouped, they are one chunk per page (`reads-<page>`).
   */
  let readsOf: Map<string, string> | undefined;
  const readsChunkOf = (id: string, ctx: ChunkingContext): string | undefined => {
    if (!options.repoRoot) return undefined;
    if (!readsOf) {
      readsOf = new Map();
      for (const [path, modules] of Object.entries(LANDING_READ_MODULES)) {
        const stack = modules.map((module) => `${options.repoRoot}/${module}`);
        while (stack.length > 0) {
          const next = stack.pop();
          if (next === undefined || readsOf.has(next)) continue;
          const info = ctx.getModuleInfo(next);
          if (!info) continue;
          readsOf.set(next, `reads-${LANDING_KEYS[path] ?? 'page'}`);
          stack.push(...info.importedIds);
        }
      }
    }
    return readsOf.get(id);
  };
  return (id: string, ctx: ChunkingContext): string | null => {
    if (id.startsWith('\0')) return null;
    // A dependency goes with the reads only if no landing page's own modules import it (zod: dashboard-first-render.test.ts).
    if (id.includes('node_modules')) return landingOf(id, ctx, new Set()).size === 0 ? (readsChunkOf(id, ctx) ?? null) : null;
    if (bootId && isBoot(id, ctx, new Set())) return null;
    if (isInitial(id, ctx, new Set())) return START_CHUNK;
    const pages = landingOf(id, ctx, new Set());
    // A module the page's own modules load too is evaluated before its first render: it stays with them.
    if (pages.size === 0) return readsChunkOf(id, ctx) ?? null;
    // What the signed-in landing page shares with the public ones (a few kB in all) goes with the app's start, which
    // every page preloads from index.html: over HTTP/1.1 (six connections) each small chunk and its stylesheet cost a
    // connection's round trip, and React's download waited for a free connection behind them.
    if (pages.size > 1 && pages.has(SHARED_WITH_START)) return START_CHUNK;
    return `pages-${Object.keys(LANDING_ROUTES)
      .filter((path) => pages.has(path))
      .map((path) => LANDING_KEYS[path])
      .join('+')}`;
  };
}

/** The file the server reads (apps/server/src/http/spa.ts): URL path → files to preload. */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

export interface RoutePreloads {
  /** `reads`: the first reads' chunks, which the app's start preloads (index.html's READ_PRELOADS_META), not the server. */
  [path: string]: { js: string[]; css: string[]; reads: string[] };
}

/**
 * Writes `route-preloads.json` beside index.html: for each landing page, the JS chunks its lazy route
 * modules need (with their static imports) that the entry does not already preload, and their CSS.
 * The server adds them to that page's index.html as <link rel="modulepreload"> and
 * <link rel="stylesheet">, so the page's code downloads with the entry instead of after it has run
 * (one round trip less on the critical path).
 */
/** The chunks of a bundle, found by file and by module, and the static-import closure of some of them. */
function chunkGraph(bundle: OutputBundle) {
  const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
  // A module may share its chunk with others (landingChunkName): found by the modules a chunk holds.
  const byModule = new Map<string, OutputChunk>();
  for (const chunk of chunks) for (const id of chunk.moduleIds) byModule.set(id, chunk);
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
  return { chunks, byModule, closure };
}

/**
 * The chunks of `path`'s first reads (LANDING_READ_MODULES) with their static imports, less those of `entry` and of
 * the page's own modules (LANDING_ROUTES: the server preloads those).
 */
function readChunksOf(
  path: string,
  byModule: Map<string, OutputChunk>,
  closure: (roots: readonly OutputChunk[]) => Set<OutputChunk>,
  entry: Set<OutputChunk>,
  srcDir: string,
): OutputChunk[] {
  const pageChunks = closure((LANDING_ROUTES[path] ?? []).flatMap((module) => byModule.get(`${srcDir}/${module}`) ?? []));
  const roots = (LANDING_READ_MODULES[path] ?? []).map((suffix) => {
    const chunk = [...byModule.entries()].find(([id]) => id.endsWith(`/${suffix}`))?.[1];
    if (!chunk) throw new Error(`route-preloads: no chunk for ${suffix} (${path}'s first reads); is it still imported?`);
    return chunk;
  });
  return [...closure(roots)].filter((chunk) => !entry.has(chunk) && !pageChunks.has(chunk));
}

/**
 * Writes `route-preloads.json` beside index.html (above), and puts the app's start module (`start`,
 * main.tsx, which the entry imports only after the first paint: src/boot.ts) and its static imports in
 * index.html as <link rel="modulepreload">: they download with the HTML, not after the paint.
 */
export function routePreloads(options: { srcDir: string; base?: string; start?: string }): Plugin {
  const base = options.base ?? '/';
  const startId = `${options.srcDir}/${options.start ?? 'main.tsx'}`;
  return {
    name: 'payrail:route-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle || !ctx.chunk) return html;
        const { byModule, closure } = chunkGraph(ctx.bundle);
        const start = byModule.get(startId);
        if (!start) throw new Error(`route-preloads: no chunk holds ${startId}`);
        const already = closure([ctx.chunk]);
        const needed = [...closure([start])].filter((chunk) => !already.has(chunk));
        // The landing pages' first reads' chunks, for the app's start to preload (src/app/read-preloads.ts).
        const entry = closure([ctx.chunk, start]);
        const reads = Object.keys(LANDING_READ_MODULES).map((path) => ({
          path,
          files: readChunksOf(path, byModule, closure, entry, options.srcDir).map((chunk) => `${base}${chunk.fileName}`),
        }));
        // Its stylesheets stay render-blocking, as when they were the entry's (prerender.mjs inlines them).
        const css = [...new Set(needed.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]))];
        return {
          html,
          tags: [
            ...css.map((file) => ({ tag: 'link', attrs: { rel: 'stylesheet', crossorigin: true, href: `${base}${file}` }, injectTo: 'head' as const })),
            // Largest first (React, then the vendor chunk): over HTTP/1.1 the first six requests get the connections, and
            // the files that take longest to download must not wait for one behind the small ones.
            ...[...needed]
              .sort((a, b) => b.code.length - a.code.length)
              .map((chunk) => ({
                tag: 'link',
                attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${chunk.fileName}` },
                injectTo: 'head' as const,
              })),
            ...reads
              .filter(({ files }) => files.length > 0)
              .map(({ path, files }) => ({
                tag: 'meta',
                attrs: { name: READ_PRELOADS_META, 'data-path': path, content: files.join(' ') },
                injectTo: 'head' as const,
              })),
          ],
        };
      },
    },
    generateBundle(_output, bundle: OutputBundle) {
      const { chunks, byModule, closure } = chunkGraph(bundle);
      const startChunk = byModule.get(startId);
      if (!startChunk) this.error(`route-preloads: no chunk holds ${startId}`);
      // What index.html preloads: the entry's own imports and the start module's (transformIndexHtml above).
      const entry = closure([...chunks.filter((chunk) => chunk.isEntry), startChunk]);
      const result: RoutePreloads = {};
      for (const [path, routeModules] of Object.entries(LANDING_ROUTES)) {
        // A page the landing route table does not hold waits for the full table too (app/landing-routes.tsx).
        const modules = isLandingTablePath(path) ? routeModules : [...routeModules, ROUTE_TABLE_MODULE];
        const roots = modules.map((module) => {
          const chunk = byModule.get(`${options.srcDir}/${module}`);
          if (!chunk) this.error(`route-preloads: no chunk for ${module} (${path}); is it still a lazy route module?`);
          return chunk;
        });
        const pageChunks = closure(roots);
        // The reads' chunks are not the server's to preload: the app's start does, once the page's own chunks are in
        // (`reads`, in index.html: READ_PRELOADS_META). Preloaded with them, they shared the bandwidth with what the first
        // render needs, and arrived last anyway.
        const readChunks = readChunksOf(path, byModule, closure, entry, options.srcDir);
        const needed = [...pageChunks].filter((chunk) => !entry.has(chunk));
        const css = new Set<string>();
        for (const chunk of [...needed, ...readChunks]) for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(`${base}${file}`);
        result[path] = {
          js: needed.map((chunk) => `${base}${chunk.fileName}`),
          css: [...css],
          reads: readChunks.map((chunk) => `${base}${chunk.fileName}`),
        };
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(result, null, 2)}\n` });
    },
  };
}
