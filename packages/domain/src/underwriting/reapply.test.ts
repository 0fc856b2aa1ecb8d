import { describe, expect, it } from 'vitest';
import { parseIsoDate } from '../dates';
import { cents } from '../money';
import type { ApplicationFacts } from './facts';
import { latestReapplyOn, reapplyDate } from './reapply';

const today = parseIsoDate('2026-11-01');
const facts: ApplicationFacts = {
  stateAvailable: true,
  dateOfBirth: parseIsoDate('2008-12-25'),
  workingTimeRange: 'lt_1',
  employmentStartDate: parseIsoDate('2026-03-15'),
  militaryActive: false,
  employerProgram: 'federal_allotment',
  annualIncomeCents: cents(60_000_00),
  requestedAmountCents: cents(5_000_00),
  requiredDocuments: [],
  uploadedDocuments: [],
};

describe('reapplyDate (golden dates from 2026-11-01)', () => {
  it('days: today + N', () => {
    expect(reapplyDate({ kind: 'days', days: 90 }, facts, today)).toBe('2027-01-30');
    expect(reapplyDate({ kind: 'days', days: 1 }, facts, today)).toBe('2026-11-02');
    expect(reapplyDate({ kind: 'days', days: 365 }, facts, parseIsoDate('2027-03-01'))).toBe('2028-02-29');
  });
  it('never', () => {
    expect(reapplyDate({ kind: 'never' }, facts, today)).toBe('never');
  });
  it('tenure: the first anniversary of the start date when known', () => {
    const p = { kind: 'tenure_reached', years: 1, fallbackDays: 180 } as const;
    expect(reapplyDate(p, facts, today)).toBe('2027-03-15');
    expect(reapplyDate(p, { ...facts, employmentStartDate: parseIsoDate('2026-10-31') }, today)).toBe('2027-10-31');
    expect(reapplyDate(p, { ...facts, employmentStartDate: parseIsoDate('2025-11-02') }, today)).toBe('2026-11-02'); // tomorrow
    expect(reapplyDate(p, { ...facts, employmentStartDate: parseIsoDate('2024-02-29') }, parseIsoDate('2025-01-10'))).toBe('2025-03-01');
  });
  it('tenure: 180 days when the start date is unknown or contradicts the range', () => {
    const p = { kind: 'tenure_reached', years: 1, fallbackDays: 180 } as const;
    expect(reapplyDate(p, { ...facts, employmentStartDate: null }, today)).toBe('2027-04-30');
    expect(reapplyDate(p, { ...facts, employmentStartDate: parseIsoDate('2025-11-01') }, today)).toBe('2027-04-30'); // anniversary is today
    expect(reapplyDate(p, { ...facts, employmentStartDate: parseIsoDate('2020-01-01') }, today)).toBe('2027-04-30');
  });
  it('age: the birthday of the minimum age, else the fallback', () => {
    const p = { kind: 'age_reached', years: 18, fallbackDays: 90 } as const;
    expect(reapplyDate(p, facts, today)).toBe('2026-12-25');
    expect(reapplyDate(p, { ...facts, dateOfBirth: parseIsoDate('2008-02-29') }, parseIsoDate('2026-02-10'))).toBe('2026-03-01');
    expect(reapplyDate(p, { ...facts, dateOfBirth: null }, today)).toBe('2027-01-30');
    expect(reapplyDate(p, { ...facts, dateOfBirth: parseIsoDate('1980-01-01') }, today)).toBe('2027-01-30');
  });
});

describe('latestReapplyOn', () => {
  it('takes the latest date, never over any date, null for none', () => {
    expect(latestReapplyOn([parseIsoDate('2027-01-30'), parseIsoDate('2027-03-15'), parseIsoDate('2026-12-25')])).toBe('2027-03-15');
    expect(latestReapplyOn([parseIsoDate('2027-01-30'), 'never'])).toBe('never');
    expect(latestReapplyOn([])).toBeNull();
  });
});
