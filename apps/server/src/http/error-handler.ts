import { SERVER_MSG } from '@payrail/contract/messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, errorBody, type FieldErrors, FileUnavailableError } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Names the field a validation issue is reported under. By default the dotted path
     * (`loan_borrower.state_id`); Devise-shaped routes answer the leaf (`state_id`) or one key (`phone`).
     */
    fieldKey?: (path: readonly PropertyKey[]) => string;
  }
}

/** The Devise shape: the attribute's own name, without the wrapper it was posted in. */
export const leafFieldKey = (path: readonly PropertyKey[]): string =>
  String([...path].reverse().find((p) => typeof p === 'string' && !/^\d+$/.test(p)) ?? 'base');

type Issue = { path: PropertyKey[]; message: string; code?: string; errors?: Issue[][] };

const at = (value: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>((v, k) => (v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined), value);

/**
 * A union the body failed (`application_member` is e-mail+password OR google_token) reports one issue
 * per branch. Report the branch the client chose: among branches with an issue on a key the client sent,
 * the one with the fewest issues; when the client sent none of them, the first branch.
 */
function flattenIssue(issue: Issue, input: unknown): Issue[] {
  if (issue.code !== 'invalid_union' || !issue.errors?.length) return [issue];
  const base = issue.path;
  const sentSomething = (branch: Issue[]) => branch.some((i) => i.path.length > 0 && at(input, [...base, ...i.path]) !== undefined);
  const chosen = issue.errors.filter(sentSomething).sort((a, b) => a.length - b.length)[0] ?? issue.errors[0]!;
  return chosen.flatMap((i) => flattenIssue({ ...i, path: [...base, ...i.path] }, input));
}

/** The answer to an upload whose multipart body cannot be read (no boundary, a wrong one, cut short). */
export const UNREADABLE_UPLOAD = 'The upload could not be read. Please choose the file and try again.';

/**
 * Busboy and @fastify/multipart report a malformed form as plain errors without a status: a missing or
 * wrong boundary, a body cut short, a broken part header. They are the client's fault (400), never ours.
 */
function isUnreadableMultipart(err: FastifyError): boolean {
  if (err.statusCode !== undefined && err.statusCode < 500) return false;
  if (typeof err.code === 'string' && /^FST_(INVALID_MULTIPART|PARTS_LIMIT|FILES_LIMIT|FIELDS_LIMIT|REQ_FILE_TOO_LARGE|PROTO_VIOLATION)/.test(err.code))
    return true;
  return /^(Multipart: |Unexpected end of (form|file|multipart data)|Malformed (part header|urlencoded form)|Part terminated early|Unsupported content type|Premature close|aborted)/.test(
    err.message,
  );
}

/** An SPA mounted at `prefix` whose client routes all answer its index.html. Longest prefix first. */
export type SpaFallback = { prefix: string; indexHtml: (urlPath: string) => Buffer };

/**
 * The one place errors become HTTP answers. Field problems are 422 `{ errors: { field: [msg] } }`;
 * everything else `{ error: msg }`. A 5xx never carries its cause to the client.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    // An error answer is never checked against the route's response schemas: a schema written for the
    // route's own 4xx shape must not turn another error into a serialisation failure (a 500).
    reply.serializer((payload: unknown) => JSON.stringify(payload));
    // Headers a handler set before it failed (an image's type, a day of caching) do not describe the error.
    reply.type('application/json; charset=utf-8');
    reply.removeHeader('content-disposition');
    reply.header('cache-control', 'no-store');
    if (err instanceof AppError) {
      if (err instanceof FileUnavailableError) request.log.error({ file: err.file }, 'stored file missing: its record exists, its bytes do not');
      if ('retryAfter' in err && typeof err.retryAfter === 'number') reply.header('retry-after', String(err.retryAfter));
      return reply.status(err.status).send(errorBody(err));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: FieldErrors = {};
      const keyFor = request.routeOptions.config.fieldKey ?? ((path: readonly PropertyKey[]) => path.map(String).join('.') || 'base');
      const input = err.validationContext === 'body' ? request.body : err.validationContext === 'querystring' ? request.query : request.params;
      for (const v of err.validation) {
        const path = v.instancePath
          .split('/')
          .slice(1)
          .filter((p) => p !== '');
        const issue = { ...(v.params as Omit<Issue, 'path' | 'message'>), code: v.keyword, path, message: v.message ?? 'is invalid' };
        for (const i of flattenIssue(issue, input)) {
          const list = (fields[keyFor(i.path)] ??= []);
          if (!list.includes(i.message)) list.push(i.message);
        }
      }
      return reply.status(422).send({ errors: fields });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ error: SERVER_MSG.tooManyRequests });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (err instanceof SyntaxError && status === 400)) {
      return reply.status(400).send({ error: 'Malformed JSON in request body.' });
    }
    if (isUnreadableMultipart(err)) {
      return reply.status(400).send({ error: UNREADABLE_UPLOAD });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: err.message });
    }
    // Database errors carry the query's bound parameters (e-mails, phones, sealed values) in their message:
    // log what identifies the failure, never the data.
    const cause = (err as { cause?: { code?: string; constraint?: string; message?: string } }).cause;
    const isQuery = err.message.startsWith('Failed query');
    request.log.error(
      {
        err: {
          name: err.name,
          code: err.code ?? cause?.code,
          constraint: cause?.constraint,
          message: isQuery ? cause?.message?.slice(0, 200) : err.message,
          stack: isQuery ? undefined : err.stack,
        },
      },
      'unhandled error',
    );
    return reply.status(500).send({ error: 'Something went wrong on our side. Please try again.' });
  });
}

/** Unknown `/api` paths answer 404 JSON; other page requests fall back to their SPA's index.html. */
export function registerNotFound(app: FastifyInstance, spa: SpaFallback[]): void {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/') && path !== '/api';
    // Client-side routes of an SPA get its index.html; the SPA shows its own 404 page.
    const fallback = wantsPage ? spa.find((s) => path.startsWith(s.prefix)) : undefined;
    if (fallback) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(fallback.indexHtml(path));
    }
    return reply.status(404).send({ error: `No route for ${request.method} ${path}` });
  });
}
