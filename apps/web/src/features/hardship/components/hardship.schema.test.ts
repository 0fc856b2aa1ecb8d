import { describe, expect, it } from 'vitest';
import { HARDSHIP_FORM_MSG, hardshipAnswerSchema, hardshipFormSchema } from './hardship.schema';

const filled = {
  reason: 'medical',
  description: '  I had surgery and cannot work for six weeks.  ',
  defer_payments: '2',
  waive_late_fees: false,
  monthly_income: '',
  monthly_expenses: '',
};

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('the hardship request form', () => {
  it('says what each empty required field needs', () => {
    const result = hardshipFormSchema.safeParse({ ...filled, reason: '', description: '', defer_payments: '' });
    expect(messages(result)).toEqual({
      reason: HARDSHIP_FORM_MSG.reason,
      description: HARDSHIP_FORM_MSG.descriptionShort,
      defer_payments: HARDSHIP_FORM_MSG.deferPayments,
    });
  });

  it('sends the description trimmed, the plan as a number and empty amounts as null', () => {
    expect(hardshipFormSchema.parse(filled)).toEqual({
      reason: 'medical',
      description: 'I had surgery and cannot work for six weeks.',
      defer_payments: 2,
      waive_late_fees: false,
      monthly_income: null,
      monthly_expenses: null,
    });
  });

  it('reads the monthly amounts typed in dollars as cents, up to seven dollar digits', () => {
    const read = (monthly_income: string, monthly_expenses = '') => hardshipFormSchema.safeParse({ ...filled, monthly_income, monthly_expenses });
    expect(read('2,500').data).toMatchObject({ monthly_income: 250_000 });
    expect(read('$2500.50', '1,800').data).toMatchObject({ monthly_income: 250_050, monthly_expenses: 180_000 });
    expect(read('9,999,999.99').data).toMatchObject({ monthly_income: 999_999_999 });
    expect(messages(read('10,000,000'))).toEqual({ monthly_income: HARDSHIP_FORM_MSG.income });
    expect(messages(read('25OO', 'lots'))).toEqual({ monthly_income: HARDSHIP_FORM_MSG.income, monthly_expenses: HARDSHIP_FORM_MSG.expenses });
    expect(messages(read('12.345'))).toEqual({ monthly_income: HARDSHIP_FORM_MSG.income });
  });

  it('refuses a reason that is not one of the list', () => {
    expect(Object.keys(messages(hardshipFormSchema.safeParse({ ...filled, reason: 'bored' })))).toEqual(['reason']);
  });
});

describe('the answer to our question', () => {
  it('needs an answer and sends it trimmed', () => {
    expect(messages(hardshipAnswerSchema.safeParse({ message: '   ' }))).toEqual({ message: HARDSHIP_FORM_MSG.answer });
    expect(hardshipAnswerSchema.parse({ message: ' Attached is the letter. ' })).toEqual({ message: 'Attached is the letter.' });
  });
});
