/**
 * The default underwriting rule set, version `2026-11-01`. DATA ONLY: to change a rule, a number or a
 * text, add a new rule set with a new version (never edit this one once decisions were made with it).
 *
 * Spec texts used verbatim: "We are not working with this State yet!", "Unfortunately, you need to be of
 * legal age.", "our program requires at least one year at current job". Amount parameters are the
 * program's starting credit policy (placeholders owned by credit policy, not by the spec).
 */
import type { IsoDate } from '../dates';
import { cents } from '../money';
import { defineRuleSet } from './rule-set';
import type { RuleSet } from './rule-set';

/** The plain-language reason used for any missing fact (Regulation B sample reason). */
const INCOMPLETE = 'Credit application incomplete';
/** Regulation B sample reason used for the income rules. */
const INCOME_INSUFFICIENT = 'Income insufficient for amount of credit requested';

/** The default rule set (version `2026-11-01`). */
export const DEFAULT_RULE_SET: RuleSet = defineRuleSet({
  version: '2026-11-01',
  effectiveFrom: '2026-11-01' as IsoDate,
  maxAmount: {
    programCapsCents: { federal_allotment: cents(10_000_00), b2b_partner: cents(7_500_00), split_direct_deposit: cents(5_000_00) },
    pendingReviewCapCents: cents(5_000_00),
    incomePercent: '20',
    stepCents: cents(100_00),
    minLoanCents: cents(500_00),
  },
  missingInformation: { outcome: 'refer', code: 'information_missing', adverseActionText: INCOMPLETE },
  maxAdverseActionReasons: 4,
  rules: [
    {
      id: 'state_available',
      description: 'The applicant lives in a state where the program lends.',
      check: { kind: 'state_available' },
      onFail: {
        outcome: 'deny',
        code: 'state_unavailable',
        adverseActionText: 'We do not make loans in your state of residence',
        notQualifiedReason: 'We are not working with this State yet!',
        reapply: { kind: 'days', days: 90 },
      },
    },
    {
      id: 'legal_age',
      description: 'The applicant is at least 18 years old on the decision date.',
      check: { kind: 'minimum_age', years: 18 },
      onFail: {
        outcome: 'deny',
        code: 'under_legal_age',
        adverseActionText: 'Under the minimum age to enter into a binding contract',
        notQualifiedReason: 'Unfortunately, you need to be of legal age.',
        reapply: { kind: 'age_reached', years: 18, fallbackDays: 90 },
      },
    },
    {
      id: 'not_active_military',
      description: 'The applicant is not on active military duty (the program does not lend to borrowers covered by the Military Lending Act).',
      check: { kind: 'not_active_military' },
      onFail: {
        outcome: 'deny',
        code: 'military_active',
        adverseActionText: 'We do not grant credit to any applicant on the terms and conditions you have requested',
        notQualifiedReason: 'Our loans are not available to active-duty members of the armed forces.',
        reapply: { kind: 'days', days: 90 },
      },
    },
    {
      id: 'employer_eligible',
      description: 'The employer takes part in a lending program: partner employer, federal allotment or split direct deposit.',
      check: { kind: 'employer_eligible', programs: ['b2b_partner', 'federal_allotment', 'split_direct_deposit'] },
      onFail: {
        outcome: 'deny',
        code: 'employer_not_eligible',
        adverseActionText: 'Your employer does not take part in our employer-based loan program',
        notQualifiedReason: 'Your employer does not take part in our loan program yet.',
        reapply: { kind: 'days', days: 90 },
      },
    },
    {
      id: 'employer_reviewed',
      description: 'An employer entered as "not listed" is reviewed by a person before any approval.',
      check: { kind: 'employer_reviewed' },
      onFail: { outcome: 'refer', code: 'employer_review', adverseActionText: 'Unable to verify employment' },
    },
    {
      id: 'minimum_tenure',
      description: 'The applicant has worked at least one year at the current job.',
      check: { kind: 'minimum_tenure', ineligibleRanges: ['lt_1'] },
      onFail: {
        outcome: 'deny',
        code: 'tenure_too_short',
        adverseActionText: 'Length of employment',
        notQualifiedReason: 'our program requires at least one year at current job',
        reapply: { kind: 'tenure_reached', years: 1, fallbackDays: 180 },
      },
    },
    {
      id: 'income_supports_minimum_loan',
      description: '20% of the annual income, rounded down to $100, reaches the smallest loan ($500).',
      check: { kind: 'income_supports_minimum_loan' },
      onFail: {
        outcome: 'deny',
        code: 'income_insufficient',
        adverseActionText: INCOME_INSUFFICIENT,
        notQualifiedReason: 'Your income does not support the smallest loan we offer.',
        reapply: { kind: 'days', days: 90 },
      },
    },
    {
      id: 'amount_within_max',
      description: 'The requested amount is at most min(program cap, 20% of annual income rounded down to $100); otherwise a lower amount is offered.',
      check: { kind: 'amount_within_max' },
      onFail: { outcome: 'refer', code: 'amount_above_max', adverseActionText: INCOME_INSUFFICIENT },
    },
    {
      id: 'documents_complete',
      description: 'Every required document type has at least one file (optional for partner employers).',
      check: {
        kind: 'documents_complete',
        optionalFor: ['b2b_partner'],
        unableToVerify: {
          driver_license: 'Unable to verify identity',
          selfie_photo: 'Unable to verify identity',
          social_security_document: 'Unable to verify identity',
          pay_stub: 'Unable to verify income',
          w2: 'Unable to verify income',
          proof_of_address: 'Unable to verify residence',
          bank_statement: 'Unable to verify bank account',
          allotment: 'Unable to verify payroll repayment arrangement',
        },
      },
      onFail: { outcome: 'refer', code: 'document_missing', adverseActionText: INCOMPLETE },
    },
  ],
});
