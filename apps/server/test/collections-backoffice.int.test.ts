import { parseIsoDate } from '@payrail/domain/dates';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICING_BO_MSG } from '@payrail/contract/servicing-backoffice';
import type { TAdvanceResponse, TLoanServicingResponse } from '@payrail/contract/servicing-backoffice';
import { formatCents } from '@payrail/domain/money';
import { ledgerEntries, staffActions } from '../src/db/schema/index';
import { staffToken } from './application-helpers';
import { fundedLoan, pinnedApp, staffCall } from './collections-helpers';
import type { FundedLoan } from './collections-helpers';
import { auth, call } from './identity-helpers';
import { closeOnRealDate } from './servicing-helpers';
import { type TestApp, testApp, testConfig } from './test-app';
import { expectSnapshotsMatchContract } from './audit-helpers';

// Pinned clock: the real date is 2028-01-03 (a Monday); the business clock moves from there.
const NOW = new Date('2028-01-03T12:00:00Z');
let app: TestApp;
let admin: string;
let servicer: string;
let underwriter: string;
beforeAll(async () => {
  app = await pinnedApp(NOW);
  [admin, servicer, underwriter] = await Promise.all([
    staffToken(app, 'admin@payrail.test'),
    staffToken(app, 'servicer@payrail.test'),
    staffToken(app, 'underwriter@payrail.test'),
  ]);
});
afterAll(() => closeOnRealDate(app));

const db = () => app.ctx.database.db;
const bo = (token: string | null, method: 'GET' | 'POST', url: string, payload?: unknown) => staffCall(app, '/api/backoffice', token, method, url, payload);
const entriesOf = (loanId: number) => db().select().from(ledgerEntries).where(eq(ledgerEntries.loanId, loanId)).orderBy(ledgerEntries.id);

describe('business clock and the daily run', () => {
  let loan: FundedLoan;
  beforeAll(async () => {
    loan = await fundedLoan(app, { disbursementDate: '2028-01-03', firstPaymentDate: '2028-02-03' });
    // Start the run history at the real date so the catch-up has a known start.
    await app.ctx.repos.loanBook.planDay('daily_servicing', parseIsoDate('2028-01-03'), NOW);
  });

  it('reads the clock (underwriters too), refuses strangers', async () => {
    const res = await bo(underwriter, 'GET', '/servicing/business_date');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ business_date: '2028-01-03', real_date: '2028-01-03', override_date: null, movable: true });
    expect((await bo(null, 'GET', '/servicing/business_date')).statusCode).toBe(401);
  });

  it('only servicers and admins move it; never backwards; a date or days, not both', async () => {
    expect((await bo(underwriter, 'POST', '/servicing/business_date', { days: 1 })).statusCode).toBe(403);
    const both = await bo(servicer, 'POST', '/servicing/business_date', { days: 1, date: '2028-01-05' });
    expect(both.statusCode).toBe(422);
    expect(both.json()).toEqual({ error: SERVICING_BO_MSG.dateOrDays });
    const back = await bo(servicer, 'POST', '/servicing/business_date', { date: '2027-12-31' });
    expect(back.statusCode).toBe(422);
    expect(back.json()).toEqual({ error: SERVICING_BO_MSG.dateBackwards });
    expect((await bo(servicer, 'POST', '/servicing/business_date', { date: '2028-02-30' })).statusCode).toBe(422);
    expect((await bo(servicer, 'POST', '/servicing/business_date', { days: 401 })).statusCode).toBe(422);
  });

  it('advancing runs every day in order: the first installment is debited and settles', async () => {
    const res = await bo(servicer, 'POST', '/servicing/business_date', { date: '2028-02-07' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TAdvanceResponse>();
    expect(body.clock).toMatchObject({ business_date: '2028-02-07', override_date: '2028-02-07' });
    expect(body.run.dates.map((d) => d.date)).toEqual(Array.from({ length: 36 }, (_, k) => new Date(Date.UTC(2028, 0, 3 + k)).toISOString().slice(0, 10)));
    const page = await bo(underwriter, 'GET', `/loans/${loan.loanId}/servicing`);
    expect(page.statusCode, page.body).toBe(200);
    const s = page.json<TLoanServicingResponse>();
    expect(s.ach_entries).toEqual([
      expect.objectContaining({ mode: 'auto_debit', status: 'settled', sec_code: 'PPD', installment: 1, amount: loan.paymentCents, settled_on: '2028-02-07' }),
    ]);
    expect(s.schedule[0]).toMatchObject({ n: 1, state: 'paid', unpaid: 0 });
    expect(s.schedule[1]).toMatchObject({ n: 2, state: 'upcoming' });
    expect(s.days_past_due).toBe(0);
    expect(s.ledger.map((e) => e.kind)).toEqual(['disbursement', 'scheduled_debit']);
    // Other files of this worker may have moved the clock too: this file's move is the one to 2028-02-07.
    const audits = await db().select().from(staffActions).where(eq(staffActions.action, 'business_date_advanced')).orderBy(staffActions.id);
    const audit = audits.find((a) => a.after['business_date'] === '2028-02-07');
    expect(audit).toMatchObject({ before: { business_date: '2028-01-03' }, after: { business_date: '2028-02-07' } });
  });

  it('"run now" runs today only once: nothing new on a second call', async () => {
    const first = await bo(admin, 'POST', '/servicing/run');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<TAdvanceResponse>().run.loans_processed).toBe(0); // 2028-02-07 already done
  });

  it('reverses a posted payment with a reason, audited, once', async () => {
    const payment = (await entriesOf(loan.loanId)).find((e) => e.kind === 'scheduled_debit')!;
    expect((await bo(underwriter, 'POST', `/loans/${loan.loanId}/reversals`, { entry_id: payment.id, reason: 'Late R10 from the bank' })).statusCode).toBe(403);
    const short = await bo(servicer, 'POST', `/loans/${loan.loanId}/reversals`, { entry_id: payment.id, reason: 'x' });
    expect(short.statusCode).toBe(422);
    const disbursement = (await entriesOf(loan.loanId)).find((e) => e.kind === 'disbursement')!;
    const notPayment = await bo(servicer, 'POST', `/loans/${loan.loanId}/reversals`, { entry_id: disbursement.id, reason: 'Not a payment' });
    expect(notPayment.statusCode).toBe(422);
    expect(notPayment.json()).toEqual({ error: SERVICING_BO_MSG.notAPayment });
    expect((await bo(servicer, 'POST', `/loans/999999/reversals`, { entry_id: payment.id, reason: 'Nope nope' })).statusCode).toBe(404);

    const res = await bo(servicer, 'POST', `/loans/${loan.loanId}/reversals`, { entry_id: payment.id, reason: 'Late R10 from the bank', return_code: 'R10' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{
      reversal: { kind: string; reverses_entry_id: number; effective_date: string; reason: string };
      servicing: TLoanServicingResponse;
    }>();
    expect(body.reversal).toMatchObject({ kind: 'reversal', reverses_entry_id: payment.id, effective_date: '2028-02-07', reason: 'Late R10 from the bank' });
    expect(body.servicing.schedule[0]).toMatchObject({ state: 'past_due', unpaid: loan.paymentCents });
    expect(body.servicing.ach_entries[0]).toMatchObject({ status: 'returned', return_code: 'R10' });
    expect(body.servicing.days_past_due).toBe(4);
    const audits = await db()
      .select()
      .from(staffActions)
      .where(and(eq(staffActions.action, 'payment_reversed'), eq(staffActions.targetUserId, loan.userId)));
    expect(audits).toHaveLength(1);
    const again = await bo(servicer, 'POST', `/loans/${loan.loanId}/reversals`, { entry_id: payment.id, reason: 'Twice by mistake' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: SERVICING_BO_MSG.alreadyReversed });
  });
});

describe('payroll remittances', () => {
  let byNumber: FundedLoan;
  let byEmployee: FundedLoan;
  let short: FundedLoan;
  beforeAll(async () => {
    const dates = { disbursementDate: '2028-01-03', firstPaymentDate: '2028-02-04', allotment: true };
    byNumber = await fundedLoan(app, dates);
    byEmployee = await fundedLoan(app, { ...dates, employeeId: `EMP-${Date.now()}` });
    short = await fundedLoan(app, dates);
  });

  it('the sandbox generates the payday file of every allotment loan due that day', async () => {
    const res = await bo(servicer, 'POST', '/remittances/sandbox', { pay_date: '2028-02-04' });
    expect(res.statusCode, res.body).toBe(200);
    const { csv } = res.json<{ csv: string }>();
    expect(csv.startsWith('employer,pay_date,borrower_identifier,amount\r\n')).toBe(true);
    for (const l of [byNumber, byEmployee, short]) expect(csv).toContain(`${l.identifier},${formatCents(l.paymentCents as never)}`);
    expect((await bo(servicer, 'POST', '/remittances/sandbox', { pay_date: '2028-02-31' })).statusCode).toBe(422);
  });

  it('refuses a bad file with every line error and posts nothing', async () => {
    const res = await bo(servicer, 'POST', '/remittances', {
      csv: 'employer,pay_date,borrower_identifier,amount\nAcme,2028-02-04,X,abc\nAcme,2028-13-01,Y,1.00\n',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      error: SERVICING_BO_MSG.remittanceErrors,
      line_errors: [
        { line: 2, column: 'amount' },
        { line: 3, column: 'pay_date' },
      ],
    });
    const ahead = await bo(servicer, 'POST', '/remittances', {
      csv: `employer,pay_date,borrower_identifier,amount\nAcme,2028-03-01,${byNumber.identifier},1.00\n`,
    });
    expect(ahead.json()).toMatchObject({ line_errors: [{ line: 2, message: SERVICING_BO_MSG.payDateAhead('2028-03-01') }] });
    expect((await entriesOf(byNumber.loanId)).filter((e) => e.kind === 'payroll_remittance')).toEqual([]);
  });

  it('posts matched lines, sends the rest to suspense, and a re-import posts nothing twice', async () => {
    const employer = byNumber.employer;
    const emp = (await db().query.borrowerProfiles.findFirst({ where: (p, { eq: is }) => is(p.userId, byEmployee.userId) }))!.employeeId!;
    const csv = [
      'employer,pay_date,borrower_identifier,amount',
      `"${employer}",2028-02-04,${byNumber.identifier},${formatCents(byNumber.paymentCents as never)}`,
      `"${employer}",2028-02-04,${emp},${formatCents(byEmployee.paymentCents as never)}`,
      `"${employer}",2028-02-04,${short.identifier},100.00`,
      `"${employer}",2028-02-04,NOBODY-1,55.00`,
    ].join('\n');
    const res = await bo(servicer, 'POST', '/remittances', { csv, file_name: 'va-2028-02-04.csv' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{
      duplicate: boolean;
      posted: number;
      suspense: number;
      lines: { status: string; loan_id: number | null; suspense_reason: string | null }[];
    }>();
    expect(body).toMatchObject({ duplicate: false, posted: 3, suspense: 1 });
    expect(body.lines.map((l) => [l.status, l.loan_id, l.suspense_reason])).toEqual([
      ['posted', byNumber.loanId, null],
      ['posted', byEmployee.loanId, null],
      ['posted', short.loanId, null],
      ['suspense', null, 'no_loan'],
    ]);
    expect((await entriesOf(byNumber.loanId)).filter((e) => e.kind === 'payroll_remittance')).toEqual([
      expect.objectContaining({ amountCents: byNumber.paymentCents, effectiveDate: '2028-02-04' }),
    ]);
    const again = await bo(servicer, 'POST', '/remittances', { csv, file_name: 'va-2028-02-04.csv' });
    expect(again.json()).toMatchObject({ duplicate: true, posted: 3, suspense: 1 });
    expect((await entriesOf(byNumber.loanId)).filter((e) => e.kind === 'payroll_remittance')).toHaveLength(1);
    // A short remittance leaves the installment past due.
    const page = (await bo(servicer, 'GET', `/loans/${short.loanId}/servicing`)).json<TLoanServicingResponse>();
    expect(page.schedule[0]).toMatchObject({ state: 'past_due', unpaid: short.paymentCents - 10_000 });
    expect(page.days_past_due).toBe(3);
    const full = (await bo(servicer, 'GET', `/loans/${byNumber.loanId}/servicing`)).json<TLoanServicingResponse>();
    expect(full.schedule[0]).toMatchObject({ state: 'paid' });
  });

  it('lines posted by API (cents) work the same', async () => {
    const res = await bo(servicer, 'POST', '/remittances', {
      lines: [{ employer: byNumber.employer, pay_date: '2028-02-05', borrower_identifier: byNumber.identifier, amount: 1234 }],
      reference: 'api-1',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ posted: 1, suspense: 0 });
  });

  it('a servicer resolves suspense: assign to a loan (posted) or reject with a reason, once', async () => {
    const list = await bo(servicer, 'GET', '/remittances/suspense');
    expect(list.statusCode).toBe(200);
    const line = list.json<{ lines: { id: number; borrower_identifier: string }[] }>().lines.find((l) => l.borrower_identifier === 'NOBODY-1')!;
    expect((await bo(underwriter, 'GET', '/remittances/suspense')).statusCode).toBe(403);
    const assigned = await bo(servicer, 'POST', `/remittances/lines/${line.id}/resolve`, { action: 'assign', loan_id: short.loanId });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toMatchObject({ line: { status: 'assigned', loan_id: short.loanId } });
    expect((await entriesOf(short.loanId)).filter((e) => e.kind === 'payroll_remittance').map((e) => e.amountCents)).toEqual([10_000, 5_500]);
    const twice = await bo(servicer, 'POST', `/remittances/lines/${line.id}/resolve`, { action: 'reject', reason: 'Duplicate' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error: SERVICING_BO_MSG.lineNotInSuspense });
    expect((await bo(servicer, 'POST', '/remittances/lines/99999999/resolve', { action: 'reject', reason: 'Nope' })).statusCode).toBe(404);

    const csv = `employer,pay_date,borrower_identifier,amount\nUnknown Co,2028-02-04,ZZZ-${Date.now()},10.00\n`;
    const imported = (await bo(servicer, 'POST', '/remittances', { csv })).json<{ lines: { id: number }[] }>();
    const rejected = await bo(servicer, 'POST', `/remittances/lines/${imported.lines[0]!.id}/resolve`, {
      action: 'reject',
      reason: 'Not our borrower; returned to the employer',
    });
    expect(rejected.json()).toMatchObject({ line: { status: 'rejected', rejection_reason: 'Not our borrower; returned to the employer' } });
    expect(await db().select().from(staffActions).where(eq(staffActions.action, 'remittance_line_rejected'))).not.toHaveLength(0);
  });
});

describe('production', () => {
  it('refuses to move the business clock or generate sandbox files', async () => {
    const prod = await testApp({ now: () => NOW, config: { ...testConfig(), env: 'production' } });
    try {
      const token = await staffToken(prod, 'servicer@payrail.test');
      const res = await call(prod, { method: 'POST', url: '/api/backoffice/servicing/business_date', headers: auth(token), payload: { days: 1 } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: SERVICING_BO_MSG.notInProduction });
      const clock = await call(prod, { url: '/api/backoffice/servicing/business_date', headers: auth(token) });
      expect(clock.json()).toMatchObject({ movable: false, override_date: null, business_date: '2028-01-03' });
      expect(
        (await call(prod, { method: 'POST', url: '/api/backoffice/remittances/sandbox', headers: auth(token), payload: { pay_date: '2028-01-03' } }))
          .statusCode,
      ).toBe(403);
    } finally {
      await prod.close();
    }
  });
});

describe('audit snapshots', () => {
  it('are what the contract describes for each action (money as ZCents)', async () => {
    const checked = await expectSnapshotsMatchContract(app);
    for (const action of ['business_date_advanced', 'payment_reversed', 'remittance_imported']) expect(checked).toContain(action);
  });
});
