import { describe, expect, it } from 'vitest';
import type { IsoDate } from '@payrail/domain/dates';
import { feedbackFormSchema, flatValues, nestValues } from './feedback.schema';

describe('feedback form values', () => {
  const flat = { zip_code: '19801', 'ref.0.phone': '(202) 555-0187', 'ref.1.phone': '', 'bank.account_type': 'savings' };

  it('nests dotted names as react-hook-form holds them, and flattens them back', () => {
    const nested = nestValues(flat);
    expect(nested).toEqual({ zip_code: '19801', ref: [{ phone: '(202) 555-0187' }, { phone: '' }], bank: { account_type: 'savings' } });
    expect(flatValues(nested)).toEqual(flat);
  });

  it("puts each rule's message on its input", () => {
    const schema = feedbackFormSchema(() => ({ today: '2026-11-22' as IsoDate, availableStateIds: new Set(['8']), partnerEmployer: false }));
    const result = schema.safeParse(nestValues({ ...flat, zip_code: '' }));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['zip_code', "can't be blank"],
      ['ref.1.phone', "can't be blank"],
    ]);
    expect(schema.safeParse(nestValues({ ...flat, 'ref.1.phone': '(202) 555-0199' })).success).toBe(true);
  });
});
