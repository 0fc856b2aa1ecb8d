import { parseIsoDate } from '@payrail/domain/dates';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRepaymentTrackerResponse } from '@payrail/contract/borrower-tools';
import type {
  TBackofficeEmployerRemittances,
  TEmployerRemittanceDetail,
  TEmployerRemittanceList,
  TEmployerRemittanceSubmitted,
} from '@payrail/contract/employer-remittances';
import { EMPLOYER_REMITTANCE_MSG } from '@payrail/contract/employer-remittances';
import { ledgerEntries, loanBorrowers, loanInstallments, notifications, remittanceBatches } from '../src/db/schema/index';
import { staffToken } from './application-helpers';
import { fundedLoan } from './collections-helpers';
import type { FundedLoan } from './collections-helpers';
import { auth, call } from './identity-helpers';
import { employerSession, partnerEmployer } from './support/employer-portal';
import { type TestApp, testApp } from './test-app';

// Business clock from 2035-02-03 (days no servicing run reached), moved to each pay date's week; loans paid by payroll from 2035-02-01.
const NOW = new Date('2035-02-03T12:00:00Z');
const TODAY = '2035-02-03';
const businessDate = (d: string) => app.ctx.repos.loanBook.setBusinessDateOverride(parseIsoDate(d), null, NOW);
let app: TestApp;
let servicer: string;
let underwriter: string;
let employerA: { id: number; name: string };
let employerB: { id: number; name: string };
let hrA: { headers: { authorization: string } };
let hrB: { headers: { authorization: string } };
type Employee = FundedLoan & { employeeId: string; name: string; dues: { n: number; dueDate: string; paymentCents: number }[] };
let exact: Employee;
let short: Employee;
let missing: Employee;
let sameIdAtB: Employee;
const tag = Math.random().toString(36).slice(2, 7).toUpperCase();

async function employee(employerId: number, employeeId: string, first: string): Promise<Employee> {
  const loan = await fundedLoan(app, { disbursementDate: '2035-01-02', firstPaymentDate: '2035-02-01', allotment: true, employeeId });
  await app.ctx.database.db
    .update(loanBorrowers)
    .set({ employerId, firstName: first, lastName: `Tester${tag}` })
    .where(eq(loanBorrowers.userId, loan.userId));
  const dues = await app.ctx.database.db.select().from(loanInstallments).where(eq(loanInstallments.loanId, loan.loanId)).orderBy(loanInstallments.n);
  return { ...loan, employeeId, name: `${first} Tester${tag}`, dues: dues.map((d) => ({ n: d.n, dueDate: d.dueDate, paymentCents: d.paymentCents })) };
}

beforeAll(async () => {
  app = await testApp({ now: () => NOW });
  await app.ctx.repos.loanBook.setBusinessDateOverride(parseIsoDate(TODAY), null, NOW);
  [servicer, underwriter] = await Promise.all([staffToken(app, 'servicer@payrail.test'), staffToken(app, 'underwriter@payrail.test')]);
  employerA = await partnerEmployer(app, 'Remit A');
  employerB = await partnerEmployer(app, 'Remit B');
  hrA = await employerSession(app, employerA.id);
  hrB = await employerSession(app, employerB.id);
  exact = await employee(employerA.id, `A1-${tag}`, 'Exact');
  short = await employee(employerA.id, `A2-${tag}`, 'Short');
  missing = await employee(employerA.id, `A3-${tag}`, 'Missing');
  // The same employee id at employer B: A's remittance must never reach B's employee.
  sameIdAtB = await employee(employerB.id, `A1-${tag}`, 'Other');
});
afterAll(async () => {
  await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, NOW);
  await app.close();
});

const portal = (who: { headers: { authorization: string } } | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  call(app, {
    method,
    url: `/api/employer_portal${url}`,
    headers: who ? who.headers : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const dollars = (c: number) => (c / 100).toFixed(2);
const remittanceEntries = async (loanId: number) =>
  app.ctx.database.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.loanId, loanId), eq(ledgerEntries.kind, 'payroll_remittance')));

describe('an uploaded remittance: posted through the loan book, reconciled per employee', () => {
  let csv: string;
  let first: TEmployerRemittanceSubmitted;
  beforeAll(() => {
    const pay = exact.dues[0]!.dueDate;
    csv = [
      'pay_date,employee_id,employee_name,deduction,change',
      `${pay},${exact.employeeId},${exact.name},${dollars(exact.dues[0]!.paymentCents)},unchanged`,
      `${pay},${short.employeeId},${short.name},${dollars(short.dues[0]!.paymentCents - 5000)},unchanged`,
      `${pay},ZZ-${tag},Somebody Else,10.00,new`,
    ].join('\r\n');
  });

  it('answers the reconciliation line by line: exact, short by $50.00, missing, unknown employee', async () => {
    const res = await portal(hrA, 'POST', '/remittances', { csv, file_name: 'payroll.csv' });
    expect(res.statusCode, res.body).toBe(200);
    first = res.json<TEmployerRemittanceSubmitted>();
    const p = exact.dues[0]!.paymentCents;
    expect(first).toMatchObject({
      duplicate: false,
      pay_date: exact.dues[0]!.dueDate,
      method: 'upload',
      file_name: 'payroll.csv',
      counts: { exact: 1, short: 1, over: 0, missing: 1, unknown_employee: 1 },
    });
    expect(first.expected).toBe(exact.dues[0]!.paymentCents + short.dues[0]!.paymentCents + missing.dues[0]!.paymentCents);
    expect(first.remitted).toBe(p + short.dues[0]!.paymentCents - 5000 + 1000);
    const byId = new Map(first.lines.map((l) => [l.employee_id, l]));
    expect(byId.get(exact.employeeId)).toEqual({
      employee_id: exact.employeeId,
      employee_name: exact.name,
      expected: p,
      remitted: p,
      difference: 0,
      status: 'exact',
      reason: 'Remitted as deducted.',
    });
    expect(byId.get(short.employeeId)).toEqual({
      employee_id: short.employeeId,
      employee_name: short.name,
      expected: short.dues[0]!.paymentCents,
      remitted: short.dues[0]!.paymentCents - 5000,
      difference: -5000,
      status: 'short',
      reason: `Remitted $${dollars(short.dues[0]!.paymentCents - 5000)} of $${dollars(short.dues[0]!.paymentCents)}: $50.00 short.`,
    });
    expect(byId.get(missing.employeeId)).toEqual({
      employee_id: missing.employeeId,
      employee_name: missing.name,
      expected: missing.dues[0]!.paymentCents,
      remitted: 0,
      difference: -missing.dues[0]!.paymentCents,
      status: 'missing',
      reason: `Nothing remitted: $${dollars(missing.dues[0]!.paymentCents)} was to be deducted.`,
    });
    expect(byId.get(`ZZ-${tag}`)).toMatchObject({ employee_name: null, expected: 0, remitted: 1000, difference: 1000, status: 'unknown_employee' });
    expect(first.lines).toHaveLength(4);
  });

  it('posted each remittance once to its loan’s ledger; nothing to the missing employee or employer B’s employee with the same id', async () => {
    const e1 = await remittanceEntries(exact.loanId);
    expect(e1.map((e) => [e.amountCents, e.effectiveDate])).toEqual([[exact.dues[0]!.paymentCents, exact.dues[0]!.dueDate]]);
    expect((await remittanceEntries(short.loanId)).map((e) => e.amountCents)).toEqual([short.dues[0]!.paymentCents - 5000]);
    expect(await remittanceEntries(missing.loanId)).toEqual([]);
    expect(await remittanceEntries(sameIdAtB.loanId)).toEqual([]);
    const [batch] = await app.ctx.database.db
      .select()
      .from(remittanceBatches)
      .where(eq(remittanceBatches.id, (await app.ctx.repos.employerRemittances.find(employerA.id, first.id))!.remittance.batchId));
    expect(batch).toMatchObject({ source: 'employer', employerId: employerA.id, lineCount: 3 });
  });

  it('the same file again answers the first reconciliation and posts nothing more', async () => {
    const res = await portal(hrA, 'POST', '/remittances', { csv, file_name: 'payroll-again.csv' });
    expect(res.statusCode, res.body).toBe(200);
    const again = res.json<TEmployerRemittanceSubmitted>();
    expect(again.duplicate).toBe(true);
    expect(again.id).toBe(first.id);
    expect(again.lines).toEqual(first.lines);
    expect(await remittanceEntries(exact.loanId)).toHaveLength(1);
    expect(await remittanceEntries(short.loanId)).toHaveLength(1);
  });

  it('the borrower was told: short for the short one, missing for the missing one (once each)', async () => {
    const notes = async (userId: number) =>
      (await app.ctx.database.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.message);
    const s = await notes(short.userId);
    expect(s).toHaveLength(1);
    expect(s[0]).toContain('$50.00 less than your');
    const m = await notes(missing.userId);
    expect(m).toHaveLength(1);
    expect(m[0]).toContain(`${employerA.name} reported no payroll deduction from you`);
    expect(await notes(exact.userId)).toEqual([]);
  });

  it('the borrower’s payroll-deductions tracker shows the short pay date and the missing one with the employer’s report', async () => {
    const s = (await call(app, { url: `/api/loans/${short.loanId}/repayment_tracker`, headers: auth(short.token) })).json<TRepaymentTrackerResponse>();
    expect(s.pay_dates[0]).toMatchObject({
      pay_date: short.dues[0]!.dueDate,
      expected: short.dues[0]!.paymentCents,
      received: short.dues[0]!.paymentCents - 5000,
      status: 'short',
    });
    expect(s.pay_dates[0]!.reason).toContain('$50.00 short');
    const m = (await call(app, { url: `/api/loans/${missing.loanId}/repayment_tracker`, headers: auth(missing.token) })).json<TRepaymentTrackerResponse>();
    // Two days after payday a remittance not received is still "waiting" — but this employer reported it missing.
    expect(m.pay_dates[0]).toMatchObject({
      pay_date: missing.dues[0]!.dueDate,
      received: 0,
      status: 'missing',
      reason: "Your employer's remittance for this pay date did not include your deduction.",
    });
    const e = (await call(app, { url: `/api/loans/${exact.loanId}/repayment_tracker`, headers: auth(exact.token) })).json<TRepaymentTrackerResponse>();
    expect(e.pay_dates[0]).toMatchObject({ status: 'received', received: exact.dues[0]!.paymentCents });
  });

  it('the servicer sees the employer’s reconciliation with the loans; an underwriter may not', async () => {
    const res = await call(app, { url: `/api/backoffice/employers/${employerA.id}/remittances`, headers: auth(servicer) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TBackofficeEmployerRemittances>();
    const r = body.remittances.find((x) => x.id === first.id)!;
    expect(r.lines.find((l) => l.status === 'short')).toMatchObject({ employee_id: short.employeeId, loan_id: short.loanId, difference: -5000 });
    expect(r.lines.find((l) => l.status === 'missing')).toMatchObject({ employee_id: missing.employeeId, loan_id: missing.loanId });
    expect(r.lines.find((l) => l.status === 'unknown_employee')).toMatchObject({ loan_id: null });
    expect((await call(app, { url: `/api/backoffice/employers/${employerA.id}/remittances`, headers: auth(underwriter) })).statusCode).toBe(403);
    expect((await call(app, { url: `/api/backoffice/employers/2147483000/remittances`, headers: auth(servicer) })).statusCode).toBe(404);
  });
});

describe('totals typed on screen', () => {
  it('parallel identical submissions make one batch and post once; over and exact reconciled', async () => {
    const pay = exact.dues[1]!.dueDate;
    await businessDate('2035-03-02');
    const body = {
      pay_date: pay,
      lines: [
        { employee_id: exact.employeeId, amount: exact.dues[1]!.paymentCents },
        { employee_id: short.employeeId, amount: short.dues[1]!.paymentCents + 700 },
        { employee_id: missing.employeeId, amount: missing.dues[1]!.paymentCents },
      ],
    };
    const results = await Promise.all([1, 2, 3].map(() => portal(hrA, 'POST', '/remittances', body)));
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const answers = results.map((r) => r.json<TEmployerRemittanceSubmitted>());
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect(
      answers.filter((a) => !a.duplicate),
      JSON.stringify(results.map((r) => r.body)),
    ).toHaveLength(1);
    expect(answers[0]!.lines.map((l) => [l.employee_id, l.status, l.difference])).toEqual(
      [
        [exact.employeeId, 'exact', 0],
        [short.employeeId, 'over', 700],
        [missing.employeeId, 'exact', 0],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    expect((await remittanceEntries(exact.loanId)).filter((e) => e.effectiveDate === pay)).toHaveLength(1);
    expect((await remittanceEntries(missing.loanId)).filter((e) => e.effectiveDate === pay)).toHaveLength(1);
  });

  it('refuses what cannot be posted, with every reason, and posts nothing', async () => {
    const ahead = await portal(hrA, 'POST', '/remittances', { pay_date: '2035-07-01', lines: [{ employee_id: exact.employeeId, amount: 100 }] });
    expect(ahead.statusCode).toBe(422);
    expect(ahead.json<{ line_errors: { message: string }[] }>().line_errors[0]!.message).toBe(EMPLOYER_REMITTANCE_MSG.payDateAhead('2035-07-01'));
    const bad = await portal(hrA, 'POST', '/remittances', {
      csv: `pay_date,employee_id,employee_name,deduction,change\n2035-03-01,${exact.employeeId},X,12.345,unchanged\n2035-03-01,${short.employeeId},Y,1.00,unchanged\n`,
    });
    expect(bad.statusCode).toBe(422);
    const errors = bad.json<{ error: string; line_errors: { line: number; column?: string }[] }>();
    expect(errors.error).toBe(EMPLOYER_REMITTANCE_MSG.errors);
    expect(errors.line_errors.map((e) => [e.line, e.column])).toEqual([[2, 'deduction']]);
    const twoDates = await portal(hrA, 'POST', '/remittances', {
      csv: `pay_date,employee_id,employee_name,deduction,change\n2035-03-01,${exact.employeeId},X,12.34,unchanged\n2035-03-02,${missing.employeeId},Z,1.00,unchanged\n`,
    });
    expect(twoDates.statusCode).toBe(422);
    expect(twoDates.json<{ line_errors: { line: number; column?: string; message: string }[] }>().line_errors).toEqual([
      { line: 1, column: 'pay_date', message: 'A remittance is for one pay date; this one has 2035-03-01, 2035-03-02.' },
    ]);
    const twice = await portal(hrA, 'POST', '/remittances', {
      pay_date: '2035-03-01',
      lines: [
        { employee_id: 'X', amount: 1 },
        { employee_id: 'x', amount: 2 },
      ],
    });
    expect(twice.statusCode).toBe(422);
    const zero = await portal(hrA, 'POST', '/remittances', { pay_date: '2035-03-01', lines: [{ employee_id: 'X', amount: 0 }] });
    expect(zero.statusCode).toBe(422);
    const neither = await portal(hrA, 'POST', '/remittances', { file: 'x' });
    expect(neither.statusCode).toBe(422);
  });
});

describe('employer A and employer B', () => {
  it('B cannot read A’s remittances (404), lists only its own, and B’s remittance never reaches A’s employees', async () => {
    const mine = (await portal(hrA, 'GET', '/remittances')).json<TEmployerRemittanceList>();
    expect(mine.remittances.length).toBeGreaterThanOrEqual(2);
    const id = mine.remittances[0]!.id;
    expect((await portal(hrA, 'GET', `/remittances/${id}`)).json<TEmployerRemittanceDetail>().id).toBe(id);
    expect((await portal(hrB, 'GET', `/remittances/${id}`)).statusCode).toBe(404);
    expect((await portal(hrB, 'GET', '/remittances')).json<TEmployerRemittanceList>().remittances.map((r) => r.id)).not.toContain(id);
    // B remits for A's employee id A2 (B has no such employee): unknown, nothing posted to A's loan.
    await businessDate('2035-04-02');
    const before = (await remittanceEntries(short.loanId)).length;
    const res = await portal(hrB, 'POST', '/remittances', { pay_date: short.dues[2]!.dueDate, lines: [{ employee_id: short.employeeId, amount: 500 }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TEmployerRemittanceSubmitted>().lines).toMatchObject([
      { employee_id: sameIdAtB.employeeId, status: 'missing' },
      { employee_id: short.employeeId, status: 'unknown_employee' },
    ]);
    expect(await remittanceEntries(short.loanId)).toHaveLength(before);
    // A's same content is A's own batch, not B's answer.
    const a = await portal(hrA, 'POST', '/remittances', { pay_date: short.dues[2]!.dueDate, lines: [{ employee_id: short.employeeId, amount: 500 }] });
    expect(a.json<TEmployerRemittanceSubmitted>()).toMatchObject({ duplicate: false });
    expect(await remittanceEntries(short.loanId)).toHaveLength(before + 1);
  });

  it('no employer session: 401 on every remittance route', async () => {
    expect((await portal(null, 'GET', '/remittances')).statusCode).toBe(401);
    expect((await portal(null, 'GET', '/remittances/1')).statusCode).toBe(401);
    expect((await portal(null, 'POST', '/remittances', { pay_date: '2035-03-01', lines: [] })).statusCode).toBe(401);
  });
});
