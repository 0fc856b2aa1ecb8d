import { describe, expect, it } from 'vitest';
import { PAYMENT_MODES, PAYMENT_SOURCES } from '@payrail/contract/servicing';
import { PAY_FREQUENCIES } from '@payrail/contract/reference';
import {
  optionsOf,
  PAY_FREQUENCY_LABELS,
  PAYMENT_MODE_LABELS,
  PAYMENT_SOURCE_LABELS,
  paymentModeLabel,
  PAYROLL_FREQUENCY_LABELS,
  payrollFrequencyLabel,
} from './labels';

describe('labels', () => {
  it('has a label for every frequency, mode and source of the contract', () => {
    for (const frequency of PAY_FREQUENCIES) {
      expect(PAY_FREQUENCY_LABELS[frequency]).toBeTruthy();
      expect(PAYROLL_FREQUENCY_LABELS[frequency]).toBeTruthy();
    }
    for (const mode of PAYMENT_MODES) expect(PAYMENT_MODE_LABELS[mode]).toBeTruthy();
    for (const source of PAYMENT_SOURCES) expect(PAYMENT_SOURCE_LABELS[source]).toBeTruthy();
  });

  it('says the product words, and an unknown code as the server wrote it', () => {
    expect(PAY_FREQUENCY_LABELS.biweekly).toBe('Bi-weekly');
    expect(payrollFrequencyLabel('biweekly')).toBe('Every two weeks');
    expect(payrollFrequencyLabel('fortnightly')).toBe('fortnightly');
    expect(paymentModeLabel('auto_debit')).toBe('Auto-debit');
    expect(paymentModeLabel('other')).toBe('other');
    expect(optionsOf(PAYROLL_FREQUENCY_LABELS)[1]).toEqual({ value: 'biweekly', label: 'Every two weeks' });
  });
});
