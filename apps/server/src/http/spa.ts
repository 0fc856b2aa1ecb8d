import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { SpaFallback } from './error-handler';

const APPS_DIR = path.resolve(import.meta.dirname, '../../..');

/** What each landing page needs beyond the entry (apps/web/build/route-preloads.ts writes it at build time). */
type RoutePreloads = Record<string, { js?: unknown; css?: unknown }>;

const ATTRIBUTE_SAFE = /^\/[\w./-]+$/;

function readRoutePreloads(dist: string): Map<string, { css: string; js: string }> {
  const file = path.join(dist, 'route-preloads.json');
  const tags = new Map<string, { css: string; js: string }>();
  if (!fs.existsSync(file)) return tags;
  const routes = JSON.parse(fs.readFileSync(file, 'utf8')) as RoutePreloads;
  const list = (value: unknown): string[] =>
    Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && ATTRIBUTE_SAFE.test(item)) : [];
  for (const [route, { js, css }] of Object.entries(routes)) {
    // Fetched early but at low priority and without blocking the first paint: the entry's own scripts go
    // first, the boot shell paints at once, and the router finds the page's chunks (and, through Vite's
    // loader, its stylesheets) already downloaded or on the way.
    const cssTags = list(css).map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`);
    const jsTags = list(js).map((href) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${href}">`);
    if (cssTags.length + jsTags.length > 0) tags.set(route, { css: cssTags.join(''), js: jsTags.join('') });
  }
  return tags;
}

/**
 * The prerendered landing pages (apps/web/build/prerender.mjs): `prerendered/<path>.html`, read once. Each
 * is index.html with the page's first render, title and stylesheets already in it.
 */
function readPrerendered(dist: string): Map<string, Buffer> {
  const root = path.join(dist, 'prerendered');
  const pages = new Map<string, Buffer>();
  if (!fs.existsSync(root)) return pages;
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const route = `/${path
      .relative(root, file)
      .split(path.sep)
      .join('/')
      .replace(/\.html$/, '')}`;
    pages.set(route, fs.readFileSync(file));
  }
  return pages;
}

/**
 * index.html for a client-side route. A landing page (sign-in, sign-up…) gets its own chunks as
 * <link rel="modulepreload"> (and its CSS as a preload), so they download with the entry rather than
 * after the router has run: one round trip less before the page can draw. A prerendered landing page
 * starts from its own HTML instead of index.html. Built once per path and kept.
 */
export function indexHtmlFor(dist: string): (urlPath: string) => Buffer {
  const index = path.join(dist, 'index.html');
  const preloads = readRoutePreloads(dist);
  const prerendered = readPrerendered(dist);
  let plain: Buffer | undefined;
  const perRoute = new Map<string, Buffer>();
  return (urlPath) => {
    const route = urlPath.length > 1 ? urlPath.replace(/\/+$/, '') : urlPath;
    const preload = preloads.get(route);
    const page = prerendered.get(route);
    plain ??= fs.readFileSync(index);
    if (!preload && !page) return plain;
    // A prerendered page has its stylesheets inline already: only its scripts are preloaded.
    const tags = page ? preload?.js : preload && preload.css + preload.js;
    let html = perRoute.get(route);
    if (!html) {
      const text = (page ?? plain).toString('utf8');
      const at = text.indexOf('</head>');
      html = !tags || at < 0 ? (page ?? plain) : Buffer.from(`${text.slice(0, at)}${tags}${text.slice(at)}`, 'utf8');
      perRoute.set(route, html);
    }
    return html;
  };
}

/** Serves the built SPAs: the borrower app at `/`, the back office at `/backoffice/`, the employer portal at `/employer/`. */
export async function registerSpas(
  app: FastifyInstance,
  spas: readonly { prefix: string; dist: string }[] = [
    { prefix: '/backoffice/', dist: path.join(APPS_DIR, 'backoffice/dist') },
    { prefix: '/employer/', dist: path.join(APPS_DIR, 'employer/dist') },
    { prefix: '/', dist: path.join(APPS_DIR, 'web/dist') },
  ],
): Promise<SpaFallback[]> {
  const fallbacks: SpaFallback[] = [];
  for (const [i, spa] of spas.entries()) {
    const index = path.join(spa.dist, 'index.html');
    if (!fs.existsSync(index)) {
      app.log.warn(`SPA not built: ${spa.dist} is missing (run npm run build:spa)`);
      continue;
    }
    await app.register(fastifyStatic, {
      root: spa.dist,
      prefix: spa.prefix,
      decorateReply: i === 0,
      index: ['index.html'],
      wildcard: true,
      // The build writes .br and .gz beside each file (scripts/precompress.mjs): sent as they are, with
      // Content-Encoding and Vary: Accept-Encoding; a client that accepts neither gets the plain file.
      preCompressed: true,
      setHeaders: (res, file) => {
        // Hashed assets never change; index.html must be re-read on every visit.
        res.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    fallbacks.push({ prefix: spa.prefix, indexHtml: indexHtmlFor(spa.dist) });
  }
  if (fallbacks.some((f) => f.prefix === '/backoffice/')) {
    app.get('/backoffice', (_req, reply) => reply.redirect('/backoffice/'));
  }
  if (fallbacks.some((f) => f.prefix === '/employer/')) {
    app.get('/employer', (_req, reply) => reply.redirect('/employer/'));
  }
  return fallbacks;
}
