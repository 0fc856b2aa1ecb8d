/**
 * Re-presentment of a returned ACH debit (NACHA; ach.ts), as a property of whole chains: one debit presented,
 * returned with random codes after random delays, and presented again as often as `representmentDate` allows.
 * Whatever the codes, dates and delay, the chain must keep to the rules stated here (apart from ach.ts):
 * (1) at most MAX_REPRESENTMENTS (2) presentments after the original — the borrower's one authorised debit is
 *     never taken more than three times in all, and a returned one never silently more;
 * (2) only R01 and R09 are presented again; any other return ends the chain;
 * (3) a re-presentment is on a business day, at least `delay` business days after the return (so strictly
 *     after it), and no later than 180 days after the original entry's effective date;
 * (4) the chain moves forward: each presentment after the previous one; the description is "RETRY PYMT"
 *     exactly on a re-presentment; the SEC code of the chain never changes;
 * (5) an entry settles on a business day no earlier than its effective date, and once settled stays settled.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addBusinessDays, adjustToBusinessDay, isBusinessDay } from '../calendar';
import { addDays, parseIsoDate } from '../dates';
import type { IsoDate } from '../dates';
import {
  MAX_REPRESENTMENTS,
  RETURN_CODES,
  RETURN_REASONS,
  REPRESENTMENT_WINDOW_DAYS,
  entryDescription,
  isSettled,
  representmentDate,
  secCodeFor,
  settlementDate,
} from './ach';
import type { DebitKind, ReturnCode } from './ach';

const dayArb: fc.Arbitrary<IsoDate> = fc.integer({ min: 0, max: 3 * 365 }).map((n) => addDays(parseIsoDate('2025-01-01'), n));
const kindArb: fc.Arbitrary<DebitKind> = fc.constantFrom('one_time', 'payoff', 'auto_debit');
/** Mostly the retryable codes, so that chains grow long. */
const codeArb: fc.Arbitrary<ReturnCode> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<ReturnCode>('R01', 'R09') },
  { weight: 1, arbitrary: fc.constantFrom<ReturnCode>(...RETURN_CODES) },
);
/** One return of the chain: its code and how many business days after its presentment the bank sent it back (up to ~4 months). */
const returnArb = fc.record({ code: codeArb, after: fc.integer({ min: 0, max: 90 }) });

type Presentment = { n: number; on: IsoDate; description: string; sec: string };

/** Presents `requested` (moved to a business day), then again for each return while representmentDate allows. */
function chain(kind: DebitKind, requested: IsoDate, returns: readonly { code: ReturnCode; after: number }[], delay: number) {
  const original = adjustToBusinessDay(requested);
  const presented: Presentment[] = [{ n: 0, on: original, description: entryDescription(kind, 0), sec: secCodeFor(kind) }];
  const trail: string[] = [`presented ${original}`];
  for (const r of returns) {
    const last = presented[presented.length - 1]!;
    const returnedOn = addBusinessDays(last.on, r.after);
    const next = representmentDate({ code: r.code, originalEffectiveDate: original, representment: last.n, returnedOn }, delay);
    trail.push(`${r.code} on ${returnedOn} → ${next ?? 'not presented again'}`);
    const why = trail.join('; ');
    if (next === null) {
      // (2) and (1): the chain ends only for a reason the rules give.
      const allowed = RETURN_REASONS[r.code].retryable && last.n < MAX_REPRESENTMENTS;
      if (allowed)
        expect(
          addBusinessDays(adjustToBusinessDay(returnedOn), delay) > addDays(original, REPRESENTMENT_WINDOW_DAYS),
          `(3) ended inside the window: ${why}`,
        ).toBe(true);
      return { presented, trail };
    }
    // (2) only R01/R09; (1) at most two after the original.
    expect(RETURN_REASONS[r.code].retryable, `(2) ${r.code} presented again: ${why}`).toBe(true);
    expect(last.n + 1, `(1) more than ${String(MAX_REPRESENTMENTS)} re-presentments: ${why}`).toBeLessThanOrEqual(MAX_REPRESENTMENTS);
    // (3) a business day, after the return by the delay, inside 180 days of the original.
    expect(isBusinessDay(next), `(3) not a business day: ${why}`).toBe(true);
    expect(next > returnedOn, `(3) not after the return: ${why}`).toBe(true);
    expect(next >= addBusinessDays(adjustToBusinessDay(returnedOn), delay), `(3) before the delay: ${why}`).toBe(true);
    expect(next <= addDays(original, REPRESENTMENT_WINDOW_DAYS), `(3) past 180 days: ${why}`).toBe(true);
    // (4) forward, "RETRY PYMT", one SEC code.
    expect(next > last.on, `(4) not after the previous presentment: ${why}`).toBe(true);
    presented.push({ n: last.n + 1, on: next, description: entryDescription(kind, last.n + 1), sec: secCodeFor(kind) });
  }
  return { presented, trail };
}

describe('re-presentment of a returned debit (NACHA), whole chains', () => {
  it('at most two re-presentments, R01/R09 only, on business days after the return and within 180 days', () => {
    fc.assert(
      fc.property(kindArb, dayArb, fc.array(returnArb, { maxLength: 5 }), fc.integer({ min: 1, max: 10 }), (kind, requested, returns, delay) => {
        const { presented, trail } = chain(kind, requested, returns, delay);
        expect(presented.length, trail.join('; ')).toBeLessThanOrEqual(1 + MAX_REPRESENTMENTS);
        for (const p of presented) {
          expect(p.description === 'RETRY PYMT', `(4) description of presentment ${String(p.n)}`).toBe(p.n > 0);
          expect(p.sec).toBe(presented[0]!.sec);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('a return that the rules allow to retry, soon enough, is always presented again (an authorised debit is not dropped)', () => {
    fc.assert(
      fc.property(
        dayArb,
        fc.constantFrom<ReturnCode>('R01', 'R09'),
        fc.integer({ min: 0, max: 1 }),
        fc.integer({ min: 0, max: 60 }),
        (requested, code, n, after) => {
          const original = adjustToBusinessDay(requested);
          const returnedOn = addBusinessDays(original, after);
          expect(representmentDate({ code, originalEffectiveDate: original, representment: n, returnedOn }, 3)).not.toBeNull();
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('an entry settles on a business day on or after its effective date, and stays settled', () => {
    fc.assert(
      fc.property(dayArb, fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 40 }), (effective, window, a, b) => {
        const settles = settlementDate(effective, window);
        expect(isBusinessDay(settles)).toBe(true);
        expect(settles >= effective).toBe(true);
        const earlier = addDays(effective, Math.min(a, b));
        const later = addDays(effective, Math.max(a, b));
        if (isSettled(effective, earlier, window)) expect(isSettled(effective, later, window)).toBe(true);
        expect(isSettled(effective, settles, window)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});
