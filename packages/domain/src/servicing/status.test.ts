import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { IsoDate } from '../dates';
import { DEFAULT_STATUS_THRESHOLDS, LOAN_STATUSES, daysPastDue, isTerminalStatus, nextLoanStatus, statusThresholds } from './status';
import type { LoanStatus } from './status';

const d = (s: string): IsoDate => s as IsoDate;

describe('daysPastDue', () => {
  it('is 0 with nothing past due', () => expect(daysPastDue(null, d('2026-01-10'))).toBe(0));
  it('is 0 on the due date itself and counts calendar days after it', () => {
    expect(daysPastDue(d('2026-01-10'), d('2026-01-10'))).toBe(0);
    expect(daysPastDue(d('2026-01-10'), d('2026-01-11'))).toBe(1);
    expect(daysPastDue(d('2026-01-31'), d('2026-03-01'))).toBe(29);
    expect(daysPastDue(d('2024-01-31'), d('2024-03-01'))).toBe(30); // leap year
  });
  it('is never negative (a due date in the future)', () => expect(daysPastDue(d('2026-02-01'), d('2026-01-10'))).toBe(0));
});

describe('statusThresholds', () => {
  it('keeps valid thresholds and documents the defaults', () => {
    expect(statusThresholds(30, 120)).toEqual({ defaultDays: 30, chargeOffDays: 120 });
    expect(DEFAULT_STATUS_THRESHOLDS).toEqual({ defaultDays: 30, chargeOffDays: 120 });
  });
  it.each([[0, 120], [-1, 120], [30, 30], [30, 10], [1.5, 120], [30, Number.NaN]])('refuses %s / %s', (a, b) => {
    expect(() => statusThresholds(a, b)).toThrow(RangeError);
  });
});

describe('nextLoanStatus', () => {
  const t = DEFAULT_STATUS_THRESHOLDS;
  it('keeps an opened loan opened below the default threshold', () => {
    expect(nextLoanStatus({ status: 'opened', balanceCents: 100, daysPastDue: 0 })).toBe('opened');
    expect(nextLoanStatus({ status: 'opened', balanceCents: 100, daysPastDue: t.defaultDays - 1 })).toBe('opened');
  });
  it('defaults at the threshold and charges off at 120', () => {
    expect(nextLoanStatus({ status: 'opened', balanceCents: 100, daysPastDue: t.defaultDays })).toBe('default');
    expect(nextLoanStatus({ status: 'default', balanceCents: 100, daysPastDue: 119 })).toBe('default');
    expect(nextLoanStatus({ status: 'default', balanceCents: 100, daysPastDue: 120 })).toBe('charge_off');
    expect(nextLoanStatus({ status: 'opened', balanceCents: 100, daysPastDue: 400 })).toBe('charge_off');
  });
  it('closes at a zero balance from opened or default', () => {
    expect(nextLoanStatus({ status: 'opened', balanceCents: 0, daysPastDue: 0 })).toBe('closed_paid');
    expect(nextLoanStatus({ status: 'default', balanceCents: 0, daysPastDue: 50 })).toBe('closed_paid');
  });
  it('does not cure a default on its own', () => {
    expect(nextLoanStatus({ status: 'default', balanceCents: 100, daysPastDue: 0 })).toBe('default');
  });
  it('never touches pending or terminal loans', () => {
    for (const s of ['pending', 'closed_paid', 'closed_refinanced', 'charge_off'] as const) {
      expect(nextLoanStatus({ status: s, balanceCents: 0, daysPastDue: 500 })).toBe(s);
      expect(nextLoanStatus({ status: s, balanceCents: 100, daysPastDue: 500 })).toBe(s);
    }
    expect(isTerminalStatus('opened')).toBe(false);
  });
  it('uses configured thresholds', () => {
    expect(nextLoanStatus({ status: 'opened', balanceCents: 1, daysPastDue: 90 }, statusThresholds(90, 180))).toBe('default');
    expect(nextLoanStatus({ status: 'opened', balanceCents: 1, daysPastDue: 89 }, statusThresholds(90, 180))).toBe('opened');
  });
  it('property: applying the rule twice changes nothing (idempotent) and never moves back to opened', () => {
    fc.assert(
      fc.property(fc.constantFrom<LoanStatus>(...LOAN_STATUSES), fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 400 }), (status, balanceCents, dpd) => {
        const once = nextLoanStatus({ status, balanceCents, daysPastDue: dpd });
        expect(nextLoanStatus({ status: once, balanceCents, daysPastDue: dpd })).toBe(once);
        if (status !== 'opened' && status !== 'pending') expect(once).not.toBe('opened');
      }),
    );
  });
});
