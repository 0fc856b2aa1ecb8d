import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { SpaFallback } from './error-handler';

const APPS_DIR = path.resolve(import.meta.dirname, '../../..');

/** Serves the built SPAs: the borrower app at `/`, the back office at `/backoffice/`. */
export async function registerSpas(
  app: FastifyInstance,
  spas: readonly { prefix: string; dist: string }[] = [
    { prefix: '/backoffice/', dist: path.join(APPS_DIR, 'backoffice/dist') },
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
    let cached: Buffer | undefined;
    fallbacks.push({ prefix: spa.prefix, indexHtml: () => (cached ??= fs.readFileSync(index)) });
  }
  if (fallbacks.some((f) => f.prefix === '/backoffice/')) {
    app.get('/backoffice', (_req, reply) => reply.redirect('/backoffice/'));
  }
  return fallbacks;
}
