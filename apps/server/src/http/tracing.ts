import { context, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import type { Context, Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contextWithSpan, extractTraceContext, failSpan, injectTraceContext } from '../lib/tracing';
import type { Tracing } from '../lib/tracing';
import { redactUrl } from '../lib/redact-url';

const TRACE = Symbol('payrail.trace');
type Traced = FastifyRequest & { [TRACE]?: { span: Span; ctx: Context } };

/**
 * One server span per request (docs/operations.md, "Tracing"): named `<METHOD> <route template>`, with the
 * method, the path (masked as in the access log), the route and the status; 5xx marks it failed. An
 * incoming W3C `traceparent` makes it a child of the caller's span; the answer carries the request's own
 * `traceparent`, so a caller or proxy can find the trace. The rest of the request (hooks, handler, its SQL
 * statements) runs in the span's context. Nothing is registered when tracing is off.
 */
export function registerTracing(app: FastifyInstance, tracing: Tracing | null): void {
  if (!tracing) return;
  const { tracer } = tracing;

  app.addHook('onRequest', (req, reply, done) => {
    const parent = extractTraceContext(req.headers);
    const path = req.url.split('?', 1)[0] ?? req.url;
    const span = tracer.startSpan(
      req.method,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method, 'url.path': redactUrl(path), 'url.scheme': req.protocol } },
      parent,
    );
    const ctx = contextWithSpan(parent, tracer, span);
    (req as Traced)[TRACE] = { span, ctx };
    for (const [name, value] of Object.entries(injectTraceContext({}, ctx))) reply.header(name, value);
    context.with(ctx, done);
  });

  // A body is read from the socket's events, which run outside the request's context: the handler (and
  // the hooks just before it) enter it again.
  app.addHook('preHandler', (req, _reply, done) => {
    const traced = (req as Traced)[TRACE];
    if (!traced) return done();
    context.with(traced.ctx, done);
  });

  app.addHook('onError', (req, _reply, err, done) => {
    const traced = (req as Traced)[TRACE];
    if (traced) failSpan(traced.span, err);
    done();
  });

  app.addHook('onResponse', (req, reply, done) => {
    const traced = (req as Traced)[TRACE];
    if (traced) {
      const route = req.routeOptions.url;
      const status = reply.statusCode;
      if (route) {
        traced.span.setAttribute('http.route', route);
        traced.span.updateName(`${req.method} ${route}`);
      }
      traced.span.setAttribute('http.response.status_code', status);
      if (status >= 500) traced.span.setStatus({ code: SpanStatusCode.ERROR });
      traced.span.end();
      (req as Traced)[TRACE] = undefined;
    }
    done();
  });

  app.addHook('onRequestAbort', (req, done) => {
    const traced = (req as Traced)[TRACE];
    if (traced) {
      traced.span.setStatus({ code: SpanStatusCode.ERROR, message: 'The client closed the connection.' });
      traced.span.end();
      (req as Traced)[TRACE] = undefined;
    }
    done();
  });

  app.addHook('onClose', () => tracing.shutdown());
}
