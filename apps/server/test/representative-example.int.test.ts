import type { TRepresentativeExample } from '@payrail/contract/application';
import { nextBusinessDay } from '@payrail/domain/calendar';
import type { IsoDate } from '@payrail/domain/dates';
import { quoteLoan } from '@payrail/domain/loan/disclosure';
import { formatAprForDisclosure } from '@payrail/domain/loan/apr';
import { cents } from '@payrail/domain/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstPaymentDate } from '@payrail/domain/loan/first-payment-date';
import { type TestApp, testApp } from './test-app';

let app: TestApp;
const NOW = new Date('2026-12-01T15:00:00Z');
beforeAll(async () => {
  app = await testApp({ now: () => NOW });
});
afterAll(() => app.close());

describe('GET /api/representative_example', () => {
  it('states the APR range, amounts, terms and a worked example whose APR the loan engine computes', async () => {
    const res = await app.inject('/api/representative_example');
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json<TRepresentativeExample>();
    expect(Number(r.apr_min)).toBeGreaterThan(0);
    expect(Number(r.apr_max)).toBeGreaterThanOrEqual(Number(r.apr_min));
    expect(r.amount_min).toBeLessThan(r.amount_max);
    expect(r.term_months_min).toBeLessThanOrEqual(r.term_months_max);
    expect(r.as_of).toBe('2026-12-01');
    const e = r.example;
    expect(e).toMatchObject({ amount: 3_000_00, term_frequency: 'biweekly' });
    expect(Number(e.apr)).toBeGreaterThanOrEqual(Number(r.apr_min));
    expect(Number(e.apr)).toBeLessThanOrEqual(Number(r.apr_max));
    // Recomputed independently from the example's own terms: the same schedule and APR.
    const disbursement = nextBusinessDay('2026-12-01' as IsoDate);
    const q = quoteLoan({
      amountCents: cents(e.amount),
      originationFeeCents: cents(e.fee_amount),
      feeFinanced: e.fee_financed,
      annualRatePercent: e.interest_rate,
      frequency: 'biweekly',
      numberOfPayments: e.number_of_payments,
      disbursementDate: disbursement,
      firstPaymentDate: firstPaymentDate('biweekly', disbursement, null),
    });
    expect(e.apr).toBe(formatAprForDisclosure(q.disclosure.aprPercent));
    expect(e).toMatchObject({
      payment_per_term: q.schedule.regularPaymentCents,
      total_of_payments: q.disclosure.totalOfPaymentsCents,
      finance_charge: q.disclosure.financeChargeCents,
    });
    expect(e.total_of_payments).toBe(e.amount_financed + e.finance_charge);
  });
});
