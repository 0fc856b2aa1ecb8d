import { Histogram, Registry, type RegistryContentType } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestLatencyHistogram } from './metrics';

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The same requests through prom-client's own histogram and through RequestLatencyHistogram, each in a registry of its own. */
function both(requests: [method: string, route: string, status: number, seconds: number][]) {
  const reference = new Registry<RegistryContentType>();
  const histogram = new Histogram({
    name: 'payrail_http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: BUCKETS,
    registers: [reference],
  });
  const ours = new Registry<RegistryContentType>();
  const latency = new RequestLatencyHistogram(BUCKETS);
  ours.registerMetric(latency as never);
  for (const [method, route, status, seconds] of requests) {
    histogram.observe({ method, route, status_code: String(status) }, seconds);
    latency.observe(method, route, status, seconds);
  }
  return { reference, ours, latency };
}

describe('RequestLatencyHistogram', () => {
  const requests: [string, string, number, number][] = [
    ['GET', '/api/states', 200, 0.0031],
    ['GET', '/api/states', 200, 0.005], // on a bound: counted in it
    ['GET', '/api/states', 304, 0.0002],
    ['POST', '/api/about_yourself/update_field', 422, 0.07],
    ['GET', 'unmatched', 404, 12.5], // beyond the last bound: +Inf, sum and count only
    ['GET', '/api/states', 200, 0.3],
    ['GET', '/api/employers/:id', 200, 1],
    ['GET', '/api/path "with" \\ odd\ncharacters', 500, 0.02],
  ];

  it('writes the very Prometheus text prom-client writes for the same requests', async () => {
    const { reference, ours } = both(requests);
    const text = await ours.metrics();
    expect(text).toBe(await reference.metrics());
    expect(text).toContain('payrail_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/states",status_code="200"} 2');
    expect(text).toContain('payrail_http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"} 1');
  });

  it('answers the same JSON and OpenMetrics text, and is emptied by a reset', async () => {
    const { reference, ours } = both(requests);
    expect(await ours.getMetricsAsJSON()).toEqual(await reference.getMetricsAsJSON());
    reference.setContentType(Registry.OPENMETRICS_CONTENT_TYPE);
    ours.setContentType(Registry.OPENMETRICS_CONTENT_TYPE);
    expect(await ours.metrics()).toBe(await reference.metrics());
    ours.resetMetrics();
    reference.resetMetrics();
    expect(await ours.metrics()).toBe(await reference.metrics());
  });
});
