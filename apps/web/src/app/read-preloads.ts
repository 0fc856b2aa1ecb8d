/**
 * The chunks of a landing page's first reads' schemas (`LANDING_READ_MODULES` in build/route-preloads.ts: zod and the
 * loan schemas on /dashboard), which the read modules import with their requests. index.html names them, one
 * `<meta name="payrail:read-preloads" data-path="/dashboard" content="/assets/reads-….js">` per page (the build writes
 * them), and the app's start preloads them (`<link rel="modulepreload">`: fetched and compiled, evaluated only when a
 * read imports them). Not the server: preloaded with the page's own chunks, they shared the bandwidth with what the
 * page's first render needs, and those arrived later (docs/architecture.md, "The dashboard's first load").
 */
export const READ_PRELOADS_META = 'payrail:read-preloads';

/** Preloads the first reads' chunks of the page at `pathname`, once (nothing for a page without any). */
export function preloadReadModules(pathname: string, doc: Document = document): void {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const meta = [...doc.querySelectorAll<HTMLMetaElement>(`meta[name="${READ_PRELOADS_META}"]`)].find((m) => m.dataset.path === path);
  for (const href of meta?.content.split(' ').filter(Boolean) ?? []) {
    if (doc.querySelector(`link[rel="modulepreload"][href="${CSS.escape(href)}"]`)) continue;
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    doc.head.append(link);
  }
}
