import { describe, expect, it } from 'vitest';
import { parseIsoDate } from '../dates';
import { cents } from '../money';
import { quoteLoan } from './disclosure';
import { itemizeAmountFinanced } from './itemization';
import type { LoanTerms } from './schedule';

const terms = (feeFinanced: boolean): LoanTerms => ({
  amountCents: cents(3_500_00),
  originationFeeCents: cents(175_00),
  feeFinanced,
  annualRatePercent: '23.391',
  frequency: 'biweekly',
  numberOfPayments: 39,
  disbursementDate: parseIsoDate('2035-03-01'),
  firstPaymentDate: parseIsoDate('2035-03-15'),
});

describe('itemization of the amount financed', () => {
  it('a new loan: all of the amount financed is paid to the borrower; with the fee it makes the note principal', () => {
    for (const feeFinanced of [true, false]) {
      const { schedule, disclosure } = quoteLoan(terms(feeFinanced));
      const it = itemizeAmountFinanced(disclosure);
      expect(it.paidOnExistingLoan).toBeNull();
      expect(it.paidToYouCents).toBe(disclosure.amountFinancedCents);
      expect(it.paidToYouCents).toBe(schedule.disbursedCents);
      expect(it.prepaidFinanceChargeCents).toBe(175_00);
      expect(it.principalCents).toBe(schedule.notePrincipalCents);
    }
  });

  it('a refinance: paid to you + paid to the existing loan = amount financed, to the cent (fee financed or withheld)', () => {
    const financed = quoteLoan(terms(true)).disclosure;
    const a = itemizeAmountFinanced(financed, { loanNumber: '1152-60-6252', payoffCents: 1_234_57 });
    expect(a).toEqual({
      paidToYouCents: 3_500_00 - 1_234_57,
      paidOnExistingLoan: { loanNumber: '1152-60-6252', cents: 1_234_57 },
      amountFinancedCents: 3_500_00,
      prepaidFinanceChargeCents: 175_00,
      principalCents: 3_675_00,
    });
    const withheld = quoteLoan(terms(false)).disclosure;
    const b = itemizeAmountFinanced(withheld, { loanNumber: '1152-60-6252', payoffCents: 1_234_57 });
    expect(b.amountFinancedCents).toBe(3_500_00 - 175_00);
    expect(b.paidToYouCents + b.paidOnExistingLoan!.cents).toBe(b.amountFinancedCents);
    expect(b.principalCents).toBe(3_500_00);
  });

  it('refuses a payoff the amount financed does not cover, and amounts that are not whole cents', () => {
    const d = { amountFinancedCents: 1_000_00, prepaidFinanceChargeCents: 50_00 };
    expect(() => itemizeAmountFinanced(d, { loanNumber: 'x', payoffCents: 1_000_00 })).toThrow(RangeError);
    expect(() => itemizeAmountFinanced(d, { loanNumber: 'x', payoffCents: 1_000_01 })).toThrow(RangeError);
    expect(() => itemizeAmountFinanced(d, { loanNumber: 'x', payoffCents: -1 })).toThrow(RangeError);
    expect(() => itemizeAmountFinanced(d, { loanNumber: 'x', payoffCents: 10.5 })).toThrow(RangeError);
    expect(itemizeAmountFinanced(d, { loanNumber: 'x', payoffCents: 999_99 }).paidToYouCents).toBe(1);
  });
});
