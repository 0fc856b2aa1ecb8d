import { CARE_MSG, REMINDERS_PER_BORROWER_PER_BUSINESS_DAY } from '@payrail/contract/care';
import { requestsReminderNotice } from '@payrail/domain/care/requests-inbox';
import type { IsoDate } from '@payrail/domain/dates';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoDebitAuthorizations, notifications, staffActions } from '../src/db/schema/index';
import { staffToken } from './application-helpers';
import { fundedLoan } from './collections-helpers';
import { auth, call } from './identity-helpers';
import { type TestApp, testApp } from './test-app';

/**
 * Issue #33 B: reminding a borrower is a write with its own capability (`remind`: servicers and admins,
 * not the read-only underwriter), and at most REMINDERS_PER_BORROWER_PER_BUSINESS_DAY per borrower per
 * business date, counted under the member's row lock, so parallel reminders never exceed it.
 */
const NOW = new Date('2029-03-05T12:00:00Z');
let app: TestApp;
let tokens: { servicer: string; admin: string; underwriter: string };
const db = () => app.ctx.database.db;

beforeAll(async () => {
  app = await testApp({ now: () => NOW });
  const [servicer, admin, underwriter] = await Promise.all([
    staffToken(app, 'servicer@payrail.test'),
    staffToken(app, 'admin@payrail.test'),
    staffToken(app, 'underwriter@payrail.test'),
  ]);
  tokens = { servicer: servicer!, admin: admin!, underwriter: underwriter! };
});
afterAll(async () => {
  await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, NOW); // other files of this worker read the real date
  await app.close();
});

/** A borrower with one open request (a revoked auto-debit authorization). */
async function borrowerWithARequest() {
  const loan = await fundedLoan(app, { disbursementDate: '2029-02-01', firstPaymentDate: '2029-03-01' });
  await db().update(autoDebitAuthorizations).set({ revokedAt: NOW }).where(eq(autoDebitAuthorizations.loanId, loan.loanId));
  return loan;
}
const remind = (userId: number, token: string) => call(app, { method: 'POST', url: `/api/backoffice/members/${userId}/requests/remind`, headers: auth(token) });
const remindersOf = async (userId: number) => ({
  notes: (await db().select().from(notifications).where(eq(notifications.userId, userId))).filter((n) => n.message === requestsReminderNotice(1)).length,
  audited: (
    await db()
      .select()
      .from(staffActions)
      .where(and(eq(staffActions.targetUserId, userId), eq(staffActions.action, 'remind_open_requests')))
  ).length,
});

describe('POST /api/backoffice/members/{id}/requests/remind', () => {
  it('needs the remind capability: the read-only underwriter is refused and nothing is written', async () => {
    const loan = await borrowerWithARequest();
    const res = await remind(loan.userId, tokens.underwriter);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: "Sorry, you don't have permission to do this." });
    expect(await remindersOf(loan.userId)).toEqual({ notes: 0, audited: 0 });
    // Reading the list stays open to every role.
    expect((await call(app, { url: `/api/backoffice/members/${loan.userId}/requests`, headers: auth(tokens.underwriter) })).statusCode).toBe(200);
  });

  it(`allows ${REMINDERS_PER_BORROWER_PER_BUSINESS_DAY} per borrower per business day (all staff together), then a 429 that says so; the next business day allows more`, async () => {
    const loan = await borrowerWithARequest();
    const other = await borrowerWithARequest();
    await app.ctx.repos.loanBook.setBusinessDateOverride('2029-03-05' as IsoDate, null, NOW);
    const codes: number[] = [];
    for (let i = 0; i < REMINDERS_PER_BORROWER_PER_BUSINESS_DAY; i++)
      codes.push((await remind(loan.userId, i % 2 ? tokens.admin : tokens.servicer)).statusCode);
    expect(codes).toEqual(Array(REMINDERS_PER_BORROWER_PER_BUSINESS_DAY).fill(200));
    const capped = await remind(loan.userId, tokens.admin);
    expect(capped.statusCode).toBe(429);
    expect(capped.json()).toEqual({ error: CARE_MSG.remindersCapped });
    expect(await remindersOf(loan.userId)).toEqual({ notes: REMINDERS_PER_BORROWER_PER_BUSINESS_DAY, audited: REMINDERS_PER_BORROWER_PER_BUSINESS_DAY });
    // Another borrower has their own count.
    expect((await remind(other.userId, tokens.servicer)).statusCode).toBe(200);

    await app.ctx.repos.loanBook.setBusinessDateOverride('2029-03-06' as IsoDate, null, NOW);
    expect((await remind(loan.userId, tokens.servicer)).statusCode).toBe(200);
    expect((await remind(loan.userId, tokens.servicer)).statusCode).toBe(200);
    await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, NOW);
  });

  it('holds under parallel requests: 20 at once write exactly the cap', async () => {
    const loan = await borrowerWithARequest();
    const codes = (await Promise.all(Array.from({ length: 20 }, (_, i) => remind(loan.userId, i % 2 ? tokens.admin : tokens.servicer)))).map(
      (r) => r.statusCode,
    );
    expect(codes.filter((c) => c === 200)).toHaveLength(REMINDERS_PER_BORROWER_PER_BUSINESS_DAY);
    expect(codes.filter((c) => c === 429)).toHaveLength(20 - REMINDERS_PER_BORROWER_PER_BUSINESS_DAY);
    expect(await remindersOf(loan.userId)).toEqual({ notes: REMINDERS_PER_BORROWER_PER_BUSINESS_DAY, audited: REMINDERS_PER_BORROWER_PER_BUSINESS_DAY });
  });
});
