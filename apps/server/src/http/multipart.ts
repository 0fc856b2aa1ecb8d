import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

/** What the multipart reader accepts at most (a route's own `parts()` options may ask for less). */
const MULTIPART_LIMITS = { fileSize: 5_242_880, files: 5 } as const;

/**
 * Every route accepts a `multipart/form-data` body as @fastify/multipart's own parser does: the body is left
 * unread (undefined), so a route that reads none answers as it would any body it does not expect. Only the
 * route plugins that read multipart bodies register the reader itself (`registerMultipartReader`), in their
 * own encapsulated context: the plugin adds two asynchronous hooks to every request of its context (an
 * `onRequest` that puts a 'close' listener on the response, an `onResponse` that cleans files saved to disk),
 * which cost every request of the app a promise, a turn of the microtask queue and a listener when registered
 * app-wide, for the three routes that read uploads (a document, the profile photo, an ACH return file).
 */
export function acceptMultipartBodies(app: FastifyInstance): void {
  app.addContentTypeParser('multipart/form-data', (_req, _payload, done) => done(null));
}

/**
 * The multipart reader (`req.isMultipart()`, `req.parts()`) for the routes of this plugin: register it first in a
 * route plugin whose routes read uploads. It replaces the app-wide parser above in this context only.
 */
export async function registerMultipartReader(app: FastifyInstance): Promise<void> {
  app.removeContentTypeParser('multipart/form-data');
  await app.register(multipart, { limits: MULTIPART_LIMITS });
}
