import { FIELD_MSG } from '@payrail/contract/messages';
import { describe, expect, it } from 'vitest';
import { autoDebitFormSchema } from './auto-debit.schema';

const blank = { account_type: '', account_number: '', routing_number: '' };

describe('the auto-debit form', () => {
  it('sends only use_account_on_file for the account on file, whatever the new-account fields hold', () => {
    expect(autoDebitFormSchema.parse({ source: 'on_file', ...blank })).toEqual({ use_account_on_file: true });
  });

  it("needs every field of a new account (can't be blank)", () => {
    const result = autoDebitFormSchema.safeParse({ source: 'new', ...blank, routing_number: '  ' });
    expect(result.success).toBe(false);
    expect(Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]))).toEqual({
      account_type: FIELD_MSG.blank,
      account_number: FIELD_MSG.blank,
      routing_number: FIELD_MSG.blank,
    });
  });

  it('sends a new account by its wire names, trimmed', () => {
    expect(autoDebitFormSchema.parse({ source: 'new', account_type: 'savings', account_number: ' 987654321 ', routing_number: '011000015' })).toEqual({
      account_type: 'savings',
      account_number: '987654321',
      routing_number: '011000015',
    });
  });
});
