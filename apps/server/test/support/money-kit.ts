/**
 * What the money tests share (the loan book's rules checked through the real API): the business clock, the
 * borrower's payment calls, the ledger's position and the check that the borrower's figures, the
 * servicer's and the ledger agree. `moneyKit(() => app, …)` is made at a file's top level; the app and the
 * servicer's token are read when a helper runs (they are set in the file's beforeAll).
 */
import type { TPayoffResponse, TServicingLoan } from '@payrail/contract/servicing';
import type { TLoanServicingResponse } from '@payrail/contract/servicing-backoffice';
import { isBusinessDay } from '@payrail/domain/calendar';
import { addDays, parseIsoDate } from '@payrail/domain/dates';
import type { IsoDate } from '@payrail/domain/dates';
import { positionAsOf } from '@payrail/domain/loan/ledger';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { ledgerEntries, loanTransactions, loans } from '../../src/db/schema/index';
import { runDailyServicing } from '../../src/modules/loan-book/use-cases/daily-run';
import { scheduleOfRecord, toDomainEntry } from '../../src/modules/loan-book/use-cases/loan-position';
import { auth, call } from '../identity-helpers';
import { fundedBorrower, keyMaker } from '../servicing-helpers';
import type { FundedBorrower } from '../servicing-helpers';
import type { TestApp } from '../test-app';

/** The ledger kinds that are money paid by or for the borrower. */
export const PAYMENT_KINDS: ReadonlySet<string> = new Set(['scheduled_debit', 'one_time_payment', 'payroll_remittance', 'payoff']);

/** An ISO day as the borrower's messages write it (MM/DD/YYYY). */
export const usDate = (d: string): string => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;

/** The first business day after `d`. */
export function nextBusiness(d: IsoDate): IsoDate {
  let n = addDays(d, 1);
  while (!isBusinessDay(n)) n = addDays(n, 1);
  return n;
}

/** `d` when it is a business day, else the next one. */
export const nextOrSame = (d: IsoDate): IsoDate => (isBusinessDay(d) ? d : nextBusiness(d));

export function moneyKit(app: () => TestApp, options: { keyPrefix: string; servicer: () => string }) {
  const db = () => app().ctx.database.db;
  const newKey = keyMaker(options.keyPrefix);
  const setBusinessDate = (d: string | null) => app().ctx.repos.loanBook.setBusinessDateOverride(d === null ? null : parseIsoDate(d), null, app().ctx.now());
  const entriesOf = (loanId: number) => db().select().from(ledgerEntries).where(eq(ledgerEntries.loanId, loanId)).orderBy(asc(ledgerEntries.id));
  const txsOf = (loanId: number) => db().select().from(loanTransactions).where(eq(loanTransactions.loanId, loanId)).orderBy(asc(loanTransactions.id));

  /** The ledger's position of the loan on `date` (the stored schedule of record, every entry). */
  async function ledgerOn(loanId: number, date: IsoDate) {
    const [row] = await db().select().from(loans).where(eq(loans.id, loanId));
    return { row: row!, position: positionAsOf(scheduleOfRecord(row!), (await entriesOf(loanId)).map(toDomainEntry), date) };
  }

  return {
    db,
    newKey,
    setBusinessDate,
    entriesOf,
    txsOf,
    ledgerOn,
    /** POST /api/request_payment as the borrower, with a new Idempotency-Key. */
    pay: (token: string, body: Record<string, unknown>) =>
      call(app(), { method: 'POST', url: '/api/request_payment', headers: { ...auth(token), 'idempotency-key': newKey() }, payload: body }),
    /** POST /api/create_pull_transaction (a card payment) as the borrower, with a new Idempotency-Key. */
    pull: (token: string, card: Record<string, unknown>) =>
      call(app(), { method: 'POST', url: '/api/create_pull_transaction', headers: { ...auth(token), 'idempotency-key': newKey() }, payload: { card } }),
    /** GET /api/{loanId}/payoff/{date}: the payoff quote (200 expected). */
    async quote(token: string, loanId: number, date: string): Promise<TPayoffResponse> {
      const res = await call(app(), { url: `/api/${loanId}/payoff/${date}`, headers: auth(token) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<TPayoffResponse>();
    },
    /** Runs the daily run day by day from `from` through `through`, the business date following. */
    async runDays(from: IsoDate, through: IsoDate) {
      for (let day = from; day <= through; day = addDays(day, 1)) {
        await setBusinessDate(day);
        await runDailyServicing(app().ctx, { from: day, through: day });
      }
    },
    /** A funded borrower whose servicing starts on the loan's disbursement date (a business day). */
    async borrower(): Promise<FundedBorrower> {
      await setBusinessDate(null);
      const who = await fundedBorrower(app());
      await setBusinessDate(who.loan.disbursement_date);
      return who;
    },
    /** The borrower's record, the servicer's page and the ledger agree on what is owed and what was paid on `date`; every entry is whole positive cents. */
    async expectFiguresAgree(who: FundedBorrower, date: IsoDate) {
      const { row, position } = await ledgerOn(who.loan.id, date);
      const mine = (await call(app(), { url: '/api/loans/last', headers: auth(who.token) })).json<{ loan: TServicingLoan }>().loan;
      const staff = await call(app(), { url: `/api/backoffice/loans/${who.loan.id}/servicing`, headers: auth(options.servicer()) });
      expect(staff.statusCode, staff.body).toBe(200);
      const desk = staff.json<TLoanServicingResponse>();
      expect(mine.outstanding_balance, `borrower vs ledger on ${date}`).toBe(position.outstandingCents);
      expect(desk.payoff_amount, `staff vs ledger on ${date}`).toBe(position.outstandingCents);
      expect(desk.paid_total, `staff paid vs ledger on ${date}`).toBe(position.paidCents);
      expect(mine.paid_amount, `borrower paid vs ledger on ${date}`).toBe(position.paidCents);
      expect(row.status === 'closed_paid', `closed exactly when nothing is owed on ${date}`).toBe(position.outstandingCents === 0);
      for (const e of await entriesOf(who.loan.id)) expect(Number.isSafeInteger(e.amountCents) && e.amountCents > 0).toBe(true);
      return { row, position };
    },
  };
}
