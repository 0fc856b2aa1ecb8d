import type { THardshipDetail, THardshipPage, THardshipRequest } from '@payrail/contract/hardship';
import type { TOngoingLoansResponse } from '@payrail/contract/servicing';
import { parseIsoDate, type IsoDate } from '@payrail/domain/dates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanInstallments, notifications } from '../src/db/schema/index';
import { staffToken } from './application-helpers';
import { fundedLoan, scheduledAutoDebit } from './collections-helpers';
import type { FundedLoan } from './collections-helpers';
import { auth, call } from './identity-helpers';
import { type TestApp, testApp } from './test-app';

// A hardship preview shows exactly the schedule its approval applies (docs/hardship.md): every date and the
// next payment due, also when the next installment is kept because its debit is already on its way.
const NOW = new Date('2029-01-30T12:00:00Z');
let app: TestApp;
let servicer: string;
beforeAll(async () => {
  app = await testApp({ now: () => NOW });
  servicer = await staffToken(app, 'servicer@payrail.test');
});
afterAll(async () => {
  await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, NOW);
  await app.close();
});

const db = () => app.ctx.database.db;
const businessDate = (d: string) => app.ctx.repos.loanBook.setBusinessDateOverride(d as IsoDate, null, NOW);
// Monthly payments due 2029-02-02, 03-02, 04-02, 05-02.
const newLoan = () => fundedLoan(app, { disbursementDate: '2029-01-02', firstPaymentDate: '2029-02-02', payments: 4 });
const page = async (loan: FundedLoan) => {
  const res = await call(app, { url: `/api/dashboard/loans/${loan.loanId}/hardship`, headers: auth(loan.token) });
  expect(res.statusCode).toBe(200);
  return res.json<THardshipPage>();
};
const detail = async (id: number) => {
  const res = await call(app, { url: `/api/backoffice/hardship_requests/${id}`, headers: auth(servicer) });
  expect(res.statusCode).toBe(200);
  return res.json<THardshipDetail>();
};
const submit = async (loan: FundedLoan, k: number) => {
  const res = await call(app, {
    method: 'POST',
    url: `/api/dashboard/loans/${loan.loanId}/hardship_requests`,
    headers: auth(loan.token),
    payload: { reason: 'medical', description: 'A surgery kept me off work for six weeks this winter.', defer_payments: k, waive_late_fees: false },
  });
  expect(res.statusCode).toBe(201);
  return res.json<THardshipRequest>();
};
const approve = async (id: number, k: number) => {
  const res = await call(app, {
    method: 'POST',
    url: `/api/backoffice/hardship_requests/${id}/decision`,
    headers: auth(servicer),
    payload: { decision: 'approve', defer_payments: k, waive_late_fees: false },
  });
  expect(res.statusCode).toBe(200);
  return res.json<THardshipDetail>();
};
/** The auto-debit of installment n, scheduled by the servicing (in flight: it never moves). */
const debitScheduled = (loan: FundedLoan, n: number, on: IsoDate) => scheduledAutoDebit(app, loan, n, on);

/** Previews (borrower page, back-office plan), approves k, and checks the loan carries what was previewed. */
async function previewThenApprove(loan: FundedLoan, k: number) {
  const preview = (await page(loan)).plans.find((p) => p.defer_payments === k)!;
  const req = await submit(loan, k);
  const staffPlan = (await detail(req.id)).plans.find((p) => p.defer_payments === k)!;
  const decided = await approve(req.id, k);
  const loanRow = (await app.ctx.repos.loanBook.loan(loan.loanId))!;
  const installments = (await db().select().from(loanInstallments).where(eq(loanInstallments.loanId, loan.loanId))).sort((a, b) => a.n - b.n);
  const ongoing = (await call(app, { url: '/api/loans/ongoing_loans', headers: auth(loan.token) })).json<TOngoingLoansResponse>();
  const nextTerm = (await call(app, { url: `/api/transactions/loan/next_term_date/${loan.loanId}`, headers: auth(loan.token) })).json<{
    next_term_date: string;
  }>();

  // Every date the back office previewed is the loan's date after the approval, and the borrower's decision shows them.
  const previewed = staffPlan.schedule.map((r) => r.new_due_date);
  expect(loanRow.revisedDueDates).toEqual(previewed);
  expect(installments.map((i) => i.dueDate)).toEqual(previewed);
  expect(decided.request.decision!.schedule).toEqual(staffPlan.schedule);
  expect(preview.maturity_after).toBe(previewed.at(-1));
  expect(preview.first_moved_n).toBe(staffPlan.schedule.find((r) => r.moved)!.n);
  // The borrower's "Next payment due" is the loan's next due date after the approval, wherever it is read.
  expect(decided.loan.next_due_date).toBe(preview.next_due_date);
  expect(ongoing.opened_loan?.loan.due_date).toBe(preview.next_due_date);
  expect(nextTerm.next_term_date).toBe(preview.next_due_date);
  const notices = (await db().select().from(notifications).where(eq(notifications.userId, loan.userId))).map((n) => n.message);
  expect(notices.some((m) => m.includes(`your next payment is due on ${preview.next_due_date}.`))).toBe(true);
  return { preview, previewed };
}

describe('hardship preview = approval', () => {
  it('the next installment’s debit is on its way: it stays due, and the preview says so (not the first moved date)', async () => {
    // Three days before payment 1 (2029-02-02), whose auto-debit is already scheduled.
    await businessDate('2029-01-30');
    for (const k of [1, 2, 3]) {
      const loan = await newLoan();
      await debitScheduled(loan, 1, parseIsoDate('2029-02-02'));
      const plans = (await page(loan)).plans;
      expect(plans.map((p) => [p.defer_payments, p.first_moved_n, p.next_due_date])).toEqual([
        [1, 2, '2029-02-02'],
        [2, 2, '2029-02-02'],
        [3, 2, '2029-02-02'],
      ]);
      const { previewed } = await previewThenApprove(loan, k);
      expect(previewed[0]).toBe('2029-02-02');
      expect(previewed[1]).toBe(['2029-04-02', '2029-05-02', '2029-06-02'][k - 1]);
    }
  });

  it('nothing on its way (past due): every unpaid payment moves and the next one due is the first moved date', async () => {
    await businessDate('2029-02-20');
    for (const k of [1, 2, 3]) {
      const loan = await newLoan();
      const { preview, previewed } = await previewThenApprove(loan, k);
      expect(preview.first_moved_n).toBe(1);
      expect(preview.next_due_date).toBe(previewed[0]);
      expect(previewed[0]).toBe(['2029-03-02', '2029-04-02', '2029-05-02'][k - 1]);
    }
  });
});
