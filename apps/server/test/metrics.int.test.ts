/**
 * Operations (issue #30): `/metrics` in Prometheus text after real requests — request latency per route
 * pattern and status, what the loan book holds (ledger entries by kind, payments by mode/method/status, ACH
 * returns by code, the daily run's claim queue and last completed day), the outbox, daily-run duration and
 * loans serviced — and `/api/ready`, distinct from health. Both databases.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IsoDate } from '@payrail/domain/dates';
import { runDailyServicing } from '../src/modules/loan-book/use-cases/daily-run';
import { fundedLoan } from './collections-helpers';
import { call, signUpConfirmed } from './identity-helpers';
import { type TestApp, testApp } from './test-app';

let app: TestApp;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

/** The value of one sample line (`name{labels} value`), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[^}]*\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = m[2] ? m[2].slice(1, -1).split(/,(?=[a-zA-Z_]+=)/) : [];
    if (want.every((w) => have.includes(w))) return Number(m[3]);
  }
  return undefined;
}
const scrape = async (headers: Record<string, string> = {}) => {
  const res = await call(app, { url: '/metrics', headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
};

describe('GET /metrics', () => {
  it('counts requests by route pattern (never the raw URL) and status, with latency buckets', async () => {
    const before = sample(await scrape(), 'payrail_http_request_duration_seconds_count', { method: 'GET', route: '/api/health', status_code: '200' }) ?? 0;
    for (let i = 0; i < 3; i += 1) expect((await call(app, { url: '/api/health' })).statusCode).toBe(200);
    expect((await call(app, { url: '/api/loans/documents/download/987654321' })).statusCode).toBe(401);
    const text = await scrape();
    expect(sample(text, 'payrail_http_request_duration_seconds_count', { method: 'GET', route: '/api/health', status_code: '200' })).toBe(before + 3);
    expect(
      sample(text, 'payrail_http_request_duration_seconds_count', { method: 'GET', route: '/api/loans/documents/download/:id', status_code: '401' }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('987654321');
    expect(sample(text, 'payrail_http_request_duration_seconds_bucket', { method: 'GET', route: '/api/health', status_code: '200', le: '+Inf' })).toBe(
      before + 3,
    );
    expect(sample(text, 'payrail_database_up', { kind: app.ctx.database.kind })).toBe(1);
  });

  it('shows what the loan book and the outbox hold, and the daily run: duration, loans serviced, claim queue', async () => {
    const loan = await fundedLoan(app, { disbursementDate: '2036-03-02', firstPaymentDate: '2036-04-02' });
    await signUpConfirmed(app); // a confirmation e-mail in the outbox
    const text = await scrape();
    expect(sample(text, 'payrail_ledger_entries', { kind: 'disbursement' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'payrail_outbox_messages', { channel: 'email', status: 'sent' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'payrail_daily_run_claims', { status: 'pending' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'payrail_daily_run_last_completed_day_timestamp_seconds')).toBeGreaterThanOrEqual(0);

    const runsBefore = sample(text, 'payrail_daily_run_duration_seconds_count', { outcome: 'completed' }) ?? 0;
    const loansBefore = sample(text, 'payrail_daily_run_loans_serviced_total') ?? 0;
    const report = await runDailyServicing(app.ctx, { from: '2036-03-03' as IsoDate, through: '2036-03-03' as IsoDate });
    expect(report.loansProcessed).toBeGreaterThanOrEqual(1);
    const after = await scrape();
    expect(sample(after, 'payrail_daily_run_duration_seconds_count', { outcome: 'completed' })).toBe(runsBefore + 1);
    expect(sample(after, 'payrail_daily_run_loans_serviced_total')).toBe(loansBefore + report.loansProcessed);
    expect(sample(after, 'payrail_daily_run_business_days_total')).toBeGreaterThanOrEqual(1);
    expect(loan.loanId).toBeGreaterThan(0);
  });

  it('asks for the bearer token when METRICS_TOKEN is set', async () => {
    const guarded = await testApp({ config: { metricsToken: 'a-metrics-token-for-tests' } });
    try {
      expect((await call(guarded, { url: '/metrics' })).statusCode).toBe(401);
      expect((await call(guarded, { url: '/metrics', headers: { authorization: 'Bearer wrong-token-wrong-token' } })).statusCode).toBe(401);
      const ok = await call(guarded, { url: '/metrics', headers: { authorization: 'Bearer a-metrics-token-for-tests' } });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('# TYPE payrail_http_request_duration_seconds histogram');
    } finally {
      await guarded.close();
    }
  });
});

describe('deploy/grafana-dashboard.json', () => {
  it('charts only metrics the server exports (process figures aside, which tests do not collect)', async () => {
    const dashboard = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../../deploy/grafana-dashboard.json'), 'utf8')) as {
      panels: { targets: { expr: string }[] }[];
    };
    const names = new Set(dashboard.panels.flatMap((p) => p.targets.flatMap((t) => t.expr.match(/payrail_[a-z0-9_]+/g) ?? [])));
    expect(names.size).toBeGreaterThan(8);
    const text = await scrape();
    const exported = new Set(
      text
        .split('\n')
        .filter((l) => l.startsWith('# TYPE '))
        .map((l) => l.split(' ')[2]!),
    );
    const missing = [...names].filter((n) => !n.startsWith('payrail_process_') && !exported.has(n.replace(/_(bucket|sum|count)$/, '')));
    expect(missing).toEqual([]);
  });
});

describe('GET /api/ready', () => {
  it('is ready when the database answers and carries every migration of this build (health is separate)', async () => {
    const res = await call(app, { url: '/api/ready' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: app.ctx.database.kind, reason: null });
    expect((await call(app, { url: '/api/health' })).json()).toEqual({ status: 'ok', database: app.ctx.database.kind });
  });
});
