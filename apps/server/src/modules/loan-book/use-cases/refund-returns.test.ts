import { describe, expect, it } from 'vitest';
import type { LedgerEntryRow } from '../repository';
import { refundAccountId, refundHeldForReturn, refundOfCreditKey, refundReturnedNotice } from './refund-returns';

/** A stored ledger row with only what the rules read. */
const row = (e: Partial<LedgerEntryRow> & Pick<LedgerEntryRow, 'id' | 'kind'>): LedgerEntryRow =>
  ({ reasonCode: null, reversesEntryId: null, createdAt: new Date('2026-12-01T12:00:00Z'), ...e }) as LedgerEntryRow;

describe('a returned refund', () => {
  it('is found from its credit’s originator key; other credits’ keys are not refunds', () => {
    expect(refundOfCreditKey('payrail-refund:credit_refund:42:3')).toEqual({ loanId: 42, refundKey: 'credit_refund:42:3' });
    for (const key of ['fund-application-7', 'redisburse-4', 'payrail-refund:card_refund:1:abc', 'payrail-refund:credit_refund:x:1', 'referral-payout-9'])
      expect(refundOfCreditKey(key)).toBeNull();
  });

  it('names the account an ACH refund went to; a card refund or another kind names none', () => {
    expect(refundAccountId({ kind: 'refund', reasonCode: 'ach:17' })).toBe(17);
    expect(refundAccountId({ kind: 'refund', reasonCode: 'card:3' })).toBeNull();
    expect(refundAccountId({ kind: 'reversal', reasonCode: 'ach:17' })).toBeNull();
  });

  it('holds the credit while the account on file is the one that returned it, unchanged since the return', () => {
    const refund = row({ id: 1, kind: 'refund', reasonCode: 'ach:17' });
    const returned = row({ id: 2, kind: 'reversal', reversesEntryId: 1, createdAt: new Date('2026-12-03T09:00:00Z') });
    const entries = [refund, returned];
    expect(refundHeldForReturn(entries, { id: 17, updatedAt: new Date('2026-11-20T00:00:00Z') })).toBe(true);
    // Another account, or that one corrected after the return: sent.
    expect(refundHeldForReturn(entries, { id: 18, updatedAt: new Date('2026-11-20T00:00:00Z') })).toBe(false);
    expect(refundHeldForReturn(entries, { id: 17, updatedAt: new Date('2026-12-04T00:00:00Z') })).toBe(false);
    // Not returned (or a payment's reversal): nothing held.
    expect(refundHeldForReturn([refund], { id: 17, updatedAt: new Date('2026-11-20T00:00:00Z') })).toBe(false);
    const payment = row({ id: 3, kind: 'one_time_payment' });
    expect(refundHeldForReturn([refund, payment, row({ id: 4, kind: 'reversal', reversesEntryId: 3 })], { id: 17, updatedAt: new Date(0) })).toBe(false);
  });

  it('tells the borrower plainly where the money is', () => {
    expect(refundReturnedNotice(654, '1060-98-3854', '6789', 'R03')).toBe(
      'The $6.54 we refunded from your loan 1060-98-3854 to your bank account ending 6789 came back from your bank (R03 No account / unable to locate account). The money is yours: it is held as a credit on your loan until you add a new bank account in your profile or contact servicing to tell us where to send it.',
    );
  });
});
