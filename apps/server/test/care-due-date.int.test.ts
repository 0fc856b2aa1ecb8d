import type { TDueDateChangePreview } from '@payrail/contract/care';
import { DUE_DATE_MSG } from '@payrail/domain/care/due-date-change';
import type { IsoDate } from '@payrail/domain/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedLoan } from './collections-helpers';
import type { FundedLoan } from './collections-helpers';
import { auth, call } from './identity-helpers';
import { type TestApp, testApp } from './test-app';

const NOW = new Date('2029-01-02T12:00:00Z');
let app: TestApp;
let loan: FundedLoan;
let other: FundedLoan;
beforeAll(async () => {
  app = await testApp({ now: () => NOW });
  loan = await fundedLoan(app, { disbursementDate: '2029-01-02', firstPaymentDate: '2029-02-02', payments: 6 });
  other = await fundedLoan(app, { disbursementDate: '2029-01-02', firstPaymentDate: '2029-02-02', payments: 6 });
  await app.ctx.repos.loanBook.setBusinessDateOverride('2029-01-10' as IsoDate, null, NOW);
});
afterAll(async () => {
  await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, NOW); // other files of this worker read the real date
  await app.close();
});

const preview = (token: string | null, loanId: number, date: string) =>
  call(app, { url: `/api/dashboard/loans/${loanId}/due_date_change?date=${date}`, headers: token ? auth(token) : {} });

describe('due-date change preview (GET /dashboard/loans/{id}/due_date_change)', () => {
  it('re-discloses the schedule: every payment kept with its amount, dates moved, the APR re-disclosed', async () => {
    const res = await preview(loan.token, loan.loanId, '2029-02-12');
    expect(res.statusCode).toBe(200);
    const p = res.json<TDueDateChangePreview>();
    expect(p).toMatchObject({ loan_id: loan.loanId, current_due_date: '2029-02-02', new_due_date: '2029-02-12', shift_days: 10, apr_changed: true });
    expect(p.schedule.map((r) => r.new_due_date)).toEqual(['2029-02-12', '2029-03-12', '2029-04-12', '2029-05-12', '2029-06-12', '2029-07-12']);
    expect(p.schedule.every((r) => r.moved)).toBe(true);
    expect(p.total_of_payments).toBe(p.schedule.reduce((s, r) => s + r.payment, 0));
    expect(Number(p.new_apr)).toBeLessThan(Number(p.old_apr));
  });

  it('refuses by the rules with their messages; a bad date is a field error; another member’s loan is not found', async () => {
    const far = await preview(loan.token, loan.loanId, '2029-02-20');
    expect(far.statusCode).toBe(422);
    expect(far.json()).toEqual({ error: DUE_DATE_MSG.tooFar });
    const same = await preview(loan.token, loan.loanId, '2029-02-02');
    expect(same.json()).toEqual({ error: DUE_DATE_MSG.same });
    // Earlier is allowed within the limits (payday before the due date): the APR goes up.
    const earlier = (await preview(loan.token, loan.loanId, '2029-01-19')).json<TDueDateChangePreview>();
    expect(earlier.shift_days).toBe(-14);
    expect(Number(earlier.new_apr)).toBeGreaterThan(Number(earlier.old_apr));
    const bad = await preview(loan.token, loan.loanId, '2029-02-31');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ errors: { date: ['is invalid'] } });
    expect((await preview(other.token, loan.loanId, '2029-02-12')).statusCode).toBe(404);
    expect((await preview(null, loan.loanId, '2029-02-12')).statusCode).toBe(401);
  });
});
