import { describe, expect, it } from 'vitest';
import { auditMoneyKeys } from './audit';

describe('audit snapshot money keys', () => {
  it('are the ZCents keys of the action’s snapshot, side by side', () => {
    expect([...auditMoneyKeys('fund', 'after')].sort()).toEqual(['amount_cents', 'payoff_cents']);
    expect([...auditMoneyKeys('fund', 'before')]).toEqual([]);
    expect([...auditMoneyKeys('approve', 'before')]).toEqual(['negotiated_amount']);
    expect([...auditMoneyKeys('payment_reversed', 'before')]).toEqual(['amount_cents']);
    expect([...auditMoneyKeys('payment_reversed', 'after')]).toEqual([]);
  });

  it('are none for an action the contract does not describe, whatever its keys are called', () => {
    expect(auditMoneyKeys('legacy_adjustment', 'after').size).toBe(0);
    expect(auditMoneyKeys('toString', 'after').size).toBe(0);
  });
});
