import { cents } from '@payrail/domain/money';
import { parseIsoDate } from '@payrail/domain/dates';
import { CARE_MSG } from '@payrail/contract/care';
import type { TRequestsInbox } from '@payrail/contract/care';
import { requestsReminderNotice } from '@payrail/domain/care/requests-inbox';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { businessToday } from '../src/lib/business-clock';
import { applicationMembers, autoDebitAuthorizations, loanBorrowers, loanTransactions, notifications, staffActions } from '../src/db/schema/index';
import { borrowerAtApplicationReview, get, uploadDocument } from './application-helpers';
import { fundedLoan } from './collections-helpers';
import { auth, call } from './identity-helpers';
import { reviewDeskApp } from './review-desk-app';
import type { TestApp } from './test-app';

const desk = reviewDeskApp();
let app: TestApp;
let underwriter: string;
let servicer: string;
beforeAll(() => {
  ({ app, underwriter, servicer } = desk);
});

const db = () => app.ctx.database.db;
const inbox = async (token: string) => {
  const res = await call(app, { url: '/api/dashboard/requests', headers: auth(token) });
  expect(res.statusCode).toBe(200);
  return res.json<TRequestsInbox>().requests;
};
const keys = async (token: string) => (await inbox(token)).map((r) => `${r.key}=${r.status}`);

describe('requests inbox (GET /dashboard/requests)', () => {
  it('needs a session', async () => {
    expect((await call(app, { url: '/api/dashboard/requests' })).statusCode).toBe(401);
  });

  it('lists the reviewer feedback and each requested document; an upload removes its document, the answer empties it', async () => {
    const who = await borrowerAtApplicationReview(app);
    await db().update(loanBorrowers).set({ phoneConfirmedAt: new Date() }).where(eq(loanBorrowers.userId, who.id));
    await get(app, who.token, '/api/review');
    expect(await keys(who.token)).toEqual([]);
    const sent = await call(app, {
      method: 'POST',
      url: `/api/backoffice/applications/${who.id}/feedback`,
      headers: auth(underwriter),
      payload: { message: 'Please send these.', fields: { loan_borrower: [] }, documents: ['w2', 'bank_statement'] },
    });
    expect(sent.statusCode).toBe(201);
    const open = await inbox(who.token);
    const fb = open[0]!;
    expect(open.map((r) => r.kind)).toEqual(['feedback', 'document', 'document']);
    expect(fb).toMatchObject({
      title: 'Answer your reviewer',
      detail: 'Please send these.',
      status: 'to_do',
      action: { kind: 'link', label: 'Open the request', to: '/feedback' },
    });
    expect(open[1]).toMatchObject({ key: `document:${fb.key.split(':')[1]}:w2`, title: 'Upload your W-2' });

    await uploadDocument(app, who.token, 'w2');
    expect((await inbox(who.token)).map((r) => `${r.kind}=${r.status}`)).toEqual(['feedback=in_progress', 'document=to_do']);
    await uploadDocument(app, who.token, 'bank_statement');
    const answered = await call(app, { method: 'PUT', url: '/api/feedback', headers: auth(who.token), payload: {} });
    expect(answered.statusCode).toBe(200);
    expect(await keys(who.token)).toEqual([]);
  });

  it('asks for an unconfirmed e-mail and phone, with the resend action, until they are confirmed', async () => {
    const who = await borrowerAtApplicationReview(app);
    await db().update(applicationMembers).set({ confirmedAt: null }).where(eq(applicationMembers.id, who.id));
    await db().update(loanBorrowers).set({ phone: '+13025550142', phoneConfirmedAt: null }).where(eq(loanBorrowers.userId, who.id));
    const open = await inbox(who.token);
    expect(open.map((r) => r.kind)).toEqual(['email_confirmation', 'phone_confirmation']);
    expect(open[0]!.action).toEqual({ kind: 'resend_confirmation', label: 'Send the e-mail again' });
    expect(open[1]!.detail).toContain('ending 0142');
    await db().update(applicationMembers).set({ confirmedAt: new Date() }).where(eq(applicationMembers.id, who.id));
    await db().update(loanBorrowers).set({ phoneConfirmedAt: new Date() }).where(eq(loanBorrowers.userId, who.id));
    expect(await keys(who.token)).toEqual([]);
  });

  it('asks to authorize auto-debit when the authorization is revoked, and to fix a returned payment until a new one is made', async () => {
    const loan = await fundedLoan(app, { disbursementDate: '2027-05-03', firstPaymentDate: '2027-06-03' });
    expect(await keys(loan.token)).toEqual([]);
    const [authorization] = await db().select().from(autoDebitAuthorizations).where(eq(autoDebitAuthorizations.loanId, loan.loanId));
    const at = app.ctx.now();
    const row = {
      loanId: loan.loanId,
      userId: loan.userId,
      mode: 'one_time' as const,
      method: 'ach' as const,
      bankAccountId: authorization!.bankAccountId,
      createdAt: at,
      updatedAt: at,
      amountCents: cents(5_000),
    };
    const [returned] = await db()
      .insert(loanTransactions)
      .values({ ...row, status: 'returned', scheduledDate: parseIsoDate('2027-05-20'), returnedOn: parseIsoDate('2027-05-22'), returnCode: 'R01' })
      .returning();
    expect(await inbox(loan.token)).toEqual([
      {
        key: `returned_payment:${returned!.id}`,
        kind: 'returned_payment',
        title: 'Fix a returned payment',
        detail: `Your payment of $50.00 on loan ${loan.identifier} was returned (insufficient funds). Make the payment again, from another account if needed.`,
        status: 'to_do',
        since: '2027-05-22',
        action: { kind: 'link', label: 'Make a payment', to: '/dashboard/loans-and-payments' },
      },
    ]);
    await db().update(autoDebitAuthorizations).set({ revokedAt: at }).where(eq(autoDebitAuthorizations.id, authorization!.id));
    expect(await keys(loan.token)).toEqual([`returned_payment:${returned!.id}=to_do`, `auto_debit_authorization:${loan.loanId}=to_do`]);
    await db()
      .insert(loanTransactions)
      .values({ ...row, status: 'scheduled', scheduledDate: parseIsoDate('2027-05-25') });
    expect(await keys(loan.token)).toEqual([`auto_debit_authorization:${loan.loanId}=to_do`]);
  });
});

describe('requests in the back office', () => {
  it('staff read the same list; a reminder notifies the borrower and is audited; nothing open is a 422', async () => {
    const loan = await fundedLoan(app, { disbursementDate: parseIsoDate('2027-05-03'), firstPaymentDate: parseIsoDate('2027-06-03') });
    const bo = (method: 'GET' | 'POST', url: string, token: string | null = servicer) =>
      call(app, { method, url: `/api/backoffice/members/${loan.userId}${url}`, headers: token ? auth(token) : {} });
    expect((await bo('GET', '/requests', null)).statusCode).toBe(401);
    const nothing = await bo('POST', '/requests/remind');
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json()).toEqual({ error: CARE_MSG.nothingToRemind });

    await db().update(autoDebitAuthorizations).set({ revokedAt: app.ctx.now() }).where(eq(autoDebitAuthorizations.loanId, loan.loanId));
    const list = await bo('GET', '/requests');
    expect(list.json<TRequestsInbox>()).toEqual({ requests: await inbox(loan.token) });
    const reminded = await bo('POST', '/requests/remind');
    expect(reminded.statusCode).toBe(200);
    expect(reminded.json()).toEqual({ message: requestsReminderNotice(1), open_requests: 1 });
    const notes = await db().select().from(notifications).where(eq(notifications.userId, loan.userId));
    expect(notes.map((n) => n.message)).toEqual([requestsReminderNotice(1)]);
    const audit = await db()
      .select()
      .from(staffActions)
      .where(and(eq(staffActions.targetUserId, loan.userId), eq(staffActions.action, 'remind_open_requests')));
    expect(audit.map((a) => a.after)).toEqual([{ requests: [`auto_debit_authorization:${loan.loanId}`], business_date: await businessToday(app.ctx) }]);
    expect((await call(app, { url: '/api/backoffice/members/2147483000/requests', headers: auth(servicer) })).statusCode).toBe(404);
  });
});
