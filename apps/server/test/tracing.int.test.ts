import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-node';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-node';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { DEMO_STAFF_PASSWORD } from '../src/db/seed';
import { createTracing, withJobSpan } from '../src/lib/tracing';
import type { Tracing } from '../src/lib/tracing';
import { testConfig, testDatabase, type TestApp } from './test-app';

/**
 * Tracing (docs/operations.md, "Tracing"): a real request through the whole app with an in-memory
 * exporter. A server span per request with its route and status, a client span per SQL statement under
 * it (text with placeholders, never the values), an incoming `traceparent` continued, a job span with its
 * statements, and no span at all from an app built with tracing off.
 */

const exporter = new InMemorySpanExporter();
let tracing: Tracing;
let traced: TestApp;
let untraced: TestApp;

const TRACE_CONFIG = { exporter: 'off', otlpEndpoint: undefined, serviceName: 'payrail-test' } as const;

async function login(app: TestApp, headers: Record<string, string> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/backoffice/login',
    headers,
    payload: { email: 'admin@payrail.test', password: DEMO_STAFF_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return res;
}

const serverSpans = () => exporter.getFinishedSpans().filter((s) => s.kind === SpanKind.SERVER);
const childrenOf = (parent: ReadableSpan) =>
  exporter
    .getFinishedSpans()
    .filter((s) => s.parentSpanContext?.spanId === parent.spanContext().spanId && s.spanContext().traceId === parent.spanContext().traceId);

beforeAll(async () => {
  const database = await testDatabase();
  tracing = createTracing(TRACE_CONFIG, { exporter })!;
  traced = await buildApp({ config: testConfig(), database, tracing });
  untraced = await buildApp({ config: testConfig(), database, tracing: null });
  await Promise.all([traced.ready(), untraced.ready()]);
});

afterAll(async () => {
  await untraced.close();
  await traced.close();
});

beforeEach(() => exporter.reset());

describe('tracing', () => {
  it('is off unless configured: TRACING or OTEL_EXPORTER_OTLP_ENDPOINT turns it on', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).tracing.exporter).toBe('off');
    expect(createTracing(loadConfig({ NODE_ENV: 'test' }).tracing)).toBeNull();
    expect(loadConfig({ NODE_ENV: 'test', TRACING: 'console' }).tracing.exporter).toBe('console');
    const otlp = loadConfig({ NODE_ENV: 'test', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).tracing;
    expect(otlp).toEqual({ exporter: 'otlp', otlpEndpoint: 'http://collector:4318', serviceName: 'payrail' });
    expect(loadConfig({ NODE_ENV: 'test', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', TRACING: 'off' }).tracing.exporter).toBe('off');
    expect(() => loadConfig({ NODE_ENV: 'test', TRACING: 'jaeger' })).toThrow(/TRACING/);
    expect(() => loadConfig({ NODE_ENV: 'test', OTEL_EXPORTER_OTLP_ENDPOINT: 'not a url' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
  });

  it('makes a server span per request with the route and status, and a SQL span per statement under it', async () => {
    const res = await login(traced);
    const token = res.headers['authorization'] as string;
    const [span] = serverSpans();
    expect(serverSpans()).toHaveLength(1);
    expect(span!.name).toBe('POST /api/backoffice/login');
    expect(span!.attributes).toMatchObject({
      'http.request.method': 'POST',
      'http.route': '/api/backoffice/login',
      'url.path': '/api/backoffice/login',
      'http.response.status_code': 200,
    });
    expect(span!.status.code).not.toBe(SpanStatusCode.ERROR);
    // The answer names the request's own span (propagation out).
    expect(res.headers['traceparent']).toBe(`00-${span!.spanContext().traceId}-${span!.spanContext().spanId}-01`);

    const statements = childrenOf(span!);
    expect(statements.length).toBeGreaterThan(0);
    for (const s of statements) {
      expect(s.kind).toBe(SpanKind.CLIENT);
      expect(s.attributes['db.system.name']).toBe('postgresql');
      const text = String(s.attributes['db.query.text']);
      expect(s.name).toBe(String(s.attributes['db.operation.name']));
      // Values travel as parameters and are never recorded.
      expect(text).not.toContain('admin@payrail.test');
      expect(text).not.toContain(DEMO_STAFF_PASSWORD);
    }
    expect(statements.some((s) => /staff/i.test(String(s.attributes['db.query.text'])) && String(s.attributes['db.query.text']).includes('$1'))).toBe(true);

    // A route with a parameter is named by its template; a refusal is not a failure of the server.
    exporter.reset();
    const missing = await traced.inject({ method: 'GET', url: '/api/backoffice/loans/999999999', headers: { authorization: token } });
    expect(missing.statusCode).toBeGreaterThanOrEqual(400);
    expect(missing.statusCode).toBeLessThan(500);
    const [read] = serverSpans();
    expect(read!.attributes['http.route']).toBe('/api/backoffice/loans/:loanId');
    expect(read!.name).toBe('GET /api/backoffice/loans/:loanId');
    expect(read!.attributes['http.response.status_code']).toBe(missing.statusCode);
    expect(childrenOf(read!).length).toBeGreaterThan(0);
  });

  it('continues an incoming W3C traceparent', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const parentId = '00f067aa0ba902b7';
    const res = await login(traced, { traceparent: `00-${traceId}-${parentId}-01` });
    const [span] = serverSpans();
    expect(span!.spanContext().traceId).toBe(traceId);
    expect(span!.parentSpanContext?.spanId).toBe(parentId);
    expect(span!.parentSpanContext?.isRemote).toBe(true);
    expect(res.headers['traceparent']).toBe(`00-${traceId}-${span!.spanContext().spanId}-01`);
    expect(childrenOf(span!).every((s) => s.spanContext().traceId === traceId)).toBe(true);
    expect(childrenOf(span!).length).toBeGreaterThan(0);
  });

  it('two requests at once keep their statements apart', async () => {
    await Promise.all([login(traced), login(traced)]);
    const spans = serverSpans();
    expect(spans).toHaveLength(2);
    const [a, b] = spans.map((s) => childrenOf(s).length);
    expect(a).toBeGreaterThan(0);
    expect(a).toBe(b);
    const sqlSpans = exporter.getFinishedSpans().filter((s) => s.kind === SpanKind.CLIENT);
    expect(sqlSpans).toHaveLength(a! + b!);
  });

  it('makes a span per job, its statements under it', async () => {
    const database = await testDatabase();
    await withJobSpan('test.queue', () => database.db.execute(sql`select ${'a value'}::text as v`), { id: 'job-1', attempt: 2 });
    const [job] = exporter.getFinishedSpans().filter((s) => s.kind === SpanKind.CONSUMER);
    expect(job!.name).toBe('job test.queue');
    expect(job!.parentSpanContext).toBeUndefined();
    expect(job!.attributes).toMatchObject({ 'messaging.destination.name': 'test.queue', 'messaging.message.id': 'job-1', 'payrail.job.attempt': 2 });
    const [statement] = childrenOf(job!);
    expect(statement!.attributes['db.query.text']).toBe('select $1::text as v');

    // Statements inside a transaction (a connection of its own on PostgreSQL) are under the span too.
    exporter.reset();
    await withJobSpan('test.queue', () => database.db.transaction((tx) => tx.execute(sql`select ${'in a transaction'}::text as w`)));
    const [inTx] = exporter.getFinishedSpans().filter((s) => s.kind === SpanKind.CONSUMER);
    expect(childrenOf(inTx!).map((s) => s.attributes['db.query.text'])).toContain('select $1::text as w');

    // A failed statement says its SQLSTATE, never the database's message (it can quote a value).
    exporter.reset();
    await expect(withJobSpan('test.queue', () => database.db.execute(sql`select ${'not a number'}::integer`))).rejects.toThrow();
    const [badJob] = exporter.getFinishedSpans().filter((s) => s.kind === SpanKind.CONSUMER);
    const [bad] = childrenOf(badJob!);
    expect(bad!.status).toEqual({ code: SpanStatusCode.ERROR, message: 'SQLSTATE 22P02' });
    expect(bad!.attributes['db.response.status_code']).toBe('22P02');
    expect(JSON.stringify(bad!.events)).not.toContain('not a number');

    exporter.reset();
    await expect(withJobSpan('test.queue', () => Promise.reject(new Error('provider down')))).rejects.toThrow('provider down');
    const [failed] = exporter.getFinishedSpans();
    expect(failed!.status).toEqual({ code: SpanStatusCode.ERROR, message: 'provider down' });
  });

  it('off: an app built without tracing makes no span and sends no traceparent, statements outside a trace make none', async () => {
    const res = await login(untraced, { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' });
    expect(res.headers['traceparent']).toBeUndefined();
    const database = await testDatabase();
    await database.db.execute(sql`select 1`);
    await tracing.forceFlush();
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});
