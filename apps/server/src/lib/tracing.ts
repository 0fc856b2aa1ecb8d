import { context, createContextKey, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { Attributes, Context, Span, Tracer } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, ConsoleSpanExporter, NodeTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import type { SpanExporter, SpanProcessor } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';

/**
 * OpenTelemetry tracing (docs/operations.md, "Tracing"): off unless configured. Spans are made by hand,
 * no auto-instrumentation or loader hook (the server runs as an esbuild bundle and under tsx):
 * - one server span per HTTP request (http/tracing.ts), continuing an incoming W3C `traceparent`;
 * - a client span per SQL statement under it (db/client.ts calls `sqlSpan`), text only, never the values;
 * - a span per background job (`withJobSpan`, called by the job runner around each handler).
 *
 * The tracer travels in the active context (AsyncLocalStorage), so a statement knows whose request or
 * job it serves and an app built without tracing makes no span even in a process where another has it
 * on (tests). When no app turned tracing on, `sqlSpan` and `withJobSpan` are one boolean test.
 */
export type TracingConfig = {
  /** `off` (default), `otlp` (OTLP over HTTP to `otlpEndpoint`), `console` (spans printed to stdout). */
  exporter: 'off' | 'otlp' | 'console';
  /** The collector's base URL (OTEL_EXPORTER_OTLP_ENDPOINT, e.g. http://localhost:4318); `/v1/traces` is added. */
  otlpEndpoint: string | undefined;
  serviceName: string;
};

export type Tracing = {
  tracer: Tracer;
  /** Exports what is buffered (tests, shutdown). */
  forceFlush(): Promise<void>;
  shutdown(): Promise<void>;
};

const TRACER_KEY = createContextKey('payrail.tracer');
/** Set once any tracing was created in this process: until then the hooks below cost one test. */
let hooksOn = false;
/** The tracer jobs use (the last tracing created; null when none). */
let jobTracer: Tracer | null = null;
/** The context manager and propagator are process-wide; the first provider registers them. */
let registered = false;

/**
 * The tracing the configuration asks for, or null when it is off (nothing is installed then). `exporter`
 * (tests: an InMemorySpanExporter) replaces the configured one and exports each span as it ends.
 */
export function createTracing(config: TracingConfig, opts: { exporter?: SpanExporter } = {}): Tracing | null {
  if (config.exporter === 'off' && !opts.exporter) return null;
  let processor: SpanProcessor;
  if (opts.exporter) processor = new SimpleSpanProcessor(opts.exporter);
  else if (config.exporter === 'console') processor = new SimpleSpanProcessor(new ConsoleSpanExporter());
  else {
    const url = config.otlpEndpoint ? `${config.otlpEndpoint.replace(/\/+$/, '')}/v1/traces` : undefined;
    // Without an endpoint the exporter reads OTEL_EXPORTER_OTLP_TRACES_ENDPOINT or uses http://localhost:4318/v1/traces.
    processor = new BatchSpanProcessor(new OTLPTraceExporter(url ? { url } : {}));
  }
  const provider = new NodeTracerProvider({ resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: config.serviceName }), spanProcessors: [processor] });
  if (!registered) {
    // AsyncLocalStorage context manager and the W3C trace-context propagator for the whole process.
    provider.register();
    registered = true;
  }
  const tracer = provider.getTracer('payrail');
  hooksOn = true;
  jobTracer = tracer;
  return {
    tracer,
    forceFlush: () => provider.forceFlush(),
    shutdown: async () => {
      if (jobTracer === tracer) jobTracer = null;
      await provider.shutdown();
    },
  };
}

/** `ctx` with `span` active and `tracer` for the work under it (its SQL statements). */
export function contextWithSpan(ctx: Context, tracer: Tracer, span: Span): Context {
  return trace.setSpan(ctx, span).setValue(TRACER_KEY, tracer);
}

/** The W3C trace context (`traceparent`, `tracestate`) an incoming request carries, as a parent context (the root when none). */
export function extractTraceContext(headers: Record<string, string | string[] | undefined>): Context {
  return propagation.extract(ROOT_CONTEXT, headers, {
    keys: (carrier) => Object.keys(carrier),
    get: (carrier, key) => {
      const value = carrier[key];
      return Array.isArray(value) ? value[0] : value;
    },
  });
}

/** Adds `traceparent` (and `tracestate`) of `ctx` (default: the active one) to outgoing headers; none when nothing is traced. */
export function injectTraceContext(headers: Record<string, string>, ctx: Context = context.active()): Record<string, string> {
  if (hooksOn) propagation.inject(ctx, headers);
  return headers;
}

/** True once some tracing is on in this process (the database client wraps a transaction's connection only then). */
export const tracingActive = (): boolean => hooksOn;

const MAX_STATEMENT = 2048;
const OPERATION = /^\s*([a-z]+)/i;

/**
 * Runs one SQL statement under a client span when the work it serves is traced (a request or job span is
 * active); otherwise runs it as it is. The span holds the statement's text with its `$n` placeholders:
 * drizzle sends every value as a parameter, and parameters are never recorded.
 */
export function sqlSpan<T>(system: 'postgresql' | 'pglite', statement: string, run: () => Promise<T>): Promise<T> {
  if (!hooksOn) return run();
  const active = context.active();
  const tracer = active.getValue(TRACER_KEY) as Tracer | undefined;
  if (!tracer) return run();
  const operation = (OPERATION.exec(statement)?.[1] ?? 'SQL').toUpperCase();
  const attributes: Attributes = {
    'db.system.name': 'postgresql',
    'db.operation.name': operation,
    'db.query.text': statement.length > MAX_STATEMENT ? `${statement.slice(0, MAX_STATEMENT)}…` : statement,
  };
  if (system === 'pglite') attributes['db.client'] = 'pglite';
  const span = tracer.startSpan(operation, { kind: SpanKind.CLIENT, attributes }, active);
  return run().then(
    (result) => {
      span.end();
      return result;
    },
    (err: unknown) => {
      // The SQLSTATE only: a database's message can quote a value (invalid input syntax for …: "…").
      const code = (err as { code?: unknown }).code;
      if (typeof code === 'string') span.setAttribute('db.response.status_code', code);
      span.setStatus({ code: SpanStatusCode.ERROR, message: typeof code === 'string' ? `SQLSTATE ${code}` : 'failed' });
      span.end();
      throw err;
    },
  );
}

/** Marks a span failed with the error's name and message (never a stack: it may quote data). */
export function failSpan(span: Span, err: unknown): void {
  const error = err instanceof Error ? err : new Error(String(err));
  span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
  span.addEvent('exception', { 'exception.type': error.name, 'exception.message': error.message });
}

/**
 * Runs a background job's handler under a span of its own (`job <queue>`), its SQL statements under it.
 * The job runner calls it around each handler; without tracing it only calls `fn`.
 */
export function withJobSpan<T>(queue: string, fn: () => Promise<T>, job: { id?: string; attempt?: number } = {}): Promise<T> {
  const tracer = hooksOn ? jobTracer : null;
  if (!tracer) return fn();
  const attributes: Attributes = { 'messaging.system': 'payrail-jobs', 'messaging.destination.name': queue, 'messaging.operation.type': 'process' };
  if (job.id !== undefined) attributes['messaging.message.id'] = job.id;
  if (job.attempt !== undefined) attributes['payrail.job.attempt'] = job.attempt;
  // A job is a trace of its own (its root), whatever context sent it.
  const span = tracer.startSpan(`job ${queue}`, { kind: SpanKind.CONSUMER, attributes, root: true });
  // Awaited inside the context: a lazy thenable (a drizzle query) starts its work when awaited, so it must be awaited there.
  return context
    .with(contextWithSpan(context.active(), tracer, span), async () => await fn())
    .then(
      (result) => {
        span.end();
        return result;
      },
      (err: unknown) => {
        failSpan(span, err);
        span.end();
        throw err;
      },
    );
}
