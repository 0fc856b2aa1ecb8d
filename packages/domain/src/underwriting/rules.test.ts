/** Every rule of DEFAULT_RULE_SET alone: it passes on good facts, and fails (or refers) on bad or missing ones. */
import { describe, expect, it } from 'vitest';
import { parseIsoDate } from '../dates';
import { cents } from '../money';
import { checkContext, evaluateRule } from './decide';
import { DEFAULT_RULE_SET } from './default-rule-set';
import type { ApplicationFacts } from './facts';
import type { Rule } from './rule-set';

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
const rule = (id: string): Rule => {
  const r = DEFAULT_RULE_SET.rules.find((x) => x.id === id);
  if (!r) throw new Error(id);
  return r;
};
const run = (id: string, change: Partial<ApplicationFacts> = {}) => {
  const facts = { ...good, ...change };
  return evaluateRule(rule(id), facts, checkContext(facts, DEFAULT_RULE_SET, today), DEFAULT_RULE_SET.missingInformation);
};
const summary = (id: string, change: Partial<ApplicationFacts> = {}): string[] => {
  const r = run(id, change);
  return [r.trace.verdict, ...r.reasons.map((x) => `${x.outcome}:${x.code}`)];
};

describe('each rule passes on good facts', () => {
  it.each(DEFAULT_RULE_SET.rules.map((r) => r.id))('%s', (id) => {
    expect(run(id).reasons).toEqual([]);
    expect(run(id).trace.verdict).toBe('pass');
  });
});

describe('state_available', () => {
  it('denies an unavailable state, refers an unknown one', () => {
    expect(summary('state_available', { stateAvailable: false })).toEqual(['fail', 'deny:state_unavailable']);
    expect(summary('state_available', { stateAvailable: null })).toEqual(['missing', 'refer:information_missing']);
  });
});

describe('legal_age', () => {
  it('passes on the 18th birthday and denies the day before', () => {
    expect(summary('legal_age', { dateOfBirth: parseIsoDate('2008-11-01') })).toEqual(['pass']);
    expect(summary('legal_age', { dateOfBirth: parseIsoDate('2008-11-02') })).toEqual(['fail', 'deny:under_legal_age']);
  });
  it('records the age in the detail and refers a missing date of birth', () => {
    expect(run('legal_age', { dateOfBirth: parseIsoDate('2008-11-02') }).reasons[0]?.detail).toBe('age 17 on 2026-11-01 (minimum 18)');
    expect(summary('legal_age', { dateOfBirth: null })).toEqual(['missing', 'refer:information_missing']);
  });
});

describe('not_active_military', () => {
  it('denies active duty with the MLA terms-and-conditions reason', () => {
    const r = run('not_active_military', { militaryActive: true });
    expect(r.reasons).toEqual([
      {
        ruleId: 'not_active_military',
        code: 'military_active',
        detail: 'applicant declared active military duty',
        outcome: 'deny',
        adverseActionText: 'We do not grant credit to any applicant on the terms and conditions you have requested',
      },
    ]);
    expect(summary('not_active_military', { militaryActive: null })).toEqual(['missing', 'refer:information_missing']);
  });
});

describe('employer_eligible and employer_reviewed', () => {
  it('accepts each lending program', () => {
    for (const p of ['b2b_partner', 'federal_allotment', 'split_direct_deposit'] as const) {
      expect(summary('employer_eligible', { employerProgram: p })).toEqual(['pass']);
      expect(summary('employer_reviewed', { employerProgram: p })).toEqual(['pass']);
    }
  });
  it('denies a non-eligible employer', () => {
    expect(summary('employer_eligible', { employerProgram: 'not_eligible' })).toEqual(['fail', 'deny:employer_not_eligible']);
    expect(summary('employer_reviewed', { employerProgram: 'not_eligible' })).toEqual(['pass']);
  });
  it('refers a new employer pending review (not a deny)', () => {
    expect(summary('employer_eligible', { employerProgram: 'pending_review' })).toEqual(['not_applicable']);
    expect(summary('employer_reviewed', { employerProgram: 'pending_review' })).toEqual(['fail', 'refer:employer_review']);
    expect(run('employer_reviewed', { employerProgram: 'pending_review' }).reasons[0]?.adverseActionText).toBe('Unable to verify employment');
  });
  it('refers when no employer is chosen', () => {
    expect(summary('employer_eligible', { employerProgram: null })).toEqual(['missing', 'refer:information_missing']);
    expect(summary('employer_reviewed', { employerProgram: null })).toEqual(['missing', 'refer:information_missing']);
  });
});

describe('minimum_tenure', () => {
  it('denies less than one year ("Length of employment"), passes the other ranges', () => {
    expect(summary('minimum_tenure', { workingTimeRange: 'lt_1' })).toEqual(['fail', 'deny:tenure_too_short']);
    expect(run('minimum_tenure', { workingTimeRange: 'lt_1' }).reasons[0]?.adverseActionText).toBe('Length of employment');
    for (const r of ['1_3', '3_5', 'gt_5'] as const) expect(summary('minimum_tenure', { workingTimeRange: r })).toEqual(['pass']);
    expect(summary('minimum_tenure', { workingTimeRange: null })).toEqual(['missing', 'refer:information_missing']);
  });
});

describe('income_supports_minimum_loan', () => {
  it('passes when 20% of income reaches $500 and denies below', () => {
    expect(summary('income_supports_minimum_loan', { annualIncomeCents: cents(2_500_00) })).toEqual(['pass']); // $500
    expect(summary('income_supports_minimum_loan', { annualIncomeCents: cents(2_499_99) })).toEqual(['pass']); // $499.998 rounds half-up to $500
    expect(summary('income_supports_minimum_loan', { annualIncomeCents: cents(2_499_97) })).toEqual(['fail', 'deny:income_insufficient']); // $499.994 → $499.99 → $400
    expect(run('income_supports_minimum_loan', { annualIncomeCents: cents(2_499_97) }).reasons[0]).toMatchObject({
      adverseActionText: 'Income insufficient for amount of credit requested',
      detail: '20% of annual income $2,499.97 allows $400.00 (minimum loan $500.00)',
    });
    expect(summary('income_supports_minimum_loan', { annualIncomeCents: null })).toEqual(['missing', 'refer:information_missing']);
  });
});

describe('amount_within_max', () => {
  it('passes up to the maximum and refers above it', () => {
    expect(summary('amount_within_max', { requestedAmountCents: cents(10_000_00) })).toEqual(['pass']);
    expect(summary('amount_within_max', { requestedAmountCents: cents(10_000_01) })).toEqual(['fail', 'refer:amount_above_max']);
    expect(run('amount_within_max', { annualIncomeCents: cents(30_000_00), requestedAmountCents: cents(7_000_00) }).reasons[0]?.detail).toBe(
      'requested $7,000.00, maximum $6,000.00',
    );
  });
  it('does not apply to a non-eligible employer and refers missing facts', () => {
    expect(summary('amount_within_max', { employerProgram: 'not_eligible' })).toEqual(['not_applicable']);
    expect(summary('amount_within_max', { annualIncomeCents: null })).toEqual(['missing', 'refer:information_missing']);
    expect(summary('amount_within_max', { employerProgram: null })).toEqual(['missing', 'refer:information_missing']);
  });
});

describe('documents_complete', () => {
  it('refers one reason per missing type, each with its "Unable to verify" text', () => {
    const r = run('documents_complete', { requiredDocuments: ['driver_license', 'pay_stub', 'proof_of_address'], uploadedDocuments: ['pay_stub'] });
    expect(r.trace).toEqual({ ruleId: 'documents_complete', verdict: 'fail', detail: 'missing: driver_license, proof_of_address' });
    expect(r.reasons.map((x) => [x.outcome, x.code, x.detail, x.adverseActionText])).toEqual([
      ['refer', 'document_missing', 'driver_license not uploaded', 'Unable to verify identity'],
      ['refer', 'document_missing', 'proof_of_address not uploaded', 'Unable to verify residence'],
    ]);
  });
  it('passes when nothing is required, and counts a required type once', () => {
    expect(summary('documents_complete', { requiredDocuments: [], uploadedDocuments: [] })).toEqual(['pass']);
    expect(run('documents_complete', { requiredDocuments: ['pay_stub', 'pay_stub'], uploadedDocuments: [] }).reasons).toHaveLength(1);
  });
  it('does not apply to partner employers (documents optional)', () => {
    expect(summary('documents_complete', { employerProgram: 'b2b_partner', uploadedDocuments: [] })).toEqual(['not_applicable']);
  });
  it('still applies to other programs, pending review and non-eligible employers', () => {
    for (const p of ['federal_allotment', 'split_direct_deposit', 'pending_review', 'not_eligible', null] as const) {
      expect(summary('documents_complete', { employerProgram: p, uploadedDocuments: ['driver_license'] })).toEqual(['fail', 'refer:document_missing']);
    }
  });
});
