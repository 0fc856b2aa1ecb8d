import { cents } from '@payrail/domain/money';
import { PAID_OFF_NOTICE, STATUS_NOTICES, feedbackNotice } from '@payrail/domain/engagement/notices';
import type { IsoDate } from '@payrail/domain/dates';
import { addDays, parseIsoDate } from '@payrail/domain/dates';
import type { TPayoffResponse } from '@payrail/contract/servicing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanTransactions, notifications, autoDebitAuthorizations } from '../src/db/schema/index';
import { runDailyServicing } from '../src/modules/loan-book/use-cases/daily-run';
import { notifyBorrower } from '../src/modules/engagement/use-cases/notify-borrower';
import { refreshLoanStatus } from '../src/modules/loan-book/use-cases/refresh-loan-status';
import { borrowerAtApplicationReview, classicApp, get, staffToken, tempDataDir } from './application-helpers';
import { fundedLoan } from './collections-helpers';
import { auth, call } from './identity-helpers';
import { fundedBorrower } from './servicing-helpers';
import type { TestApp } from './test-app';

const files = tempDataDir();
let app: TestApp;
let underwriter: string;
beforeAll(async () => {
  app = await classicApp({ config: { dataDir: files.dataDir, requireHumanReview: true } });
  underwriter = await staffToken(app, 'underwriter@payrail.test');
});
afterAll(async () => {
  await app.close();
  files.remove();
});

type Notice = { id: number; status: string; message: string; updated_at: string };
const listed = async (token: string) => (await call(app, { url: '/api/notifications', headers: auth(token) })).json<Notice[]>().map((n) => n.message);
const stored = async (userId: number) =>
  (await app.ctx.database.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id)).map((n) => n.message);
const backoffice = (userId: number, action: string, payload?: Record<string, unknown>) =>
  call(app, { method: 'POST', url: `/api/backoffice/applications/${userId}/${action}`, headers: auth(underwriter), ...(payload ? { payload } : {}) });

describe('notifications created by real events', () => {
  it('the borrower’s own steps make none; review confirms, reviewer feedback names the documents requested', async () => {
    const who = await borrowerAtApplicationReview(app);
    expect(await stored(who.id)).toEqual([]);
    await get(app, who.token, '/api/review');
    // The borrower submitted it: no notice of their own move.
    expect(await stored(who.id)).toEqual([]);
    const sent = await backoffice(who.id, 'feedback', {
      message: 'Upload these, please.',
      fields: { loan_borrower: [] },
      documents: ['pay_stub', 'proof_of_address'],
    });
    expect(sent.statusCode).toBe(201);
    expect(await listed(who.token)).toEqual([feedbackNotice(['pay_stub', 'proof_of_address'])]);
    expect(feedbackNotice(['pay_stub', 'proof_of_address'])).toBe('Documents requested: please upload your pay stub and proof of address.');
  });

  it('a reviewer’s decision is told: declined', async () => {
    const who = await borrowerAtApplicationReview(app);
    await get(app, who.token, '/api/review');
    expect((await backoffice(who.id, 'decline', { reapply_on: '2027-03-01', reasons: ['Unable to verify income'] })).statusCode).toBe(200);
    expect(await listed(who.token)).toEqual([STATUS_NOTICES.declined]);
  });

  it('approval and funding: approved, then the loan funded, newest first and unread', async () => {
    const funded = await fundedBorrower(app);
    const list = (await call(app, { url: '/api/notifications', headers: auth(funded.token) })).json<Notice[]>();
    // The helper's forced move to esignature_needed told the borrower the loan was ready to sign, before these.
    expect(list.map((n) => n.message).slice(0, 2)).toEqual([
      expect.stringMatching(new RegExp(`^Your loan ${funded.loan.identifier} is funded`)),
      STATUS_NOTICES.approved,
    ]);
    expect(list.every((n) => n.status === 'unread')).toBe(true);
  });

  it('payment sent, then settled by the daily run', async () => {
    const loan = await fundedLoan(app, { disbursementDate: '2027-05-03', firstPaymentDate: '2027-06-03' });
    const [authorization] = await app.ctx.database.db.select().from(autoDebitAuthorizations).where(eq(autoDebitAuthorizations.loanId, loan.loanId));
    const at = app.ctx.now();
    await app.ctx.database.db.insert(loanTransactions).values({
      loanId: loan.loanId,
      userId: loan.userId,
      mode: 'one_time',
      method: 'ach',
      bankAccountId: authorization!.bankAccountId,
      createdAt: at,
      updatedAt: at,
      status: 'scheduled',
      amountCents: cents(5_000),
      scheduledDate: parseIsoDate('2027-05-24'),
    });
    await runDailyServicing(app.ctx, { from: '2027-05-24' as IsoDate, through: '2027-05-26' as IsoDate });
    expect(await stored(loan.userId)).toContain(`Your payment of $50.00 on loan ${loan.identifier} has settled.`);
  });

  it('payoff: the call that closes the loan tells the borrower once', async () => {
    const funded = await fundedBorrower(app);
    const loanId = funded.loan.id;
    const date = addDays(parseIsoDate(funded.loan.disbursement_date), 15);
    await app.ctx.repos.loanBook.setBusinessDateOverride(date, null, app.ctx.now());
    const quote = (await call(app, { url: `/api/${loanId}/payoff/${date}`, headers: auth(funded.token) })).json<TPayoffResponse>().payoff_amount;
    await app.ctx.repos.loanBook.recordPayment({
      loanId,
      kind: 'payoff',
      effectiveDate: date,
      amountCents: cents(quote),
      at: app.ctx.now(),
      idempotencyKey: `notice-payoff-${loanId}`,
    });
    expect(await refreshLoanStatus(app.ctx, loanId)).toBe('closed_paid');
    expect(await refreshLoanStatus(app.ctx, loanId)).toBe('closed_paid');
    await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, app.ctx.now());
    expect((await stored(funded.id)).filter((m) => m === PAID_OFF_NOTICE)).toHaveLength(1);
  });

  it('the one function other modules use (a referral reward, say) writes an unread notice the member can toggle', async () => {
    const who = await borrowerAtApplicationReview(app);
    const row = await notifyBorrower(app.ctx, who.id, 'You earned $50.00 for referring a friend.');
    expect(row).toMatchObject({ userId: who.id, status: 'unread' });
    const read = await call(app, { method: 'PATCH', url: `/api/notifications/read/${row.id}`, headers: auth(who.token) });
    expect(read.json()).toMatchObject({ id: row.id, status: 'read' });
    const other = await borrowerAtApplicationReview(app);
    expect((await call(app, { method: 'PATCH', url: `/api/notifications/unread/${row.id}`, headers: auth(other.token) })).statusCode).toBe(404);
  });
});
