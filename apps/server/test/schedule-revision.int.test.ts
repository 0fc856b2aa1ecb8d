import { ScheduleRevisionError } from '@payrail/domain/loan/schedule-revision';
import type { IsoDate } from '@payrail/domain/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduleOf as collectionsScheduleOf } from '../src/modules/loan-book/servicing-policy';
import { reviseDueDates } from '../src/modules/loan-book/use-cases/revise-due-dates';
import { contractOf } from '../src/modules/loan-book/use-cases/loan-position';
import { fundedLoan } from './collections-helpers';
import type { FundedLoan } from './collections-helpers';
import { auth, call } from './identity-helpers';
import { type TestApp, testApp } from './test-app';

const NOW = new Date('2029-01-02T12:00:00Z');
let app: TestApp;
let loan: FundedLoan;
beforeAll(async () => {
  app = await testApp({ now: () => NOW });
  loan = await fundedLoan(app, { disbursementDate: '2029-01-02', firstPaymentDate: '2029-02-02', payments: 4 });
  await app.ctx.repos.loanBook.setBusinessDateOverride('2029-01-10' as IsoDate, null, NOW);
});
afterAll(async () => {
  await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, NOW);
  await app.close();
});

const CONTRACT = ['2029-02-02', '2029-03-02', '2029-04-02', '2029-05-02'];
const MOVED = ['2029-02-12', '2029-03-12', '2029-04-12', '2029-05-12'];

describe('revised due dates (servicing)', () => {
  it('applies once: the revision row, the loan’s dates and APR, the installments, and every schedule reader follow', async () => {
    const row = (await app.ctx.repos.loanBook.loan(loan.loanId))!;
    const applied = await reviseDueDates(app.ctx, row, { kind: 'due_date_change', sourceId: loan.loanId, dueDatesAfter: MOVED, firstMovedN: 1 });
    expect(applied).not.toBeNull();
    expect(applied!.revision).toMatchObject({ dueDatesBefore: CONTRACT, dueDatesAfter: MOVED, kind: 'due_date_change' });
    expect(Number(applied!.aprAfter)).toBeLessThan(Number(applied!.aprBefore));

    const after = (await app.ctx.repos.loanBook.loan(loan.loanId))!;
    expect(after.revisedDueDates).toEqual(MOVED);
    expect(after.aprPercent).toBe(applied!.aprAfter);
    expect((await app.ctx.repos.loanBook.installments(loan.loanId)).map((i) => i.dueDate)).toEqual(MOVED);
    expect((await contractOf(app.ctx, after)).schedule.rows.map((r) => r.dueDate)).toEqual(MOVED);
    expect(collectionsScheduleOf(after).rows.map((r) => r.dueDate)).toEqual(MOVED);
    expect((await app.ctx.repos.loanBook.scheduleRevisions(loan.loanId)).length).toBe(1);

    // The borrower's screens read the same dates (the next payment is now due on the 12th).
    const res = await call(app, { url: `/api/transactions/loan/next_term_date/${loan.loanId}`, headers: auth(loan.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ next_term_date: '2029-02-12' });
  });

  it('writes nothing when the dates in force changed since they were read, or the request was applied already', async () => {
    const stale = { ...(await app.ctx.repos.loanBook.loan(loan.loanId))!, revisedDueDates: null };
    // Read before the first revision: its "before" no longer matches the dates in force.
    expect(
      await reviseDueDates(app.ctx, stale, {
        kind: 'hardship',
        sourceId: loan.loanId,
        dueDatesAfter: ['2029-02-12', '2029-03-20', '2029-04-20', '2029-05-20'],
        firstMovedN: 1,
      }),
    ).toBeNull();
    const fresh = (await app.ctx.repos.loanBook.loan(loan.loanId))!;
    expect(
      await reviseDueDates(app.ctx, fresh, {
        kind: 'due_date_change',
        sourceId: loan.loanId,
        dueDatesAfter: ['2029-02-12', '2029-03-20', '2029-04-20', '2029-05-20'],
        firstMovedN: 2,
      }),
    ).toBeNull();
    expect((await app.ctx.repos.loanBook.loan(loan.loanId))!.revisedDueDates).toEqual(MOVED);
    expect((await app.ctx.repos.loanBook.scheduleRevisions(loan.loanId)).length).toBe(1);
  });

  it('refuses to move a payment before the first movable one (a programming error, nothing written)', async () => {
    const fresh = (await app.ctx.repos.loanBook.loan(loan.loanId))!;
    await expect(
      reviseDueDates(app.ctx, fresh, { kind: 'hardship', sourceId: -1, dueDatesAfter: ['2029-02-05', ...MOVED.slice(1)], firstMovedN: 2 }),
    ).rejects.toThrow(ScheduleRevisionError);
    expect((await app.ctx.repos.loanBook.scheduleRevisions(loan.loanId)).length).toBe(1);
  });
});
