import { START_CHUNK } from './route-preloads';

/**
 * V8's explicit compile hint (Chromium 136+): a script that starts with this comment has every function
 * compiled eagerly, on a background thread while the file is still streaming in, instead of lazily on the
 * main thread the first time each function is called. Other engines read it as a comment.
 */
export const COMPILE_ALL_HINT = '//# allFunctionsCalledOnLoad';

/**
 * The chunks a landing page runs at once: React, the vendor chunk, the app's start, the pages' own chunks, and
 * the schemas of a signed-in page's first reads (`reads-*`: zod and the contract's schemas, built when the module
 * is evaluated, as the first answers come in).
 */
export function runsOnLoad(chunkName: string): boolean {
  return chunkName === 'react' || chunkName === 'vendor' || chunkName === START_CHUNK || chunkName.startsWith('pages-') || chunkName.startsWith('reads-');
}

/**
 * `output.banner` (vite.config.ts): the hint on the chunks a landing page runs at once. They arrive last (the
 * page's bandwidth is the bottleneck), and their first run is the take-over's render: compiled lazily, that
 * render compiled most of React and the router on the main thread after the last byte (docs/architecture.md,
 * "The app's start"). Other chunks (deeper pages, large libraries loaded on demand) keep V8's lazy compilation.
 */
export function compileHintBanner(chunk: { name: string }): string {
  return runsOnLoad(chunk.name) ? COMPILE_ALL_HINT : '';
}
