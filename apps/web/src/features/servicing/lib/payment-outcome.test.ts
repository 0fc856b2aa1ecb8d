import { describe, expect, it } from 'vitest';
import type { TScheduledPayment } from '@payrail/contract/servicing';
import { paymentCanceledMessage, paymentSentMessage } from './payment-outcome';

const t = (over: Partial<TScheduledPayment>): TScheduledPayment => ({
  id: 1,
  transaction_status: 'scheduled',
  due_date: '2031-05-20',
  amount: 5000,
  pay_method: 'ach',
  transaction_mode: 'one_time',
  ...over,
});
const SENT = 'Your payment has been sent successfully.';

describe('paymentSentMessage: the spec’s words, then what was scheduled and for when (from the server’s answer)', () => {
  it('a one-time payment today, and one later', () => {
    expect(paymentSentMessage(t({}), '2031-05-20')).toBe(`${SENT} Your payment of $50.00 will be debited from your bank account today, 05/20/2031.`);
    expect(paymentSentMessage(t({ due_date: '2031-06-10' }), '2031-05-20')).toBe(`${SENT} Your payment of $50.00 is scheduled for 06/10/2031.`);
  });
  it('an auto-debit: per payment, from its first date', () => {
    expect(paymentSentMessage(t({ transaction_mode: 'auto_debit', amount: 15_000, due_date: '2031-06-12' }), '2031-05-20')).toBe(
      `${SENT} Auto-debit is set up: $150.00 per payment, starting 06/12/2031.`,
    );
  });
  it('a payoff', () => {
    expect(paymentSentMessage(t({ transaction_mode: 'payoff', amount: 201_234, due_date: '2031-05-22' }), '2031-05-20')).toBe(
      `${SENT} Your payoff of $2,012.34 is scheduled for 05/22/2031.`,
    );
    expect(paymentSentMessage(t({ transaction_mode: 'payoff', amount: 201_234 }), '2031-05-20')).toBe(
      `${SENT} Your payoff of $2,012.34 will be debited from your bank account today, 05/20/2031.`,
    );
  });
  it('a card payment, charged at once', () => {
    expect(paymentSentMessage(t({ pay_method: 'debitcard', amount: 2500, transaction_status: 'settled' }), '2031-05-20', { last4: '4242' })).toBe(
      `${SENT} $25.00 was charged to your card ending 4242 today, 05/20/2031.`,
    );
  });
});

describe('paymentCanceledMessage', () => {
  it('names the payment; an auto-debit’s says the auto-debit stops', () => {
    expect(paymentCanceledMessage(t({ due_date: '2026-12-01' }))).toBe('Your scheduled payment was canceled. $50.00 on 12/01/2026 will not be debited.');
    expect(paymentCanceledMessage(t({ transaction_mode: 'auto_debit', amount: 15_000, due_date: '2026-12-15' }))).toBe(
      'Your scheduled payment was canceled. $150.00 on 12/15/2026 will not be debited, and your auto-debit is stopped.',
    );
  });
});
