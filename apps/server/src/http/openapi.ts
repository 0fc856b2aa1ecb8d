import type { RouteOptions } from 'fastify';
import { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads an `Idempotency-Key` header: a retry with the same key answers the first result. */
    idempotencyKey?: 'required' | 'optional';
  }
}

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;
export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, JsonSchema>; responses: Record<string, unknown> };
};

const ERROR_STATUSES: Record<string, string> = {
  '400': 'The request cannot be read (malformed JSON, a missing or invalid header).',
  '401': 'No valid session for this call.',
  '403': 'The session may not make this call.',
  '404': 'Nothing with that id (or not yours).',
  '409': 'The request conflicts with the current state (a newer change, a step already taken).',
  '422': 'The input breaks a rule: `errors` maps each field to its messages, or `error` says why.',
  '429': 'Too many attempts; `Retry-After` says when to try again.',
  '503': 'The service is unavailable (a system event, the database).',
};

const TAG_DESCRIPTIONS: Record<string, string> = {
  borrower: 'The borrower API: sign-up, the application flows, the dashboard, payments and servicing.',
  backoffice: 'Staff only (underwriters, servicers, collectors, admins): every call names the capability it needs.',
  employer_portal: "Employers' HR and payroll administrators: deductions, remittances, verifications, changes.",
  platform: 'Health, system state and this reference.',
};

function tagOf(url: string): string {
  if (url.startsWith('/api/backoffice/')) return 'backoffice';
  if (url.startsWith('/api/employer_portal/')) return 'employer_portal';
  if (['/api/health', '/api/ready', '/api/current_system_state', '/api/openapi.json', '/api/docs'].includes(url) || url.startsWith('/api/dev/'))
    return 'platform';
  return 'borrower';
}

/** `/api/loans/:loanId/payoff/:date` → `/api/loans/{loanId}/payoff/{date}` */
export const openApiPath = (url: string): string => url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

const isZod = (s: unknown): s is z.ZodType => typeof s === 'object' && s !== null && '_zod' in s;

/**
 * A zod schema as a JSON Schema (2020-12, what OpenAPI 3.1 speaks). Shared definitions (recursive
 * schemas) are hoisted into `components.schemas` under a name unique to the operation, with their
 * references rewritten, since a `#/$defs/…` reference would resolve against the document's root.
 */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output', hoist: (name: string, s: JsonSchema) => string): JsonSchema {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  delete out.$schema;
  const defs = out.$defs as Record<string, JsonSchema> | undefined;
  if (!defs) return out;
  delete out.$defs;
  const renamed = new Map<string, string>();
  for (const [name, def] of Object.entries(defs)) renamed.set(name, hoist(name, def));
  const rewrite = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(rewrite);
    if (typeof v !== 'object' || v === null) return v;
    return Object.fromEntries(
      Object.entries(v).map(([k, x]) => [
        k,
        k === '$ref' && typeof x === 'string' && x.startsWith('#/$defs/') ? `#/components/schemas/${renamed.get(x.slice(8)) ?? x.slice(8)}` : rewrite(x),
      ]),
    );
  };
  for (const [name, def] of Object.entries(defs)) hoist(renamed.get(name)!, rewrite(def) as JsonSchema);
  return rewrite(out) as JsonSchema;
}

/** The parameters of one location (path or query) from a zod object schema. */
function parametersOf(schema: unknown, location: 'path' | 'query', hoist: (name: string, s: JsonSchema) => string): Operation[] {
  if (!isZod(schema)) return [];
  const json = jsonSchemaOf(schema, 'input', hoist);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, s]) => ({ name, in: location, required: location === 'path' || required.has(name), schema: s }));
}

function securityOf(route: RouteOptions): { security: Record<string, string[]>[]; auth: string } {
  const config = (route.config ?? {}) as { staff?: string; employer?: string; session?: string };
  if (config.staff !== undefined) return { security: [{ staffSession: [] }], auth: `Staff session with the \`${config.staff}\` capability.` };
  if (config.employer !== undefined)
    return { security: [{ employerSession: [] }], auth: `Employer session (${config.employer}); every answer is the session's own employer's data only.` };
  // The session routes of the back office and the portal check their own session (no capability to name).
  if (/\/(me|logout)$/.test(route.url) && route.url.startsWith('/api/backoffice/'))
    return { security: [{ staffSession: [] }], auth: 'The staff session itself.' };
  if (/\/(me|logout)$/.test(route.url) && route.url.startsWith('/api/employer_portal/'))
    return { security: [{ employerSession: [] }], auth: 'The employer session itself.' };
  // The borrower session a route names (http/borrower-session.ts).
  if (config.session === 'required') return { security: [{ borrowerSession: [] }], auth: 'Borrower session.' };
  if (config.session === 'optional') return { security: [{}, { borrowerSession: [] }], auth: 'Open; a borrower session, when sent, is recognised.' };
  return { security: [], auth: 'Open.' };
}

/** The OpenAPI 3.1 document of every registered `/api/` route, built from the routes' own zod schemas. */
export function buildOpenApi(routes: readonly RouteOptions[], o: { version: string }): OpenApiDocument {
  const doc: OpenApiDocument = {
    openapi: '3.1.0',
    info: {
      title: 'Payrail API',
      version: o.version,
      description:
        'Generated at start-up from the zod contract the server validates with (packages/contract). Money is integer cents; dates are ISO days (YYYY-MM-DD); ' +
        'sessions travel in the `Authorization` header as the raw token the sign-in answered in its own `Authorization` header.',
    },
    servers: [{ url: '/' }],
    tags: Object.entries(TAG_DESCRIPTIONS).map(([name, description]) => ({ name, description })),
    paths: {},
    components: {
      securitySchemes: {
        borrowerSession: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'A borrower session token (sign-in answers it in its Authorization header).',
        },
        staffSession: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'A staff session token (POST /api/backoffice/login).' },
        employerSession: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'An employer portal session token (POST /api/employer_portal/login/otp).',
        },
      },
      schemas: {
        Error: { type: 'object', properties: { error: { type: 'string' } }, required: ['error'] },
        FieldErrors: {
          type: 'object',
          properties: { errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } } },
          required: ['errors'],
        },
      },
      responses: Object.fromEntries(
        Object.entries(ERROR_STATUSES).map(([status, description]) => [
          `E${status}`,
          {
            description,
            content: {
              'application/json': {
                schema:
                  status === '422'
                    ? { oneOf: [{ $ref: '#/components/schemas/Error' }, { $ref: '#/components/schemas/FieldErrors' }] }
                    : { $ref: '#/components/schemas/Error' },
              },
            },
          },
        ]),
      ),
    },
  };
  const seen = new Set<string>();
  for (const route of routes) {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map((m) => m.toLowerCase());
    if (!route.url.startsWith('/api/')) continue;
    for (const method of methods) {
      if (method === 'head' || method === 'options') continue;
      const path = openApiPath(route.url);
      const key = `${method} ${path}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const opId = `${method}_${path
        .replace(/^\/api\//, '')
        .replace(/[{}]/g, '')
        .replace(/[^A-Za-z0-9]+/g, '_')}`;
      const hoist = (name: string, s: JsonSchema) => {
        const unique = name.startsWith(`${opId}__`) ? name : `${opId}__${name}`;
        doc.components.schemas[unique] = s;
        return unique;
      };
      const schema = (route.schema ?? {}) as { params?: unknown; querystring?: unknown; body?: unknown; response?: Record<string, unknown> };
      const { security, auth } = securityOf(route);
      const config = (route.config ?? {}) as { idempotencyKey?: 'required' | 'optional' };
      const parameters = [...parametersOf(schema.params, 'path', hoist), ...parametersOf(schema.querystring, 'query', hoist)];
      // A path parameter the schema does not name is still a parameter (a string).
      for (const m of route.url.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)) {
        if (!parameters.some((p) => p.in === 'path' && p.name === m[1]))
          parameters.push({ name: m[1]!, in: 'path', required: true, schema: { type: 'string' } });
      }
      if (config.idempotencyKey) {
        parameters.push({
          name: 'Idempotency-Key',
          in: 'header',
          required: config.idempotencyKey === 'required',
          description: '8–200 characters, unique per intended action: a retry with the same key answers the first result and moves no money twice.',
          schema: { type: 'string', minLength: 8, maxLength: 200 },
        });
      }
      const responses: Record<string, unknown> = {};
      for (const [status, s] of Object.entries(schema.response ?? {})) {
        responses[status] = isZod(s)
          ? { description: 'OK', content: { 'application/json': { schema: jsonSchemaOf(s, 'output', hoist) } } }
          : { description: 'OK' };
      }
      if (Object.keys(responses).length === 0) responses['200'] = { description: 'OK (the answer is a file or has no body schema).' };
      const errors = ['400', '422', '429', '503'];
      if (security.length > 0 && !security.some((s) => Object.keys(s).length === 0)) errors.push('401');
      if (security.some((s) => 'staffSession' in s)) errors.push('403');
      if (route.url.includes(':')) errors.push('404', '409');
      for (const status of errors.sort()) responses[status] ??= { $ref: `#/components/responses/E${status}` };
      const operation: Operation = {
        operationId: opId,
        tags: [tagOf(route.url)],
        summary: `${method.toUpperCase()} ${path}`,
        description: auth,
        security,
        parameters,
        responses,
      };
      if (isZod(schema.body))
        operation.requestBody = { required: true, content: { 'application/json': { schema: jsonSchemaOf(schema.body, 'input', hoist) } } };
      (doc.paths[path] ??= {})[method] = operation;
    }
  }
  return doc;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A readable reference page of the document (no script: the CSP allows none inline, and none is needed). */
export function renderApiReference(doc: OpenApiDocument): string {
  const byTag = new Map<string, { path: string; method: string; op: Operation }[]>();
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const tag = (op.tags as string[])[0]!;
      const list = byTag.get(tag) ?? [];
      list.push({ path, method, op });
      byTag.set(tag, list);
    }
  }
  const json = (v: unknown) => `<pre>${esc(JSON.stringify(v, null, 2))}</pre>`;
  const sections = doc.tags
    .filter((t) => byTag.has(t.name))
    .map((t) => {
      const ops = byTag.get(t.name)!.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
      const items = ops.map(({ path, method, op }) => {
        const params = (op.parameters as Operation[])
          .map((p) => `<li><code>${esc(String(p.name))}</code> (${esc(String(p.in))}${p.required ? ', required' : ''})</li>`)
          .join('');
        const body = op.requestBody
          ? `<details><summary>Request body</summary>${json((op.requestBody as { content: Record<string, { schema: unknown }> }).content['application/json']!.schema)}</details>`
          : '';
        const answers = Object.entries(op.responses as Record<string, Operation>)
          .map(([status, r]) => {
            const schema = (r.content as Record<string, { schema: unknown }> | undefined)?.['application/json']?.schema;
            return `<details><summary>${esc(status)}${r.$ref ? ` — ${esc(ERROR_STATUSES[status] ?? '')}` : ''}</summary>${schema ? json(schema) : ''}</details>`;
          })
          .join('');
        const id = esc(String(op.operationId));
        return `<section id="${id}" aria-labelledby="${id}-h"><h3 id="${id}-h"><span class="m m-${esc(method)}">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code></h3><p>${esc(String(op.description))}</p>${params ? `<ul>${params}</ul>` : ''}${body}${answers}</section>`;
      });
      return `<section aria-labelledby="tag-${esc(t.name)}"><h2 id="tag-${esc(t.name)}">${esc(t.name)}</h2><p>${esc(t.description)}</p>${items.join('')}</section>`;
    })
    .join('');
  const count = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Payrail API reference</title><style>
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:70rem;padding:1rem;color:#1f2933}h1{font-size:1.6rem}h2{border-bottom:1px solid #cbd2d9;margin-top:2rem;text-transform:capitalize}
h3{font-size:1rem;margin:1.25rem 0 .25rem}code{font:13px ui-monospace,monospace;word-break:break-all}pre{background:#f5f7fa;padding:.5rem;overflow:auto;font-size:12px}
.m{display:inline-block;min-width:4rem;padding:0 .25rem;border-radius:3px;color:#fff;background:#3e4c59;font-size:12px;text-align:center}.m-get{background:#1f5f8b}.m-post{background:#2f6b3b}.m-delete{background:#9b1c1c}.m-put,.m-patch{background:#7a4a00}
summary{cursor:pointer}a{color:#1f5f8b}</style></head><body><main><h1>Payrail API reference</h1>
<p>${count} operations, generated from the server's own schemas. Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${esc(doc.openapi)}, version ${esc(doc.info.version)}).</p>
<p>${esc(doc.info.description)}</p>${sections}</main></body></html>`;
}
