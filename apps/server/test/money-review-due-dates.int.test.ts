/**
 * Adversarial review of due-date revisions (docs/servicing.md, "Revised due dates"): a borrower's due-date
 * change checks that no debit of the installment it moves is scheduled or on its way — but that check reads
 * before the loan's lock. The daily run creating the installment's debit between the read and the write
 * must make the change refuse (nothing written), or the borrower is debited on the date they moved away from.
 */
import type { TDueDateChange } from '@payrail/contract/care';
import { DUE_DATE_MSG } from '@payrail/domain/care/due-date-change';
import { parseIsoDate, type IsoDate } from '@payrail/domain/dates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dueDateChangeRequests, loanDocuments, loanInstallments } from '../src/db/schema/index';
import { setNames } from './banking-helpers';
import { fundedLoan, scheduledAutoDebit } from './collections-helpers';
import type { FundedLoan } from './collections-helpers';
import { auth, call } from './identity-helpers';
import { moneyApp } from './support/money-kit';

const money = moneyApp({ keyPrefix: 'review-due', pinnedAt: new Date('2029-01-02T12:00:00Z'), businessDate: '2029-01-10' as IsoDate, staff: [] });
beforeAll(money.setup, 240_000);
afterAll(money.teardown);
const { app, db } = money;

async function borrower(): Promise<FundedLoan> {
  const loan = await fundedLoan(app(), { disbursementDate: '2029-01-02', firstPaymentDate: '2029-02-02', payments: 6 });
  await setNames(app(), loan.userId, 'Jordan', 'Rivera');
  return loan;
}

const sign = (loan: FundedLoan, body: Record<string, unknown>) =>
  call(app(), { method: 'POST', url: `/api/dashboard/loans/${loan.loanId}/due_date_change`, headers: auth(loan.token), payload: body });
const GOOD = { date: '2029-02-12', signature_name: 'Jordan Rivera', agree: true };
const requestsOf = (loanId: number) => db().select().from(dueDateChangeRequests).where(eq(dueDateChangeRequests.loanId, loanId));

/** The auto-debit of installment 1 on its due date, as the daily run creates it (scheduled). */
const firstDebitScheduled = (loan: FundedLoan) => scheduledAutoDebit(app(), loan, 1, parseIsoDate('2029-02-02'));

describe('a due-date change racing the run that schedules the moved installment’s debit', () => {
  it('the debit is created after the change read the loan and before it writes: the change is refused (409) and nothing is written', async () => {
    const loan = await borrower();
    const care = app().ctx.repos.care;
    const reserve = care.reserveDueDateChangeId;
    care.reserveDueDateChangeId = async () => {
      care.reserveDueDateChangeId = reserve;
      await firstDebitScheduled(loan);
      return reserve();
    };
    let res;
    try {
      res = await sign(loan, GOOD);
    } finally {
      care.reserveDueDateChangeId = reserve;
    }
    const [first] = await db().select().from(loanInstallments).where(eq(loanInstallments.loanId, loan.loanId)).orderBy(loanInstallments.n).limit(1);
    const trail = JSON.stringify({ res: [res.statusCode, res.body.slice(0, 200)], first });
    // The debit stays on installment 1's date, and that date did not move under it.
    expect(first!.dueDate, trail).toBe('2029-02-02');
    expect([res.statusCode, res.json<{ error: string }>().error], trail).toEqual([409, DUE_DATE_MSG.lostRace]);
    expect(await requestsOf(loan.loanId)).toEqual([]);
    expect(await app().ctx.repos.loanBook.scheduleRevisions(loan.loanId)).toEqual([]);
    expect(await db().select().from(loanDocuments).where(eq(loanDocuments.loanId, loan.loanId))).toEqual([]);
  });

  it('without the race the same change applies (the test above can only fail for the race)', async () => {
    const loan = await borrower();
    const res = await sign(loan, GOOD);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TDueDateChange>()).toMatchObject({ loan_id: loan.loanId });
    const [first] = await db().select().from(loanInstallments).where(eq(loanInstallments.loanId, loan.loanId)).orderBy(loanInstallments.n).limit(1);
    expect(first!.dueDate).toBe('2029-02-12');
  });
});
