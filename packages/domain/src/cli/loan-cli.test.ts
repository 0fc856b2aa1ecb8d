import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './loan-cli';

const SCHEDULE_IN = {
  amount_cents: 300000,
  origination_fee_cents: 9000,
  fee_financed: true,
  annual_rate_percent: '15.5',
  frequency: 'monthly',
  number_of_payments: 12,
  disbursement_date: '2024-01-15',
  first_payment_date: '2024-01-31',
};

const run = (command: string | undefined, input: unknown) => runCli(command, typeof input === 'string' ? input : JSON.stringify(input));
const json = (stdout: string) => JSON.parse(stdout) as Record<string, unknown>;

describe('loan CLI (in process)', () => {
  it('schedule: disclosures and rows (golden figures from derive-goldens.py)', () => {
    const r = run('schedule', SCHEDULE_IN);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout.endsWith('}\n')).toBe(true);
    const out = json(r.stdout);
    expect(out).toMatchObject({
      note_principal_cents: 309000,
      amount_financed_cents: 300000,
      regular_payment_cents: 27963,
      final_payment_cents: 27961,
      total_interest_cents: 26554,
      finance_charge_cents: 35554,
      total_of_payments_cents: 335554,
      apr_percent: '22.9071',
    });
    expect((out.schedule as unknown[])[1]).toEqual({
      n: 2,
      due_date: '2024-02-29',
      payment_cents: 27963,
      interest_cents: 3682,
      principal_cents: 24281,
      balance_cents: 260747,
    });
  });

  it('accepts frequency aliases', () => {
    expect(json(run('schedule', { ...SCHEDULE_IN, frequency: 'semi-monthly' }).stdout).regular_payment_cents).toBeTypeOf('number');
    expect(run('schedule', { ...SCHEDULE_IN, frequency: 'bi-weekly' }).code).toBe(0);
  });

  it('apr: Appendix J (c)(1)(i) monthly example', () => {
    const payments = Array.from({ length: 24 }, (_, k) => {
      const m = 2 + k;
      return { date: `${String(1978 + Math.floor((m - 1) / 12))}-${String(((m - 1) % 12) + 1).padStart(2, '0')}-10`, amount_cents: 23000 };
    });
    const r = run('apr', { amount_financed_cents: 500000, advance_date: '1978-01-10', frequency: 'monthly', payments });
    expect(r.code).toBe(0);
    expect(json(r.stdout)).toEqual({ apr_percent: '9.6857' });
  });

  it('payoff: golden payoff after 3 on-time payments', () => {
    const payments_made = [
      { date: '2024-01-31', amount_cents: 27963 },
      { date: '2024-02-29', amount_cents: 27963 },
      { date: '2024-03-31', amount_cents: 27963 },
    ];
    const r = run('payoff', { ...SCHEDULE_IN, as_of: '2024-05-10', payments_made });
    expect(r.code).toBe(0);
    expect(json(r.stdout)).toEqual({ payoff_cents: 240082, per_diem_cents: 88, principal_cents: 236152, interest_cents: 3930, fees_cents: 0 });
  });

  it.each([
    ['schedule', 'not json', /not valid JSON/],
    ['schedule', '[1,2]', /one JSON object/],
    ['schedule', { ...SCHEDULE_IN, amount_cents: undefined }, /missing field "amount_cents"/],
    ['schedule', { ...SCHEDULE_IN, amount_cents: 12.5 }, /"amount_cents" must be/],
    ['schedule', { ...SCHEDULE_IN, annual_rate_percent: 15.5 }, /"annual_rate_percent"/],
    ['schedule', { ...SCHEDULE_IN, frequency: 'daily' }, /"frequency"/],
    ['schedule', { ...SCHEDULE_IN, fee_financed: 'yes' }, /"fee_financed"/],
    ['schedule', { ...SCHEDULE_IN, disbursement_date: '2024-02-30' }, /"disbursement_date"/],
    ['schedule', { ...SCHEDULE_IN, first_payment_date: '2024-01-10' }, /"first_payment_date"/],
    ['schedule', { ...SCHEDULE_IN, amount_cents: 3, origination_fee_cents: 0, annual_rate_percent: '0' }, /invalid terms/],
    ['apr', { amount_financed_cents: 1000, advance_date: '2025-01-01', frequency: 'monthly', payments: [] }, /"payments" must not be empty/],
    [
      'apr',
      { amount_financed_cents: 1000, advance_date: '2025-01-01', frequency: 'monthly', payments: [{ date: '2025-02-01' }] },
      /"payments\[0\]\.amount_cents"/,
    ],
    ['payoff', { ...SCHEDULE_IN, as_of: '2024-03-01' }, /missing field "payments_made"/],
    ['payoff', { ...SCHEDULE_IN, as_of: '2024-03-01', payments_made: [{ date: '2024-04-01', amount_cents: 100 }] }, /"payments_made\[0\]\.date"/],
    ['refinance', {}, /unknown command "refinance"/],
    [undefined, {}, /unknown command/],
  ])('%s with bad input exits 2 with one line naming the problem (%#)', (command, input, message) => {
    const r = run(command, input);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});

describe('loan CLI (spawned process)', () => {
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
  const cli = path.join(repoRoot, 'packages/domain/src/cli/loan-cli.ts');
  const spawn = (args: string[], input: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], { cwd: repoRoot, input, encoding: 'utf8', timeout: 30_000 });

  it('writes one JSON object and exits 0', () => {
    const r = spawn(['schedule'], JSON.stringify(SCHEDULE_IN));
    expect(r.status).toBe(0);
    expect(json(r.stdout).apr_percent).toBe('22.9071');
  });

  it('exits 2 on bad input with a single stderr line and empty stdout', () => {
    const r = spawn(['apr'], '{"advance_date":"2025-01-01"}');
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toEqual(['loan-cli: missing field "amount_financed_cents"']);
  });
});
