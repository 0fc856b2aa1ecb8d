/**
 * One loan, three readers, one answer (docs/servicing.md): what the borrower sees (loan history, payoff quote),
 * what staff see (the servicing page) and what the ledger says (`positionAsOf` over the entries) agree on what
 * is owed and what was paid — on funding, with a debit on its way, after its return, on a weekend, and on and
 * after a charge-off that falls on a Saturday. Both databases.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TLoanServicingResponse } from '@payrail/contract/servicing-backoffice';
import type { TLoanHistoryResponse, TPayoffResponse } from '@payrail/contract/servicing';
import { parseIsoDate, type IsoDate } from '@payrail/domain/dates';
import { positionAsOf } from '@payrail/domain/loan/ledger';
import { ledgerEntries, loans } from '../src/db/schema/index';
import { runDailyServicing } from '../src/modules/loan-book/use-cases/daily-run';
import { scheduleOfRecord, toDomainEntry } from '../src/modules/loan-book/use-cases/loan-position';
import { staffToken } from './application-helpers';
import { fundedLoan } from './collections-helpers';
import type { FundedLoan } from './collections-helpers';
import { auth, call } from './identity-helpers';
import { type TestApp, testApp } from './test-app';

const NOON = new Date('2037-03-03T17:00:00Z');
let app: TestApp;
let servicer: string;
beforeAll(async () => {
  app = await testApp({ now: () => NOON });
  servicer = await staffToken(app, 'servicer@payrail.test');
});
afterAll(async () => {
  await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, NOON);
  await app.close();
});

const d = (s: string) => s as IsoDate;
const nextDay = (s: string) => new Date(Date.parse(`${s}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
let ranThrough = '2037-03-02';
async function runTo(date: string) {
  await app.ctx.repos.loanBook.setBusinessDateOverride(parseIsoDate(date), null, NOON);
  if (nextDay(ranThrough) <= date) await runDailyServicing(app.ctx, { from: d(nextDay(ranThrough)), through: d(date) });
  ranThrough = date;
}

/** The three readings of one loan on the business date `date`. */
async function readings(loan: FundedLoan, date: string) {
  const history = await call(app, { url: '/api/loans/history', headers: auth(loan.token) });
  expect(history.statusCode, history.body).toBe(200);
  const mine = history.json<TLoanHistoryResponse>().loans.find((l) => l.id === loan.loanId)!;
  const staff = await call(app, { url: `/api/backoffice/loans/${loan.loanId}/servicing`, headers: auth(servicer) });
  expect(staff.statusCode, staff.body).toBe(200);
  const desk = staff.json<TLoanServicingResponse>();
  const [row] = await app.ctx.database.db.select().from(loans).where(eq(loans.id, loan.loanId));
  const entries = await app.ctx.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.loanId, loan.loanId)).orderBy(asc(ledgerEntries.id));
  const ledger = positionAsOf(scheduleOfRecord(row!), entries.map(toDomainEntry), d(date));
  return { status: row!.status, mine, desk, ledger };
}

async function expectAgreement(loan: FundedLoan, date: string) {
  const { status, mine, desk, ledger } = await readings(loan, date);
  const context = `${date} (${status})`;
  expect(mine.outstanding_balance, `borrower vs ledger on ${context}`).toBe(ledger.outstandingCents);
  expect(desk.payoff_amount, `staff vs ledger on ${context}`).toBe(ledger.outstandingCents);
  expect(mine.paid_amount, `borrower paid vs ledger on ${context}`).toBe(ledger.paidCents);
  expect(desk.paid_total, `staff paid vs ledger on ${context}`).toBe(ledger.paidCents);
  expect(mine.principal_balance, `principal on ${context}`).toBe(ledger.principalCents);
  if (status === 'opened' || status === 'default') {
    const quote = await call(app, { url: `/api/${loan.loanId}/payoff/${date}`, headers: auth(loan.token) });
    expect(quote.statusCode, quote.body).toBe(200);
    // The quote is for the day the money moves (`date` of the answer): the ledger's position on that day.
    const q = quote.json<TPayoffResponse>();
    expect(q.date >= date).toBe(true);
    const [row] = await app.ctx.database.db.select().from(loans).where(eq(loans.id, loan.loanId));
    const entries = await app.ctx.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.loanId, loan.loanId)).orderBy(asc(ledgerEntries.id));
    expect(q.payoff_amount, `payoff quote on ${context} for ${q.date}`).toBe(
      positionAsOf(scheduleOfRecord(row!), entries.map(toDomainEntry), d(q.date)).outstandingCents,
    );
  }
  return status;
}

describe('borrower, staff and ledger figures agree', () => {
  let loan: FundedLoan;
  beforeAll(async () => {
    // Every debit from this account comes back R01 (insufficient funds): the loan never pays.
    loan = await fundedLoan(app, { disbursementDate: '2037-03-03', firstPaymentDate: '2037-04-03', account: '0001', payments: 6 });
  });

  it('on funding, with the first debit on its way, after its return, and over a weekend', async () => {
    await runTo('2037-03-03');
    await expectAgreement(loan, '2037-03-03');
    await runTo('2037-04-03'); // the first auto-debit is sent (a Friday) and posted the same day
    await expectAgreement(loan, '2037-04-03');
    for (const day of ['2037-04-04', '2037-04-05', '2037-04-06', '2037-04-07', '2037-04-08', '2037-04-09', '2037-04-10']) {
      await runTo(day); // the return reverses the payment; Saturday and Sunday in between
      await expectAgreement(loan, day);
    }
    const entries = await app.ctx.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.loanId, loan.loanId));
    expect(entries.some((e) => e.kind === 'reversal')).toBe(true);
  });

  it('on and after a charge-off that falls on a Saturday, and after the weekend', async () => {
    await runTo('2037-07-30');
    await expectAgreement(loan, '2037-07-30');
    const seen: string[] = [];
    for (const day of ['2037-07-31', '2037-08-01', '2037-08-02', '2037-08-03', '2037-08-04']) {
      await runTo(day);
      seen.push(await expectAgreement(loan, day));
    }
    expect(seen).toContain('charge_off');
    const offs = (await app.ctx.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.loanId, loan.loanId))).filter((e) => e.kind === 'charge_off');
    expect(offs.length).toBeGreaterThan(0);
  });
});
