import type { TDueDateChangeOverview, TDueDateChangePreview } from '@payrail/contract/care';

/** A GET due-date change overview: loan 7, due on the 2nd, a change open for 2029-01-18 to 2029-02-17; override what the test is about. */
export const dueDateOverview = (overrides: Partial<TDueDateChangeOverview> = {}): TDueDateChangeOverview => ({
  loan_id: 7,
  loan_number: '1234-56-7890',
  window: { current_due_date: '2029-02-02', earliest: '2029-01-18', latest: '2029-02-17' },
  refusal: null,
  available_on: null,
  changes: [],
  ...overrides,
});

/** The preview of moving loan 7's due date from the 2nd to the 12th (APR unchanged, one payment); override what the test is about. */
export const dueDatePreview = (overrides: Partial<TDueDateChangePreview> = {}): TDueDateChangePreview => ({
  loan_id: 7,
  current_due_date: '2029-02-02',
  new_due_date: '2029-02-12',
  shift_days: 10,
  old_apr: '12.0000',
  new_apr: '12.0000',
  apr_changed: false,
  total_of_payments: 102_004,
  finance_charge: 2_004,
  schedule: [{ n: 1, due_date: '2029-02-02', new_due_date: '2029-02-12', payment: 34_002, moved: true }],
  disclosure: ['By signing, you agree to change the due dates.'],
  ...overrides,
});
