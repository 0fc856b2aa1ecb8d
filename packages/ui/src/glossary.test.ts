import { describe, expect, it } from 'vitest';
import { PAYMENT_FREQUENCY_LABELS, TERM_FREQUENCIES } from '@payrail/contract/application';
import { LOAN_STATUSES, PAY_METHODS, PAYMENT_MODES } from '@payrail/contract/servicing';
import { GLOSSARY, payFrequencyLabel } from './glossary';

describe('the product glossary', () => {
  it('every key of every group has a non-empty label, trimmed', () => {
    for (const [group, labels] of Object.entries(GLOSSARY)) {
      for (const [key, label] of Object.entries(labels as Record<string, string>)) {
        expect(typeof label, `${group}.${key}`).toBe('string');
        expect(label.trim(), `${group}.${key}`).toBe(label);
        expect(label.length, `${group}.${key}`).toBeGreaterThan(0);
      }
    }
  });

  it('covers every loan status, payment mode, pay method and term frequency of the contract', () => {
    expect(Object.keys(GLOSSARY.loanStatuses).sort()).toEqual([...LOAN_STATUSES].sort());
    expect(Object.keys(GLOSSARY.paymentModes).sort()).toEqual([...PAYMENT_MODES].sort());
    expect(Object.keys(GLOSSARY.payMethods).sort()).toEqual([...PAY_METHODS].sort());
    expect(Object.keys(GLOSSARY.payFrequencies).sort()).toEqual([...TERM_FREQUENCIES].sort());
  });

  it("uses the spec's exact words where the spec fixes them", () => {
    // newflow-and-dashboard.md §3: "opened (shown Active), closed_refinanced (Refinanced), closed_paid (Finished)".
    expect(GLOSSARY.loanStatuses).toMatchObject({ opened: 'Active', closed_refinanced: 'Refinanced', closed_paid: 'Finished' });
    // "Payment method labels: ACH, DebitCard."
    expect(GLOSSARY.payMethods).toEqual({ ach: 'ACH', debitcard: 'DebitCard' });
    // Sidebar: "Dashboard, Loans & Payments, Personal Information".
    expect(GLOSSARY.places).toMatchObject({ dashboard: 'Dashboard', loansAndPayments: 'Loans & Payments', personalInformation: 'Personal Information' });
    // Classic employer form: "Weekly, Bi-weekly, Monthly" — the glossary's words for those three.
    expect([GLOSSARY.payFrequencies.weekly, GLOSSARY.payFrequencies.biweekly, GLOSSARY.payFrequencies.monthly]).toEqual([...PAYMENT_FREQUENCY_LABELS]);
    // Term frequencies "weekly, bi-weekly, semi-monthly, monthly", capitalised.
    expect(GLOSSARY.payFrequencies).toEqual({ weekly: 'Weekly', biweekly: 'Bi-weekly', semimonthly: 'Semi-monthly', monthly: 'Monthly' });
    // Repayment: split direct deposit (allotment for federal employers) and auto-debit ACH.
    expect(GLOSSARY.repaymentMethods).toMatchObject({
      split_direct_deposit: 'Split direct deposit',
      auto_debit: 'Auto-debit ACH',
      payroll_allotment: 'Payroll allotment',
    });
  });

  it('payFrequencyLabel: the glossary word, or the server value when unknown', () => {
    expect(payFrequencyLabel('semimonthly')).toBe('Semi-monthly');
    expect(payFrequencyLabel('fortnightly')).toBe('fortnightly');
  });
});
