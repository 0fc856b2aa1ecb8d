import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, compareIsoDates, fromEpochDay, parseIsoDate, toEpochDay } from '../dates';
import { cents } from '../money';
import type { Cents } from '../money';
import { WORKING_TIME_RANGES } from '../validation/working-time';
import { decide, worstOutcome } from './decide';
import type { Decision } from './decide';
import { DEFAULT_RULE_SET } from './default-rule-set';
import { DOCUMENT_TYPES } from './facts';
import type { ApplicationFacts, EmployerProgram } from './facts';
import { defineRuleSet } from './rule-set';
import type { RuleSet } from './rule-set';

const today = parseIsoDate('2026-11-01');
const good: ApplicationFacts = {
  stateAvailable: true,
  dateOfBirth: parseIsoDate('1985-06-15'),
  workingTimeRange: '3_5',
  employmentStartDate: parseIsoDate('2022-03-01'),
  militaryActive: false,
  employerProgram: 'federal_allotment',
  annualIncomeCents: cents(60_000_00),
  requestedAmountCents: cents(5_000_00),
  requiredDocuments: ['driver_license', 'pay_stub'],
  uploadedDocuments: ['driver_license', 'pay_stub'],
};
const run = (change: Partial<ApplicationFacts> = {}, set: RuleSet = DEFAULT_RULE_SET, on = today): Decision => decide({ ...good, ...change }, set, on);
const codes = (d: Decision): string[] => d.reasons.map((r) => r.code);

describe('approve', () => {
  it('approves good facts with no reasons and records the version, date, inputs and maximum', () => {
    const d = run();
    expect(d).toEqual({
      outcome: 'approve',
      reasons: [],
      maxAmountCents: 10_000_00,
      ruleSetVersion: '2026-11-01',
      decidedOn: '2026-11-01',
      inputs: good,
      adverseActionReasons: [],
      notQualifiedReason: null,
      reapplyOn: null,
      trace: DEFAULT_RULE_SET.rules.map((r) => expect.objectContaining({ ruleId: r.id, verdict: 'pass' })),
    });
  });
  it('approves a partner employer without documents', () => {
    const d = run({ employerProgram: 'b2b_partner', uploadedDocuments: [] });
    expect(d.outcome).toBe('approve');
    expect(d.maxAmountCents).toBe(7_500_00);
    expect(d.trace.find((t) => t.ruleId === 'documents_complete')?.verdict).toBe('not_applicable');
  });
});

describe('refer', () => {
  it('refers missing documents for a non-partner employer', () => {
    const d = run({ uploadedDocuments: ['pay_stub'] });
    expect(d.outcome).toBe('refer');
    expect(d.reasons).toEqual([
      {
        ruleId: 'documents_complete',
        code: 'document_missing',
        detail: 'driver_license not uploaded',
        outcome: 'refer',
        adverseActionText: 'Unable to verify identity',
      },
    ]);
    expect(d.adverseActionReasons).toEqual([]);
    expect(d.notQualifiedReason).toBeNull();
    expect(d.reapplyOn).toBeNull();
  });
  it('refers an amount above the maximum (counteroffer) and reports the maximum', () => {
    const d = run({ annualIncomeCents: cents(30_000_00), requestedAmountCents: cents(8_000_00) });
    expect(d.outcome).toBe('refer');
    expect(codes(d)).toEqual(['amount_above_max']);
    expect(d.maxAmountCents).toBe(6_000_00);
  });
  it('refers a new employer pending review, with the pending-review cap', () => {
    const d = run({ employerProgram: 'pending_review' });
    expect(d.outcome).toBe('refer');
    expect(codes(d)).toEqual(['employer_review']);
    expect(d.maxAmountCents).toBe(5_000_00);
  });
  it('refers every missing fact once per rule that needs it', () => {
    const d = run({ annualIncomeCents: null, militaryActive: null });
    expect(d.outcome).toBe('refer');
    expect(d.reasons.map((r) => `${r.ruleId}:${r.code}`)).toEqual([
      'not_active_military:information_missing',
      'income_supports_minimum_loan:information_missing',
      'amount_within_max:information_missing',
    ]);
    expect(d.maxAmountCents).toBe(0);
  });
});

describe('deny', () => {
  it('denies short tenure with its texts and reapplies on the first anniversary', () => {
    const d = run({ workingTimeRange: 'lt_1', employmentStartDate: parseIsoDate('2026-03-15') });
    expect(d.outcome).toBe('deny');
    expect(d.reasons).toEqual([
      {
        ruleId: 'minimum_tenure',
        code: 'tenure_too_short',
        detail: 'working time range lt_1 is too short',
        outcome: 'deny',
        adverseActionText: 'Length of employment',
      },
    ]);
    expect(d.adverseActionReasons).toEqual(['Length of employment']);
    expect(d.notQualifiedReason).toBe('our program requires at least one year at current job');
    expect(d.reapplyOn).toBe('2027-03-15');
  });
  it('denies short tenure without a start date: reapply in 180 days', () => {
    expect(run({ workingTimeRange: 'lt_1', employmentStartDate: null }).reapplyOn).toBe('2027-04-30');
  });
  it('denies active military (MLA) for 90 days', () => {
    const d = run({ militaryActive: true });
    expect(d.adverseActionReasons).toEqual(['We do not grant credit to any applicant on the terms and conditions you have requested']);
    expect(d.notQualifiedReason).toBe('Our loans are not available to active-duty members of the armed forces.');
    expect(d.reapplyOn).toBe('2027-01-30');
  });
  it('denies an under-age applicant until the 18th birthday', () => {
    const d = run({ dateOfBirth: parseIsoDate('2008-12-25') });
    expect(d.notQualifiedReason).toBe('Unfortunately, you need to be of legal age.');
    expect(d.reapplyOn).toBe('2026-12-25');
  });
  it('denies an unavailable state and a non-eligible employer', () => {
    expect(run({ stateAvailable: false })).toMatchObject({
      outcome: 'deny',
      notQualifiedReason: 'We are not working with this State yet!',
      reapplyOn: '2027-01-30',
      adverseActionReasons: ['We do not make loans in your state of residence'],
    });
    const e = run({ employerProgram: 'not_eligible' });
    expect(e).toMatchObject({ outcome: 'deny', maxAmountCents: 0 });
    expect(codes(e)).toEqual(['employer_not_eligible']);
  });
  it('denies insufficient income; the over-maximum refer rides along but deny wins', () => {
    const d = run({ annualIncomeCents: cents(2_000_00), requestedAmountCents: cents(1_000_00) });
    expect(d.outcome).toBe('deny');
    expect(codes(d)).toEqual(['income_insufficient', 'amount_above_max']);
    expect(d.adverseActionReasons).toEqual(['Income insufficient for amount of credit requested']);
    expect(d.maxAmountCents).toBe(400_00);
  });
});

describe('combinations and precedence (deny > refer > approve)', () => {
  it('a deny and a refer deny, recording both reasons in rule order', () => {
    const d = run({ militaryActive: true, uploadedDocuments: [] });
    expect(d.outcome).toBe('deny');
    expect(d.reasons.map((r) => `${r.outcome}:${r.code}`)).toEqual(['deny:military_active', 'refer:document_missing', 'refer:document_missing']);
    expect(d.adverseActionReasons).toEqual(['We do not grant credit to any applicant on the terms and conditions you have requested']); // only deny reasons go on the notice
  });
  it('several denies: principal reasons in rule order, the first gives the not-qualified text, the latest date wins', () => {
    const d = run({ stateAvailable: false, workingTimeRange: 'lt_1', employmentStartDate: parseIsoDate('2026-06-01'), militaryActive: true });
    expect(codes(d)).toEqual(['state_unavailable', 'military_active', 'tenure_too_short']);
    expect(d.adverseActionReasons).toEqual([
      'We do not make loans in your state of residence',
      'We do not grant credit to any applicant on the terms and conditions you have requested',
      'Length of employment',
    ]);
    expect(d.notQualifiedReason).toBe('We are not working with this State yet!');
    expect(d.reapplyOn).toBe('2027-06-01'); // tenure anniversary is after today + 90
  });
  it('caps the notice at four principal reasons and drops duplicate texts', () => {
    const d = run({
      stateAvailable: false,
      dateOfBirth: parseIsoDate('2010-01-01'),
      militaryActive: true,
      employerProgram: 'not_eligible',
      workingTimeRange: 'lt_1',
      annualIncomeCents: cents(1_000_00),
    });
    expect(d.reasons.filter((r) => r.outcome === 'deny')).toHaveLength(6);
    expect(d.adverseActionReasons).toHaveLength(4);
    expect(d.adverseActionReasons[0]).toBe('We do not make loans in your state of residence');
    const dup = defineRuleSet({
      ...DEFAULT_RULE_SET,
      version: 'dup',
      rules: DEFAULT_RULE_SET.rules.map((r) => (r.onFail.outcome === 'deny' ? { ...r, onFail: { ...r.onFail, adverseActionText: 'Same' } } : r)),
    });
    expect(run({ stateAvailable: false, militaryActive: true }, dup).adverseActionReasons).toEqual(['Same']);
  });
  it('worstOutcome orders deny > refer > approve', () => {
    expect(worstOutcome([])).toBe('approve');
    expect(worstOutcome(['approve', 'refer'])).toBe('refer');
    expect(worstOutcome(['refer', 'deny', 'approve'])).toBe('deny');
    expect(worstOutcome(['deny', 'refer'])).toBe('deny');
  });
});

describe('versioning', () => {
  it('records the version of the rule set that decided; a new version changes the outcome, not the old decisions', () => {
    const stricter = defineRuleSet({
      ...DEFAULT_RULE_SET,
      version: '2027-01-01',
      effectiveFrom: parseIsoDate('2027-01-01'),
      rules: DEFAULT_RULE_SET.rules.map((r) => (r.check.kind === 'minimum_tenure' ? { ...r, check: { ...r.check, ineligibleRanges: ['lt_1', '1_3'] } } : r)),
    });
    const facts = { ...good, workingTimeRange: '1_3' as const };
    const before = decide(facts, DEFAULT_RULE_SET, today);
    const after = decide(facts, stricter, parseIsoDate('2027-01-02'));
    expect([before.outcome, before.ruleSetVersion]).toEqual(['approve', '2026-11-01']);
    expect([after.outcome, after.ruleSetVersion]).toEqual(['deny', '2027-01-01']);
    expect(decide(before.inputs, DEFAULT_RULE_SET, before.decidedOn)).toEqual(before); // replay
  });
  it("supports a 'never' reapply policy", () => {
    const never = defineRuleSet({
      ...DEFAULT_RULE_SET,
      version: 'never-test',
      rules: DEFAULT_RULE_SET.rules.map((r) =>
        r.id === 'not_active_military' && r.onFail.outcome === 'deny' ? { ...r, onFail: { ...r.onFail, reapply: { kind: 'never' } } } : r,
      ),
    });
    expect(run({ militaryActive: true, stateAvailable: false }, never).reapplyOn).toBe('never');
  });
  it('uses a rule-specific onMissing when given', () => {
    const strict = defineRuleSet({
      ...DEFAULT_RULE_SET,
      version: 'missing-test',
      rules: DEFAULT_RULE_SET.rules.map((r) =>
        r.id === 'not_active_military' ? { ...r, onMissing: { outcome: 'refer', code: 'military_status_unknown' } } : r,
      ),
    });
    expect(run({ militaryActive: null }, strict).reasons).toEqual([
      { ruleId: 'not_active_military', code: 'military_status_unknown', detail: 'military status unknown', outcome: 'refer', adverseActionText: null },
    ]);
  });
});

describe('inputs', () => {
  it('records a frozen copy that later edits of the caller’s arrays cannot change', () => {
    const docs = ['driver_license', 'pay_stub'] as ApplicationFacts['uploadedDocuments'][number][];
    const d = decide({ ...good, uploadedDocuments: docs }, DEFAULT_RULE_SET, today);
    docs.pop();
    expect(d.inputs.uploadedDocuments).toEqual(['driver_license', 'pay_stub']);
    expect(Object.isFrozen(d.inputs)).toBe(true);
    expect(Object.isFrozen(d)).toBe(true);
  });
  it('refuses malformed amounts and document types', () => {
    expect(() => run({ requestedAmountCents: 0 as Cents })).toThrow(RangeError);
    expect(() => run({ requestedAmountCents: 10.5 as Cents })).toThrow(RangeError);
    expect(() => run({ annualIncomeCents: -1 as Cents })).toThrow(RangeError);
    expect(() => run({ requiredDocuments: ['passport' as never] })).toThrow(RangeError);
  });
});

describe('properties', () => {
  const nullable = <T>(a: fc.Arbitrary<T>): fc.Arbitrary<T | null> => fc.option(a, { nil: null, freq: 6 });
  const date = (from: string, to: string) => fc.integer({ min: toEpochDay(parseIsoDate(from)), max: toEpochDay(parseIsoDate(to)) }).map(fromEpochDay);
  const programs: EmployerProgram[] = ['b2b_partner', 'federal_allotment', 'split_direct_deposit', 'not_eligible', 'pending_review'];
  const facts: fc.Arbitrary<ApplicationFacts> = fc.record({
    stateAvailable: nullable(fc.boolean()),
    dateOfBirth: nullable(date('1930-01-01', '2015-12-31')),
    workingTimeRange: nullable(fc.constantFrom(...WORKING_TIME_RANGES)),
    employmentStartDate: nullable(date('1990-01-01', '2026-12-31')),
    militaryActive: nullable(fc.boolean()),
    employerProgram: nullable(fc.constantFrom(...programs)),
    annualIncomeCents: nullable(fc.integer({ min: 0, max: 500_000_00 }).map(cents)),
    requestedAmountCents: fc.integer({ min: 1, max: 20_000_00 }).map(cents),
    requiredDocuments: fc.subarray([...DOCUMENT_TYPES]),
    uploadedDocuments: fc.subarray([...DOCUMENT_TYPES]),
  });
  const day = date('2026-01-01', '2030-12-31');

  it('is deterministic: the same facts and date give the same decision, and a replay of the record gives it again', () => {
    fc.assert(
      fc.property(facts, day, (f, on) => {
        const a = decide(f, DEFAULT_RULE_SET, on);
        const b = decide(structuredClone(f), DEFAULT_RULE_SET, on);
        expect(b).toEqual(a);
        expect(decide(a.inputs, DEFAULT_RULE_SET, a.decidedOn)).toEqual(a);
      }),
      { numRuns: 500 },
    );
  });

  it('every deny has at least one deny reason with adverse-action text, a not-qualified text and a future reapply date', () => {
    fc.assert(
      fc.property(facts, day, (f, on) => {
        const d = decide(f, DEFAULT_RULE_SET, on);
        if (d.outcome !== 'deny') return;
        const denies = d.reasons.filter((r) => r.outcome === 'deny');
        expect(denies.length).toBeGreaterThanOrEqual(1);
        for (const r of denies) expect(r.adverseActionText?.trim()).toBeTruthy();
        expect(d.adverseActionReasons.length).toBeGreaterThanOrEqual(1);
        expect(d.adverseActionReasons.length).toBeLessThanOrEqual(DEFAULT_RULE_SET.maxAdverseActionReasons);
        expect(d.notQualifiedReason).toBeTruthy();
        expect(d.reapplyOn).not.toBeNull();
        if (d.reapplyOn !== 'never' && d.reapplyOn !== null) expect(compareIsoDates(d.reapplyOn, on)).toBeGreaterThan(0);
      }),
      { numRuns: 1000 },
    );
  });

  it('the outcome is the worst reason; approve has no reasons; only a deny carries notice, text and date', () => {
    fc.assert(
      fc.property(facts, day, (f, on) => {
        const d = decide(f, DEFAULT_RULE_SET, on);
        expect(d.outcome).toBe(worstOutcome(d.reasons.map((r) => r.outcome)));
        expect(d.ruleSetVersion).toBe('2026-11-01');
        expect(d.trace.map((t) => t.ruleId)).toEqual(DEFAULT_RULE_SET.rules.map((r) => r.id));
        if (d.outcome !== 'deny') {
          expect([d.adverseActionReasons, d.notQualifiedReason, d.reapplyOn]).toEqual([[], null, null]);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('the maximum never exceeds the program cap or the income share, and is a multiple of the step', () => {
    const m = DEFAULT_RULE_SET.maxAmount;
    fc.assert(
      fc.property(facts, (f) => {
        const d = decide(f, DEFAULT_RULE_SET, today);
        expect(d.maxAmountCents % m.stepCents).toBe(0);
        expect(d.maxAmountCents).toBeLessThanOrEqual(Math.max(...Object.values(m.programCapsCents)));
        if (f.annualIncomeCents !== null) expect(d.maxAmountCents).toBeLessThanOrEqual(Math.ceil(f.annualIncomeCents / 5));
        if (d.outcome === 'approve') expect(f.requestedAmountCents).toBeLessThanOrEqual(d.maxAmountCents);
      }),
      { numRuns: 500 },
    );
  });

  it('an approve stays an approve on any later day while the applicant only gets older (no clock inside)', () => {
    fc.assert(
      fc.property(facts, fc.integer({ min: 0, max: 3000 }), (f, later) => {
        const d = decide(f, DEFAULT_RULE_SET, today);
        if (d.outcome === 'approve') expect(decide(f, DEFAULT_RULE_SET, addDays(today, later)).outcome).toBe('approve');
      }),
      { numRuns: 300 },
    );
  });
});
