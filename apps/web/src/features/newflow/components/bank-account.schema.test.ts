import { describe, expect, it } from 'vitest';
import { MSG } from '@payrail/contract/messages';
import { ACCOUNT_MESSAGE, ROUTING_MESSAGE, bankAccountManualSchema } from './bank-account.schema';
import { stepErrors } from './step-form';

describe('bank_account/manual step schema', () => {
  it('requires every answer and checks the numbers', () => {
    expect(stepErrors(bankAccountManualSchema, { accountType: null, routingNumber: '', accountNumber: '', bankStatement: null })).toEqual({
      accountType: MSG.required,
      routingNumber: MSG.required,
      accountNumber: MSG.required,
      bankStatement: MSG.required,
    });
    const statement = new File(['%PDF'], 'statement.pdf', { type: 'application/pdf' });
    expect(stepErrors(bankAccountManualSchema, { accountType: 'Checking', routingNumber: '12345678', accountNumber: '123', bankStatement: statement })).toEqual(
      {
        routingNumber: ROUTING_MESSAGE,
        accountNumber: ACCOUNT_MESSAGE,
      },
    );
    expect(bankAccountManualSchema.parse({ accountType: 'Savings', routingNumber: '123456789', accountNumber: '1234', bankStatement: statement })).toEqual({
      accountType: 'Savings',
      routingNumber: '123456789',
      accountNumber: '1234',
      bankStatement: statement,
    });
  });
});
