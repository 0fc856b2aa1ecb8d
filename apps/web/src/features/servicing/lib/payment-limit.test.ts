import { describe, expect, it } from 'vitest';
import { PAYMENT_MSG } from '@payrail/contract/servicing';
import type { TScheduledPayment } from '@payrail/contract/servicing';
import { canceledByPayoff, formatDayAndDate, keptByPayoff, movedDateNotice, paymentLimit, payoffCancelsNotice, payoffOnItsWay } from './payment-limit';

const tx = (overrides: Partial<TScheduledPayment>): TScheduledPayment => ({
  id: 1,
  transaction_status: 'scheduled',
  due_date: '2026-12-07',
  amount: 6090,
  pay_method: 'ach',
  transaction_mode: 'one_time',
  ...overrides,
});

describe('paymentLimit (the payoff quote’s payable_amount)', () => {
  it('nothing on its way: the payoff is the limit, no hint, above it the payoff message', () => {
    const limit = paymentLimit({ payoff_amount: 123_456, date: '2026-12-07', payable_amount: 123_456, on_its_way_amount: 0 }, []);
    expect(limit).toEqual({ maxCents: 123_456, hint: null, blocked: null, refusal: PAYMENT_MSG.amountAbovePayoff('1234.56') });
  });

  it('something on its way: the hint (dated, or "now" for a card) is also the refusal', () => {
    const quote = { payoff_amount: 1_015_000, date: '2026-12-07', payable_amount: 406_000, on_its_way_amount: 609_000 };
    const limit = paymentLimit(quote, [tx({ amount: 609_000 })]);
    expect(limit.maxCents).toBe(406_000);
    expect(limit.hint).toBe('You can pay at most $4,060.00 on 12/07/2026: $6,090.00 is already on its way.');
    expect(limit.refusal).toBe(limit.hint);
    expect(limit.blocked).toBeNull();
    expect(paymentLimit(quote, [], { now: true }).hint).toBe(PAYMENT_MSG.amountAboveLimit('$4,060.00', '$6,090.00'));
  });

  it('a payoff on its way: nothing can be paid, said with the payoff’s date', () => {
    const transactions = [tx({ id: 2, transaction_mode: 'payoff', due_date: '2026-12-07', amount: 1_015_000 }), tx({ id: 3, transaction_status: 'canceled' })];
    const limit = paymentLimit({ payoff_amount: 1_015_000, date: '2026-12-07', payable_amount: 0, on_its_way_amount: 1_015_000 }, transactions);
    expect(limit.blocked).toBe(PAYMENT_MSG.payoffOnItsWay('12/07/2026'));
    expect(limit.refusal).toBe(limit.blocked);
    expect(limit.hint).toBeNull();
    // Dated after the quote's date, it still blocks (its amount is not counted on the earlier day).
    expect(paymentLimit({ payoff_amount: 1_000_000, date: '2026-12-01', payable_amount: 0, on_its_way_amount: 0 }, transactions).blocked).toBe(
      PAYMENT_MSG.payoffOnItsWay('12/07/2026'),
    );
  });

  it('payments on their way that pay everything: nothing more is needed', () => {
    const limit = paymentLimit({ payoff_amount: 5000, date: '2026-12-07', payable_amount: 0, on_its_way_amount: 5000 }, []);
    expect(limit.blocked).toBe('The payments already on their way ($50.00) pay what this loan owes on 12/07/2026: nothing more is needed.');
  });

  it('an answer without payable_amount: the payoff is the limit', () => {
    expect(paymentLimit({ payoff_amount: 5000, date: '2026-12-07' }, undefined)).toMatchObject({ maxCents: 5000, hint: null, blocked: null });
    expect(paymentLimit({ payoff_amount: 0, date: '2026-12-07' }, undefined).refusal).toBe(PAYMENT_MSG.loanNotPayable);
  });

  it('only a scheduled payoff is on its way (a sent one is in the ledger)', () => {
    expect(payoffOnItsWay([tx({ transaction_mode: 'payoff', transaction_status: 'pending' })])).toBeUndefined();
    expect(payoffOnItsWay([tx({ id: 9, transaction_mode: 'payoff' })])?.id).toBe(9);
  });
});

describe('movedDateNotice (ACH moves money on business days)', () => {
  it('says the day the bank is debited when the quote moved the chosen date', () => {
    expect(movedDateNotice('2026-12-05', { date: '2026-12-07' })).toBe('Your bank is debited on Monday 12/07/2026: the date you chose is not a business day.');
    // A business day moved to the next one: today's debits have already gone out.
    expect(movedDateNotice('2026-12-07', { date: '2026-12-08' })).toBe(
      "Your bank is debited on Tuesday 12/08/2026: today's payments have already been sent to the bank.",
    );
    expect(movedDateNotice('2026-12-07', { date: '2026-12-07' })).toBeNull();
    expect(movedDateNotice('2026-12-05', undefined)).toBeNull();
  });
  it('names the weekday', () => {
    expect(formatDayAndDate('2031-05-27')).toBe('Tuesday 05/27/2031');
    expect(formatDayAndDate('not a date')).toBe('');
  });
});

describe('payoffCancelsNotice (a payoff cancels the payments scheduled on or after its day; the earlier ones are still taken)', () => {
  const transactions = [
    tx({ id: 4, transaction_mode: 'auto_debit', due_date: '2026-12-18', amount: 24_116 }),
    tx({ id: 5, transaction_status: 'settled', due_date: '2026-11-18' }),
    tx({ id: 6, transaction_status: 'canceled', due_date: '2026-12-01' }),
    tx({ id: 7, transaction_status: 'pending', due_date: '2026-12-02' }),
    tx({ id: 3, due_date: '2026-12-09', amount: 5000 }),
  ];
  it('a payoff before every scheduled payment cancels them all, earliest first', () => {
    expect(canceledByPayoff(transactions, '2026-12-04').map((t) => t.id)).toEqual([3, 4]);
    expect(keptByPayoff(transactions, '2026-12-04')).toEqual([]);
    expect(payoffCancelsNotice(transactions, '2026-12-04')).toBe(
      'Paying off cancels your 2 scheduled payments: $50.00 on 12/09/2026 and $241.16 on 12/18/2026.',
    );
  });

  it('a payoff on the day of a payment cancels it and later ones; the earlier ones stay and are said to be taken', () => {
    expect(canceledByPayoff(transactions, '2026-12-09').map((t) => t.id)).toEqual([3, 4]);
    expect(canceledByPayoff(transactions, '2026-12-10').map((t) => t.id)).toEqual([4]);
    expect(keptByPayoff(transactions, '2026-12-10').map((t) => t.id)).toEqual([3]);
    expect(payoffCancelsNotice(transactions, '2026-12-10')).toBe(
      'Paying off cancels your scheduled payment of $241.16 on 12/18/2026. Your scheduled payment of $50.00 on 12/09/2026 comes before the payoff and is still taken: the payoff then takes only what is left.',
    );
    expect(payoffCancelsNotice(transactions, '2026-12-21')).toBe(
      'Your 2 scheduled payments before the payoff ($50.00 on 12/09/2026 and $241.16 on 12/18/2026) are still taken: the payoff then takes only what is left.',
    );
  });

  it('one payment, three payments, and none (a payoff on its way is not canceled by another)', () => {
    expect(payoffCancelsNotice([tx({ amount: 5000, due_date: '2026-12-09' })], '2026-12-09')).toBe(
      'Paying off cancels your scheduled payment of $50.00 on 12/09/2026.',
    );
    const three = [
      tx({ id: 1, due_date: '2026-12-09', amount: 5000 }),
      tx({ id: 2, due_date: '2026-12-09', amount: 7000 }),
      tx({ id: 3, transaction_mode: 'auto_debit', due_date: '2026-12-18', amount: 24_116 }),
    ];
    expect(payoffCancelsNotice(three, '2026-12-01')).toBe(
      'Paying off cancels your 3 scheduled payments: $50.00 on 12/09/2026, $70.00 on 12/09/2026 and $241.16 on 12/18/2026.',
    );
    expect(payoffCancelsNotice([tx({ transaction_mode: 'payoff' }), tx({ transaction_status: 'settled' })], '2026-12-01')).toBeNull();
    expect(payoffCancelsNotice([], '2026-12-01')).toBeNull();
    expect(payoffCancelsNotice(undefined, '2026-12-01')).toBeNull();
  });
});
