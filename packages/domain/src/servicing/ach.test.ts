import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isBusinessDay } from '../calendar';
import { addDays } from '../dates';
import type { IsoDate } from '../dates';
import {
  MAX_REPRESENTMENTS,
  RETURN_CODES,
  RETURN_REASONS,
  debitTransactionCode,
  effectiveDate,
  entryDescription,
  isReturnCode,
  isSettled,
  representmentDate,
  secCodeFor,
  settlementDate,
} from './ach';

const d = (s: string): IsoDate => s as IsoDate;

describe('SEC and transaction codes', () => {
  it('one-time and payoff are WEB, auto-debit PPD', () => {
    expect(secCodeFor('one_time')).toBe('WEB');
    expect(secCodeFor('payoff')).toBe('WEB');
    expect(secCodeFor('auto_debit')).toBe('PPD');
  });
  it('27 checking, 37 savings', () => {
    expect(debitTransactionCode('checking')).toBe('27');
    expect(debitTransactionCode('savings')).toBe('37');
  });
  it('a re-presented entry says RETRY PYMT', () => {
    expect(entryDescription('auto_debit', 1)).toBe('RETRY PYMT');
    expect(entryDescription('auto_debit', 0)).toBe('LOAN PYMT');
    expect(entryDescription('payoff', 0).length).toBeLessThanOrEqual(10);
  });
});

describe('effective and settlement dates', () => {
  it('moves weekends and Federal holidays to the next business day', () => {
    expect(effectiveDate(d('2026-11-25'))).toBe('2026-11-25'); // Wednesday
    expect(effectiveDate(d('2026-11-26'))).toBe('2026-11-27'); // Thanksgiving → Friday
    expect(effectiveDate(d('2026-11-28'))).toBe('2026-11-30'); // Saturday → Monday
    expect(effectiveDate(d('2026-12-25'))).toBe('2026-12-28'); // Christmas (Friday) → Monday
  });
  it('settles two business days after the effective date', () => {
    expect(settlementDate(d('2026-11-25'))).toBe('2026-11-30'); // Wed → (Thanksgiving) Fri, Mon
    expect(isSettled(d('2026-11-25'), d('2026-11-27'))).toBe(false);
    expect(isSettled(d('2026-11-25'), d('2026-11-30'))).toBe(true);
    expect(settlementDate(d('2026-11-25'), 0)).toBe('2026-11-25');
    expect(() => settlementDate(d('2026-11-25'), -1)).toThrow(RangeError);
  });
  it('property: effective and settlement dates are business days, in order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3650 }), fc.integer({ min: 0, max: 5 }), (offset, window) => {
        const requested = addDays(d('2024-01-01'), offset);
        const eff = effectiveDate(requested);
        expect(isBusinessDay(eff)).toBe(true);
        expect(eff >= requested).toBe(true);
        const settle = settlementDate(eff, window);
        expect(settle >= eff).toBe(true);
        if (window > 0) expect(isBusinessDay(settle)).toBe(true);
      }),
    );
  });
});

describe('return codes', () => {
  it('knows the codes of the issue with their NACHA meaning', () => {
    expect(RETURN_REASONS.R01.title).toBe('Insufficient funds');
    expect(RETURN_REASONS.R02.title).toBe('Account closed');
    expect(RETURN_REASONS.R03.title).toMatch(/No account/);
    expect(RETURN_REASONS.R04.title).toMatch(/Invalid account number/);
    expect(RETURN_REASONS.R07.title).toMatch(/Authorization revoked/);
    expect(RETURN_REASONS.R08.title).toBe('Payment stopped');
    expect(RETURN_REASONS.R10.title).toMatch(/not authorized/);
    expect(RETURN_REASONS.R16.title).toMatch(/frozen/);
    expect(RETURN_REASONS.R29.title).toMatch(/Corporate customer/);
    expect(isReturnCode('R01')).toBe(true);
    expect(isReturnCode('R99')).toBe(false);
  });
  it('only R01 and R09 are retryable', () => {
    expect(RETURN_CODES.filter((c) => RETURN_REASONS[c].retryable)).toEqual(['R01', 'R09']);
    for (const c of RETURN_CODES) expect(RETURN_REASONS[c].code).toBe(c);
  });
});

describe('re-presentment', () => {
  const base = { code: 'R01' as const, originalEffectiveDate: d('2026-11-02'), representment: 0, returnedOn: d('2026-11-04') };
  it('re-presents an R01 three business days after the return', () => {
    expect(representmentDate(base)).toBe('2026-11-09');
  });
  it('at most twice after the original', () => {
    expect(representmentDate({ ...base, representment: 1 })).not.toBeNull();
    expect(representmentDate({ ...base, representment: MAX_REPRESENTMENTS })).toBeNull();
  });
  it('never re-presents other codes', () => {
    for (const code of RETURN_CODES.filter((c) => c !== 'R01' && c !== 'R09')) expect(representmentDate({ ...base, code })).toBeNull();
    expect(representmentDate({ ...base, code: 'R09' })).not.toBeNull();
  });
  it('not beyond 180 days from the original entry', () => {
    expect(representmentDate({ ...base, returnedOn: addDays(base.originalEffectiveDate, 178) })).toBeNull();
    expect(representmentDate({ ...base, returnedOn: addDays(base.originalEffectiveDate, 170) })).not.toBeNull();
  });
  it('property: a chain of R01 returns is presented at most 3 times in all, every date a business day within 180 days', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2000 }), fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 5, maxLength: 5 }), (offset, gaps) => {
        const original = effectiveDate(addDays(d('2024-01-01'), offset));
        let presented = original;
        let count = 1;
        for (let k = 0; k < gaps.length; k++) {
          const next = representmentDate({ code: 'R01', originalEffectiveDate: original, representment: count - 1, returnedOn: addDays(presented, gaps[k]!) });
          if (next === null) break;
          expect(isBusinessDay(next)).toBe(true);
          expect(next <= addDays(original, 180)).toBe(true);
          presented = next;
          count += 1;
        }
        expect(count).toBeLessThanOrEqual(1 + MAX_REPRESENTMENTS);
      }),
    );
  });
});
