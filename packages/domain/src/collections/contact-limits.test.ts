import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callFrequencyRefusal, contactRefusal, contactRefusalMessage, inconvenientHourRefusal } from './contact-limits';
import type { ContactOutcome, PastAttempt } from './contact-limits';
import { collectionsPolicy, DEFAULT_COLLECTIONS_POLICY } from './policy';
import { ALL_US_TIME_ZONES, localTime, timeZonesOfState } from './time-zones';

const P = DEFAULT_COLLECTIONS_POLICY;
const H = 3_600_000;
const DAY = 24 * H;
const t0 = new Date('2027-03-01T15:00:00Z').getTime();
const call = (ms: number, outcome: ContactOutcome = 'no_answer'): PastAttempt => ({ channel: 'call', outcome, at: new Date(ms) });

describe('call frequency (7 call attempts in 7 days per debt)', () => {
  it('allows the 7th call in 7 days and refuses the 8th, until the oldest leaves the window', () => {
    const six = Array.from({ length: 6 }, (_, i) => call(t0 + i * H));
    expect(callFrequencyRefusal(P, six, 'call', new Date(t0 + 6 * H))).toBeNull();
    const seven = [...six, call(t0 + 6 * H)];
    const r = callFrequencyRefusal(P, seven, 'call', new Date(t0 + 7 * H));
    expect(r).toMatchObject({ kind: 'call_limit', attempts: 7 });
    expect(r && r.kind === 'call_limit' ? r.nextAllowedAt.getTime() : 0).toBe(t0 + 7 * DAY + 1);
    expect(callFrequencyRefusal(P, seven, 'call', new Date(t0 + 7 * DAY))).not.toBeNull(); // exactly 7×24h later: still inside
    expect(callFrequencyRefusal(P, seven, 'call', new Date(t0 + 7 * DAY + 1))).toBeNull();
  });
  it('counts calls only: texts, e-mails and letters are not call attempts and are never frequency-limited', () => {
    const seven = Array.from({ length: 7 }, (_, i) => call(t0 + i * H));
    const mixed: PastAttempt[] = Array.from({ length: 20 }, (_, i) => ({ channel: i % 2 ? 'sms' : 'email', outcome: 'sent', at: new Date(t0 + i * H) }));
    expect(callFrequencyRefusal(P, mixed, 'call', new Date(t0 + DAY))).toBeNull();
    expect(callFrequencyRefusal(P, seven, 'sms', new Date(t0 + DAY))).toBeNull();
    expect(callFrequencyRefusal(P, seven, 'letter', new Date(t0 + DAY))).toBeNull();
  });
  it('is per policy: a stricter limit is data, not code', () => {
    const strict = { ...P, callFrequency: { maxAttempts: 3, windowDays: 7 } };
    const three = Array.from({ length: 3 }, (_, i) => call(t0 + i * H));
    expect(callFrequencyRefusal(strict, three, 'call', new Date(t0 + DAY))).toMatchObject({ kind: 'call_limit' });
    expect(callFrequencyRefusal(P, three, 'call', new Date(t0 + DAY))).toBeNull();
  });
  it('refuses a call within 7 days after a conversation; a missed call does not start the quiet period', () => {
    expect(callFrequencyRefusal(P, [call(t0, 'spoke_with_borrower')], 'call', new Date(t0 + 3 * DAY))).toMatchObject({ kind: 'after_conversation' });
    expect(callFrequencyRefusal(P, [call(t0, 'promise_to_pay')], 'call', new Date(t0 + 7 * DAY + 1))).toBeNull();
    expect(callFrequencyRefusal(P, [call(t0, 'left_message')], 'call', new Date(t0 + H))).toBeNull();
    expect(callFrequencyRefusal({ ...P, quietDaysAfterConversation: 0 }, [call(t0, 'spoke_with_borrower')], 'call', new Date(t0 + H))).toBeNull();
  });
  it('property: whatever is asked, the accepted calls never hold an 8th attempt in any 7-day window', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.integer({ min: 0, max: 30 * DAY }), fc.constantFrom<ContactOutcome>('no_answer', 'left_message', 'spoke_with_borrower', 'wrong_number')),
          { maxLength: 80 },
        ),
        (asks) => {
          const accepted: PastAttempt[] = [];
          for (const [offset, outcome] of [...asks].sort((a, b) => a[0] - b[0])) {
            const at = new Date(t0 + offset);
            if (callFrequencyRefusal(P, accepted, 'call', at) === null) accepted.push(call(at.getTime(), outcome));
          }
          for (const a of accepted) {
            const inWindow = accepted.filter((b) => b.at.getTime() >= a.at.getTime() - 7 * DAY && b.at.getTime() <= a.at.getTime());
            expect(inWindow.length).toBeLessThanOrEqual(7);
            const talkBefore = accepted.some(
              (b) => b !== a && b.at.getTime() < a.at.getTime() && b.at.getTime() >= a.at.getTime() - 7 * DAY && ['spoke_with_borrower'].includes(b.outcome),
            );
            expect(talkBefore).toBe(false);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
  it('property: without conversations, a call refused is refused exactly because 7 calls are in its window', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 * DAY }), { maxLength: 40 }), fc.integer({ min: 0, max: 21 * DAY }), (past, ask) => {
        const attempts = past.map((p) => call(t0 + p));
        const at = new Date(t0 + ask);
        const inWindow = attempts.filter((a) => a.at.getTime() >= at.getTime() - 7 * DAY && a.at.getTime() <= at.getTime()).length;
        expect(callFrequencyRefusal(P, attempts, 'call', at) !== null).toBe(inWindow >= 7);
      }),
    );
  });
});

describe('convenient hours in the borrower’s time zone', () => {
  it('derives the zones from the address state; multi-zone states list every zone; unknown gives every US zone', () => {
    expect(timeZonesOfState('de')).toEqual(['America/New_York']);
    expect(timeZonesOfState('TX')).toEqual(['America/Chicago', 'America/Denver']);
    expect(timeZonesOfState(null)).toBe(ALL_US_TIME_ZONES);
    expect(timeZonesOfState('ZZ')).toContain('Pacific/Honolulu');
  });
  it('reads local time with daylight saving', () => {
    expect(localTime(new Date('2027-01-15T13:00:00Z'), 'America/New_York')).toEqual({ hour: 8, minute: 0 });
    expect(localTime(new Date('2027-07-15T12:00:00Z'), 'America/New_York')).toEqual({ hour: 8, minute: 0 });
    expect(localTime(new Date('2027-01-15T00:59:00Z'), 'America/Los_Angeles')).toEqual({ hour: 16, minute: 59 });
  });
  it('allows 8:00 to 20:59 local; refuses 7:59 and 21:00', () => {
    const ny = ['America/New_York'];
    expect(inconvenientHourRefusal(P, ny, new Date('2027-01-15T13:00:00Z'))).toBeNull();
    expect(inconvenientHourRefusal(P, ny, new Date('2027-01-15T12:59:00Z'))).toMatchObject({ kind: 'inconvenient_hour', localHour: 7, localMinute: 59 });
    expect(inconvenientHourRefusal(P, ny, new Date('2027-01-16T01:59:00Z'))).toBeNull();
    expect(inconvenientHourRefusal(P, ny, new Date('2027-01-16T02:00:00Z'))).toMatchObject({ localHour: 21 });
  });
  it('a multi-zone state must be convenient in every zone', () => {
    // 13:30 UTC in January: 8:30 in Chicago but 7:30 in Denver (west Texas).
    const r = inconvenientHourRefusal(P, timeZonesOfState('TX'), new Date('2027-01-15T14:30:00Z'));
    expect(r).toMatchObject({ zone: 'America/Denver', localHour: 7 });
  });
  it('contactRefusal checks the hour for calls, texts and e-mails, not letters; the messages say why', () => {
    const night = new Date('2027-01-15T06:00:00Z');
    const ny = ['America/New_York'];
    const r = contactRefusal(P, [], { channel: 'call', at: night, zones: ny });
    expect(r).toMatchObject({ kind: 'inconvenient_hour' });
    expect(contactRefusalMessage(P, r!)).toBe(
      'Contact refused: it is 01:00 for the borrower (America/New_York); contact is allowed from 08:00 to 21:00 their time.',
    );
    expect(contactRefusal(P, [], { channel: 'email', at: night, zones: ny })).not.toBeNull();
    expect(contactRefusal(P, [], { channel: 'letter', at: night, zones: ny })).toBeNull();
    const seven = Array.from({ length: 7 }, (_, i) => call(t0 + i * H));
    const limit = contactRefusal(P, seven, { channel: 'call', at: new Date(t0 + 8 * H), zones: ny })!;
    expect(contactRefusalMessage(P, limit)).toMatch(/^Call refused: 7 call attempts were already made on this loan in the last 7 days \(the limit is 7\)/);
    expect(contactRefusalMessage(P, callFrequencyRefusal(P, [call(t0, 'spoke_with_borrower')], 'call', new Date(t0 + H))!)).toMatch(
      /^Call refused: you spoke with the borrower/,
    );
  });
});

describe('policy', () => {
  it('takes the charge-off day from configuration and drops notice days at or after it', () => {
    expect(collectionsPolicy(120).pastDueNoticeDays).toEqual([1, 15, 30, 60, 90]);
    expect(collectionsPolicy(45)).toMatchObject({ chargeOffDays: 45, pastDueNoticeDays: [1, 15, 30] });
  });
});
