/**
 * What the money tests share (the loan book's rules checked through the real API): the app and its staff,
 * the business clock, the borrower's payment calls, the bank's return files, the ledger's position, the
 * trail a failed assertion prints and the check that the borrower's figures, the servicer's and the ledger
 * agree. A file makes `moneyApp({ … })` at its top level and registers its hooks:
 *
 *     const money = moneyApp({ keyPrefix: 'payoff-after' });
 *     beforeAll(money.setup, 240_000);
 *     afterAll(money.teardown);
 *
 * The app and the staff tokens are read when a helper runs (they exist once `setup` ran).
 */
import type { TPaymentResponse, TPayoffResponse, TServicingLoan } from '@payrail/contract/servicing';
import type { TLoanServicingResponse } from '@payrail/contract/servicing-backoffice';
import { isBusinessDay } from '@payrail/domain/calendar';
import { addDays, dayOfWeek, parseIsoDate } from '@payrail/domain/dates';
import type { IsoDate } from '@payrail/domain/dates';
import { positionAsOf } from '@payrail/domain/loan/ledger';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { ledgerEntries, loanTransactions, loans } from '../../src/db/schema/index';
import { runDailyServicing } from '../../src/modules/loan-book/use-cases/daily-run';
import { scheduleOfRecord, toDomainEntry } from '../../src/modules/loan-book/use-cases/loan-position';
import { classicApp, staffToken } from '../application-helpers';
import { auth, call } from '../identity-helpers';
import { fundedBorrower, keyMaker } from '../servicing-helpers';
import type { FundedBorrower } from '../servicing-helpers';
import { type TestApp, testApp } from '../test-app';
import { bankReturnFile } from './bank-return-file';

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

/** The first Saturday after `d`. */
export function nextSaturday(d: IsoDate): IsoDate {
  let n = addDays(d, 1);
  while (dayOfWeek(n) !== 6) n = addDays(n, 1);
  return n;
}

type LedgerEntry = typeof ledgerEntries.$inferSelect;
type LoanTransaction = typeof loanTransactions.$inferSelect;

/** The ledger as a failed assertion prints it: kind, cents and effective date of each entry. */
export const ledgerTrail = (entries: readonly LedgerEntry[]): string => JSON.stringify(entries.map((e) => [e.kind, e.amountCents, e.effectiveDate]));

/** The ledger and the loan's transactions (id, mode, status, cents, date, what it presents again) as a failed assertion prints them. */
export const moneyTrail = (entries: readonly LedgerEntry[], txs: readonly LoanTransaction[]): string =>
  JSON.stringify({
    entries: entries.map((e) => [e.kind, e.amountCents, e.effectiveDate]),
    txs: txs.map((t) => [t.id, t.mode, t.status, t.amountCents, t.scheduledDate, t.retryOfId]),
  });

export function moneyKit(app: () => TestApp, options: { keyPrefix: string; servicer: () => string }) {
  const db = () => app().ctx.database.db;
  const newKey = keyMaker(options.keyPrefix);
  const setBusinessDate = (d: string | null) => app().ctx.repos.loanBook.setBusinessDateOverride(d === null ? null : parseIsoDate(d), null, app().ctx.now());
  const entriesOf = (loanId: number) => db().select().from(ledgerEntries).where(eq(ledgerEntries.loanId, loanId)).orderBy(asc(ledgerEntries.id));
  const txsOf = (loanId: number) => db().select().from(loanTransactions).where(eq(loanTransactions.loanId, loanId)).orderBy(asc(loanTransactions.id));
  /** POST /api/backoffice/ach/returns as the servicer: the bank's return file `text`. */
  const uploadReturns = (text: string) =>
    call(app(), { method: 'POST', url: '/api/backoffice/ach/returns', headers: { ...auth(options.servicer()), 'content-type': 'text/plain' }, payload: text });

  /** POST /api/request_payment as the borrower, with a new Idempotency-Key. */
  const pay = (token: string, body: Record<string, unknown>) =>
    call(app(), { method: 'POST', url: '/api/request_payment', headers: { ...auth(token), 'idempotency-key': newKey() }, payload: body });
  /** GET /api/{loanId}/payoff/{date}: the payoff quote (200 expected). */
  async function quote(token: string, loanId: number, date: string): Promise<TPayoffResponse> {
    const res = await call(app(), { url: `/api/${loanId}/payoff/${date}`, headers: auth(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TPayoffResponse>();
  }
  /** Runs the daily run day by day from `from` through `through`, the business date following. */
  async function runDays(from: IsoDate, through: IsoDate) {
    for (let day = from; day <= through; day = addDays(day, 1)) {
      await setBusinessDate(day);
      await runDailyServicing(app().ctx, { from: day, through: day });
    }
  }

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
    uploadReturns,
    /** The bank returns (`code`) the borrower's debit `tx` on `on`: its return file uploaded by the servicer. */
    returnDebit: (who: FundedBorrower, tx: Pick<LoanTransaction, 'achTraceNumber' | 'amountCents'>, code: string, on: string) =>
      uploadReturns(
        bankReturnFile([{ trace: tx.achTraceNumber!, code, amountCents: tx.amountCents }], { of: 'debits', on, individualId: who.loan.identifier }),
      ),
    /** The loan's ledger entries and transactions now, and their trail for a failed assertion's message. */
    async trailOf(loanId: number) {
      const [entries, txs] = await Promise.all([entriesOf(loanId), txsOf(loanId)]);
      return { entries, txs, trail: moneyTrail(entries, txs) };
    },
    pay,
    /** POST /api/create_pull_transaction (a card payment) as the borrower, with a new Idempotency-Key. */
    pull: (token: string, card: Record<string, unknown>) =>
      call(app(), { method: 'POST', url: '/api/create_pull_transaction', headers: { ...auth(token), 'idempotency-key': newKey() }, payload: { card } }),
    /** POST /api/backoffice/applications/{userId}/fund as the servicer, with the Idempotency-Key `key`. */
    fund: (userId: number, key: string) =>
      call(app(), { method: 'POST', url: `/api/backoffice/applications/${userId}/fund`, headers: { ...auth(options.servicer()), 'idempotency-key': key } }),
    quote,
    runDays,
    /**
     * The borrower schedules a one-time ACH payment of `amount` cents for `paidOn`, reads the payoff quote of
     * `payoffOn` and schedules that payoff (both answered 200); then the daily run goes from the day after
     * the disbursement through `paidOn`, which sends the payment. Returns the quote, the payoff's answer and
     * the payment's row as sent.
     */
    async paymentThenPayoff(who: FundedBorrower, o: { amount: number; paidOn: IsoDate; payoffOn: IsoDate }) {
      const early = await pay(who.token, { method: 'ach', mode: 'one_time', loan_id: who.loan.id, amount: o.amount, scheduling: { date: o.paidOn } });
      expect(early.statusCode, early.body).toBe(200);
      const q = await quote(who.token, who.loan.id, o.payoffOn);
      const payoff = await pay(who.token, { method: 'ach', mode: 'payoff', loan_id: who.loan.id, scheduling: { date: o.payoffOn } });
      expect(payoff.statusCode, payoff.body).toBe(200);
      await runDays(addDays(parseIsoDate(who.loan.disbursement_date), 1), o.paidOn);
      const earlyId = early.json<TPaymentResponse>().transaction.id;
      const sent = (await txsOf(who.loan.id)).find((t) => t.id === earlyId)!;
      return { q, payoff, sent };
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

type StaffRole = 'servicer' | 'underwriter';

export interface MoneyAppOptions {
  /** The prefix of the Idempotency-Keys the file's payments send. */
  keyPrefix: string;
  /**
   * A test app whose clock stands still at this instant. Without it, the classic app: its clock runs from
   * CLOCK_START (application-helpers) and a human reviews applications (the back office funds them).
   */
  pinnedAt?: Date;
  /** The business date set once the app is up (default null: the clock's own day); the teardown sets it back to null. */
  businessDate?: IsoDate | null;
  /** The staff signed in once the app is up (default: the servicer). */
  staff?: readonly StaffRole[];
}

/** A money test file's app, its staff and its kit; `setup` and `teardown` go to the file's beforeAll and afterAll. */
export function moneyApp(options: MoneyAppOptions) {
  let current: TestApp | undefined;
  const tokens = new Map<StaffRole, string>();
  const app = (): TestApp => {
    if (current === undefined) throw new Error('moneyApp: the app is used before beforeAll(setup) ran or after teardown');
    return current;
  };
  const tokenOf = (role: StaffRole) => (): string => {
    const token = tokens.get(role);
    if (token === undefined) throw new Error(`moneyApp: no ${role} signed in (name it in the options' staff)`);
    return token;
  };
  const servicer = tokenOf('servicer');
  const kit = moneyKit(app, { keyPrefix: options.keyPrefix, servicer });
  return {
    ...kit,
    app,
    ctx: () => app().ctx,
    servicer,
    underwriter: tokenOf('underwriter'),
    async setup(): Promise<void> {
      const pinned = options.pinnedAt;
      current = pinned === undefined ? await classicApp({ config: { requireHumanReview: true } }) : await testApp({ now: () => pinned });
      await kit.setBusinessDate(options.businessDate ?? null);
      const roles = options.staff ?? ['servicer'];
      const signedIn = await Promise.all(roles.map((role) => staffToken(app(), `${role}@payrail.test`)));
      roles.forEach((role, i) => tokens.set(role, signedIn[i]!));
    },
    async teardown(): Promise<void> {
      if (current === undefined) return;
      try {
        await kit.setBusinessDate(null);
      } finally {
        await current.close();
        current = undefined;
      }
    },
  };
}
