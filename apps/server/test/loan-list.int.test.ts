import { cents } from '@payrail/domain/money';
import { parseIsoDate } from '@payrail/domain/dates';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TLoanDetailResponse } from '@payrail/contract/backoffice';
import type { TLoanListResponse, TLoanServicingResponse } from '@payrail/contract/servicing-backoffice';
import { disbursements, loanBorrowers, loans } from '../src/db/schema/index';
import { staffToken } from './application-helpers';
import { fundedLoan } from './collections-helpers';
import type { FundedLoan } from './collections-helpers';
import { auth, call, uniquePhone } from './identity-helpers';
import { type TestApp, testApp } from './test-app';

// Issue #33 "Servicers cannot find a loan": GET /api/backoffice/loans, searched and filtered, keyset-paged.
// The database is shared with other files of the worker: every expectation is narrowed to this file's loans.
const NOW = new Date('2028-06-01T12:00:00Z');
const TODAY = '2028-06-01';
let app: TestApp;
const tokens = {} as Record<'admin' | 'underwriter' | 'servicer', string>;
const family = `Zed${randomBytes(4).toString('hex')}`;
const phone = uniquePhone();
let current: FundedLoan; // disbursed today, first payment next month: 0 days past due, repaid by payroll allotment
let d5: FundedLoan; // first installment 5 days ago
let d45: FundedLoan;
let d75: FundedLoan; // in default
let d120: FundedLoan;
let mine: FundedLoan[];

beforeAll(async () => {
  app = await testApp({ now: () => NOW });
  await app.ctx.repos.loanBook.setBusinessDateOverride(parseIsoDate(TODAY), null, NOW);
  for (const role of ['admin', 'underwriter', 'servicer'] as const) tokens[role] = await staffToken(app, `${role}@payrail.test`);
  current = await fundedLoan(app, { disbursementDate: TODAY, firstPaymentDate: '2028-07-01', allotment: true });
  d5 = await fundedLoan(app, { disbursementDate: '2028-04-27', firstPaymentDate: '2028-05-27' });
  d45 = await fundedLoan(app, { disbursementDate: '2028-03-17', firstPaymentDate: '2028-04-17' });
  d75 = await fundedLoan(app, { disbursementDate: '2028-02-17', firstPaymentDate: '2028-03-18' });
  d120 = await fundedLoan(app, { disbursementDate: '2028-01-03', firstPaymentDate: '2028-02-02' });
  mine = [current, d5, d45, d75, d120];
  const db = app.ctx.database.db;
  for (const [i, l] of mine.entries())
    await db
      .update(loanBorrowers)
      .set({ firstName: `Ada${i}`, lastName: family })
      .where(eq(loanBorrowers.userId, l.userId));
  await db.update(loanBorrowers).set({ phone }).where(eq(loanBorrowers.userId, d45.userId));
  await db.update(loans).set({ status: 'default' }).where(eq(loans.id, d75.loanId));
  // A disbursement credit each: one sent today (still in flight), one a month ago (settled: no return came).
  const credit = (l: FundedLoan, day: string) => ({
    loanId: l.loanId,
    amountCents: cents(100_000),
    traceId: `SBX-${day.replaceAll('-', '')}-S-${randomBytes(6).toString('hex').toUpperCase()}`,
    idempotencyKey: `loan-list-${l.loanId}`,
    status: 'pending' as const,
    createdAt: NOW,
    updatedAt: NOW,
  });
  await db.insert(disbursements).values([credit(current, TODAY), credit(d5, '2028-04-27')]);
});
afterAll(async () => {
  await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, NOW); // other files of this worker read the real date
  await app.close();
});

const get = (token: string | null, url: string) => call(app, { method: 'GET', url: `/api/backoffice${url}`, headers: token ? auth(token) : {} });
async function list(query: Record<string, string>, token = tokens.servicer): Promise<TLoanListResponse> {
  const res = await get(token, `/loans?${new URLSearchParams(query).toString()}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TLoanListResponse>();
}
const ids = (r: TLoanListResponse) => r.items.map((i) => i.id);
const newestFirst = (ls: FundedLoan[]) => ls.map((l) => l.loanId).sort((a, b) => b - a);

describe('search', () => {
  it('by loan number, with or without dashes', async () => {
    expect(ids(await list({ q: d45.identifier }))).toEqual([d45.loanId]);
    expect(ids(await list({ q: d45.identifier.replaceAll('-', '') }))).toEqual([d45.loanId]);
    expect(ids(await list({ q: ` ${d45.identifier} ` }))).toEqual([d45.loanId]);
  });

  it('by internal id (#id exactly; plain digits also match loan numbers and phones starting with them)', async () => {
    expect(ids(await list({ q: `#${d5.loanId}` }))).toEqual([d5.loanId]);
    expect(ids(await list({ q: String(d5.loanId) }))).toContain(d5.loanId);
  });

  it('by the borrower’s name, any case, first and last together', async () => {
    const byFamily = await list({ q: family.toLowerCase() });
    expect(ids(byFamily)).toEqual(newestFirst(mine));
    expect(byFamily.total).toBe(5);
    expect(ids(await list({ q: `ada3 ${family}` }))).toEqual([d75.loanId]);
    const item = byFamily.items.find((i) => i.id === d75.loanId)!;
    expect(item.borrower).toEqual({ user_id: d75.userId, name: `Ada3 ${family}`, email: d75.email, phone: null });
  });

  it('by e-mail, whole or in part', async () => {
    expect(ids(await list({ q: d120.email }))).toEqual([d120.loanId]);
    expect(ids(await list({ q: d120.email.split('@')[0]!.toUpperCase() }))).toEqual([d120.loanId]);
  });

  it('by phone, typed with any punctuation', async () => {
    const digits = phone.slice(2); // +1 2025550142 → 2025550142
    const typed = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
    expect(ids(await list({ q: typed }))).toEqual([d45.loanId]);
    expect((await list({ q: typed })).items[0]!.borrower.phone).toBe(phone);
  });

  it('LIKE wildcards are taken literally', async () => {
    expect((await list({ q: `${family}%` })).items).toEqual([]);
    expect((await list({ q: '_' })).items.filter((i) => mine.some((l) => l.loanId === i.id))).toEqual([]);
  });
});

describe('what a row shows', () => {
  it('days past due, balance and next due date are the loan page’s own figures', async () => {
    const { items, business_date } = await list({ q: family });
    expect(business_date).toBe(TODAY);
    for (const item of items) {
      const page = (await get(tokens.servicer, `/loans/${item.id}/servicing`)).json<TLoanServicingResponse>();
      expect(item.days_past_due, item.identifier).toBe(page.days_past_due);
      expect(item.balance, item.identifier).toBe(page.payoff_amount);
      expect(item.status).toBe(page.loan.status);
      expect(item.identifier).toBe(page.loan.identifier);
    }
    const byId = new Map(items.map((i) => [i.id, i]));
    expect(byId.get(current.loanId)).toMatchObject({
      days_past_due: 0,
      repay_method: 'split_direct_deposit',
      next_due_date: '2028-07-01',
      amount: 100_000,
      disbursement_date: TODAY,
    });
    expect(byId.get(d5.loanId)).toMatchObject({ days_past_due: 5, repay_method: 'auto_debit', next_due_date: '2028-05-27' });
    expect(byId.get(d75.loanId)!.status).toBe('default');
  });
});

describe('filters', () => {
  it('status and repay method', async () => {
    expect(ids(await list({ q: family, status: 'default' }))).toEqual([d75.loanId]);
    expect(ids(await list({ q: family, status: 'opened' }))).toEqual(newestFirst([current, d5, d45, d120]));
    expect(ids(await list({ q: family, repay_method: 'split_direct_deposit' }))).toEqual([current.loanId]);
    expect(ids(await list({ q: family, repay_method: 'auto_debit', status: 'opened' }))).toEqual(newestFirst([d5, d45, d120]));
    expect(ids(await list({ q: family, repay_method: 'one_times' }))).toEqual([]);
  });

  it('days past due buckets: 0, 1–29, 30–59, 60–89, 90+', async () => {
    const expected: Record<string, FundedLoan> = { '0': current, '1-29': d5, '30-59': d45, '60-89': d75, '90+': d120 };
    for (const [dpd, loan] of Object.entries(expected)) {
      const r = await list({ q: family, dpd });
      expect(ids(r), dpd).toEqual([loan.loanId]);
      expect(r.total, dpd).toBeNull();
    }
    // Across the whole book: every loan listed as 60–89 days past due is.
    const all = await list({ dpd: '60-89', per_page: '100' });
    expect(ids(all)).toContain(d75.loanId);
    for (const item of all.items) expect(item.days_past_due >= 60 && item.days_past_due <= 89, item.identifier).toBe(true);
  });

  it('refuses unknown values', async () => {
    for (const query of ['dpd=7', 'status=active', 'repay_method=cash', 'cursor=abc', 'per_page=0', 'per_page=101']) {
      expect((await get(tokens.servicer, `/loans?${query}`)).statusCode, query).toBe(422);
    }
  });
});

describe('pages', () => {
  it('keyset pages, newest first, with no loan twice and none left out', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const r: TLoanListResponse = await list({ q: family, per_page: '2', ...(cursor ? { cursor } : {}) });
      expect(r.items.length).toBeLessThanOrEqual(2);
      expect(r.total).toBe(5);
      seen.push(...ids(r));
      cursor = r.next_cursor;
      pages++;
    } while (cursor !== null && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(newestFirst(mine));
  });

  it('pages through a days-past-due filter the same way', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const r: TLoanListResponse = await list({ q: family, dpd: '0', per_page: '1', ...(cursor ? { cursor } : {}) });
      seen.push(...ids(r));
      cursor = r.next_cursor;
      pages++;
    } while (cursor !== null && pages < 10);
    expect(seen).toEqual([current.loanId]);
    const past = await list({ dpd: '1-29', per_page: '1' });
    if (past.next_cursor !== null) {
      const next = await list({ dpd: '1-29', per_page: '1', cursor: past.next_cursor });
      expect(ids(next)).not.toContain(past.items[0]?.id);
      for (const item of next.items) expect(item.id).toBeLessThan(Number(past.next_cursor));
    }
  });

  it('reads loans, ledgers and borrowers a bounded number of times (one each per page), never per loan', async () => {
    const book = app.ctx.repos.loanBook;
    const spies = [
      vi.spyOn(book, 'loanList'),
      vi.spyOn(book, 'ledgerOfLoans'),
      vi.spyOn(book, 'ledger'),
      vi.spyOn(book, 'loan'),
      vi.spyOn(app.ctx.repos.identity, 'borrowerCards'),
    ];
    try {
      await list({ q: family, per_page: '5' });
      expect(spies.map((s) => s.mock.calls.length)).toEqual([1, 1, 0, 0, 1]);
    } finally {
      for (const s of spies) s.mockRestore();
    }
  });
});

describe('who may list loans', () => {
  it('every staff role reads the list (underwriters too); a borrower or no token is refused', async () => {
    for (const role of ['admin', 'underwriter', 'servicer'] as const) expect(ids(await list({ q: `#${d5.loanId}` }, tokens[role])), role).toEqual([d5.loanId]);
    expect((await get(null, '/loans')).statusCode).toBe(401);
    expect((await get(d5.token, '/loans')).statusCode).toBe(401);
  });
});

describe('the loan page', () => {
  it('is headed by its borrower (underwriters read it too)', async () => {
    const res = await get(tokens.underwriter, `/loans/${d45.loanId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TLoanDetailResponse>().borrower).toEqual({ user_id: d45.userId, name: `Ada2 ${family}`, email: d45.email, phone });
    expect((await get(d45.token, `/loans/${d45.loanId}`)).statusCode).toBe(401);
  });

  it('a disbursement is settled once its settlement date passed with no return; one sent today is in flight', async () => {
    const statusOf = async (loanId: number) => {
      const detail = (await get(tokens.servicer, `/loans/${loanId}`)).json<TLoanDetailResponse>();
      const servicing = (await get(tokens.underwriter, `/loans/${loanId}/servicing`)).json<TLoanServicingResponse>();
      return [detail.disbursements.map((d) => d.status), servicing.disbursements.map((d) => d.status)];
    };
    expect(await statusOf(d5.loanId)).toEqual([['settled'], ['settled']]);
    expect(await statusOf(current.loanId)).toEqual([['pending'], ['pending']]);
  });
});
