import { randomInt } from 'node:crypto';
import type { TBackofficeEmployeeChanges, TDeductionEmployees, TDeductionFile, TEmployeeChange, TEmployeeChanges } from '@payrail/contract/employer-deductions';
import { addDays, parseIsoDate } from '@payrail/domain/dates';
import type { IsoDate } from '@payrail/domain/dates';
import { buildSchedule } from '@payrail/domain/loan/schedule';
import type { ScheduleRow } from '@payrail/domain/loan/schedule';
import { cents, formatCents } from '@payrail/domain/money';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  achAuthorizations,
  applications,
  autoDebitAuthorizations,
  bankAccounts,
  borrowerProfiles,
  employeeChanges,
  employerActions,
  ledgerEntries,
  loanBorrowers,
  loanInstallments,
  loans,
  notifications,
  outboxMessages,
  staffActions,
} from '../src/db/schema/index';
import { DEMO_PARTNER_BORROWERS, ensureDemoPartnerEmployer, seedDemoEmployer } from '../src/db/seed-demo-employer';
import { staffToken } from './application-helpers';
import { auth, call, signUpConfirmed } from './identity-helpers';
import { employerSession, partnerEmployer } from './support/employer-portal';
import { type TestApp, testApp } from './test-app';

// A business date no run reaches (other files move the clock up to 2031).
const TODAY = parseIsoDate('2036-03-07');
const d = (days: number): IsoDate => addDays(TODAY, days);

let app: TestApp;
const db = () => app.ctx.database.db;
const pad = (n: number, w: number) => String(n).padStart(w, '0');

type PayrollLoan = { userId: number; email: string; loanId: number; rows: readonly ScheduleRow[] };

/** A funded loan repaid by payroll deduction (as funding leaves it: loan, schedule, disbursement entry), biweekly. */
async function payrollLoan(
  employerId: number,
  o: { name: [string, string]; employeeId: string; firstPayment: IsoDate; payments: number; amountCents: number; userId?: number; email?: string },
): Promise<PayrollLoan> {
  const who = o.userId ? { id: o.userId, email: o.email! } : await signUpConfirmed(app, { employer_id: employerId });
  const at = app.ctx.now();
  if (!o.userId) {
    await db().update(loanBorrowers).set({ firstName: o.name[0], lastName: o.name[1] }).where(eq(loanBorrowers.userId, who.id));
    await db()
      .insert(borrowerProfiles)
      .values({ userId: who.id, employeeId: o.employeeId })
      .onConflictDoUpdate({ target: borrowerProfiles.userId, set: { employeeId: o.employeeId } });
  }
  const terms = {
    amountCents: cents(o.amountCents),
    originationFeeCents: cents(0),
    feeFinanced: false,
    annualRatePercent: '18',
    frequency: 'biweekly' as const,
    numberOfPayments: o.payments,
    disbursementDate: addDays(o.firstPayment, -14),
    firstPaymentDate: o.firstPayment,
  };
  const schedule = buildSchedule(terms);
  const [application] = await db()
    .insert(applications)
    .values({ userId: who.id, paymentMethod: 'split_direct_deposit', amountCents: cents(o.amountCents), outcome: 'approved', closedAt: o.userId ? at : null })
    .returning();
  const [loan] = await db()
    .insert(loans)
    .values({
      userId: who.id,
      applicationId: application!.id,
      identifier: `${pad(randomInt(0, 10_000), 4)}-${pad(randomInt(0, 100), 2)}-${pad(randomInt(0, 10_000), 4)}`,
      status: 'opened',
      amountCents: cents(o.amountCents),
      feeCents: cents(0),
      feeFinanced: false,
      interestRate: '18',
      aprPercent: '18.0000',
      frequency: 'biweekly',
      terms: schedule.rows.length,
      disbursementDate: terms.disbursementDate,
      firstPaymentDate: o.firstPayment,
      notePrincipalCents: schedule.notePrincipalCents,
      financeChargeCents: schedule.totalInterestCents,
      totalOfPaymentsCents: schedule.totalOfPaymentsCents,
      createdAt: at,
    })
    .returning();
  await db()
    .insert(loanInstallments)
    .values(
      schedule.rows.map((r) => ({
        loanId: loan!.id,
        n: r.n,
        dueDate: r.dueDate,
        paymentCents: r.paymentCents,
        interestCents: r.interestCents,
        principalCents: r.principalCents,
        balanceCents: r.balanceCents,
      })),
    );
  await db()
    .insert(ledgerEntries)
    .values({
      loanId: loan!.id,
      kind: 'disbursement',
      effectiveDate: terms.disbursementDate,
      amountCents: schedule.disbursedCents,
      idempotencyKey: `disbursement:employer-test:${loan!.id}`,
      createdAt: at,
    });
  return { userId: who.id, email: who.email, loanId: loan!.id, rows: schedule.rows };
}

/** The borrower's ACH authorization on file (POST /auto_debit leaves one): a verified account and the disclosure. */
async function achOnFile(userId: number): Promise<number> {
  const at = app.ctx.now();
  const number = `77${pad(randomInt(0, 100_000_000), 8)}4321`;
  const [account] = await db()
    .insert(bankAccounts)
    .values({
      userId,
      usage: 'receiver',
      source: 'manual',
      accountType: 'checking',
      routingNumber: '034821624',
      bankName: 'Harbor Point Bank',
      accountNumberSealed: (await app.ctx.cryptoBox()).seal(number, 'bank_accounts.account_number'),
      accountNumberLast4: '4321',
      verifiedAt: at,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  const disclosure = await app.ctx.repos.reference.findAgreementDocument('auto_debit_disclosure', null);
  await db()
    .insert(achAuthorizations)
    .values({ userId, bankAccountId: account!.id, agreementDocumentId: disclosure!.id, authorizedAt: at, ip: '10.1.2.3', userAgent: 'vitest-ach' });
  return account!.id;
}

const get = (headers: { authorization: string }, url: string) => call(app, { url, headers });
const report = (headers: { authorization: string }, payload: Record<string, unknown>) =>
  call(app, { method: 'POST', url: '/api/employer_portal/changes', headers, payload });
const money = (c: number) => formatCents(cents(c));
const dueOn = (l: PayrollLoan, date: IsoDate) => l.rows.filter((r) => r.dueDate === date).reduce((s, r) => s + r.paymentCents, 0);

// Employer A's payroll: pay dates every other Friday … d(-16), d(-2), d(12), d(26) …
let hrA: { authorization: string };
let hrB: { authorization: string };
let employerA: { id: number; name: string };
let ann: PayrollLoan;
let benOld: PayrollLoan;
let ben: PayrollLoan;
let cara: PayrollLoan;
let dan: PayrollLoan;
let eve: PayrollLoan;
let fay: PayrollLoan;
let bOnly: PayrollLoan;

beforeAll(async () => {
  app = await testApp();
  await app.ctx.repos.loanBook.setBusinessDateOverride(TODAY, null, app.ctx.now());
  employerA = await partnerEmployer(app, 'Deductions A');
  const employerB = await partnerEmployer(app, 'Deductions B');
  hrA = (await employerSession(app, employerA.id)).headers;
  hrB = (await employerSession(app, employerB.id)).headers;
  ann = await payrollLoan(employerA.id, { name: ['Ann', 'Archer'], employeeId: 'A-100', firstPayment: d(-16), payments: 6, amountCents: 120_000 });
  // Ben's older loan ends on d(-2): his deduction drops on d(12) (changed).
  benOld = await payrollLoan(employerA.id, { name: ['Ben', 'Baker, Jr.'], employeeId: 'A-200', firstPayment: d(-16), payments: 2, amountCents: 40_000 });
  ben = await payrollLoan(employerA.id, {
    name: ['Ben', 'Baker, Jr.'],
    employeeId: 'A-200',
    firstPayment: d(-16),
    payments: 6,
    amountCents: 60_000,
    userId: benOld.userId,
    email: benOld.email,
  });
  cara = await payrollLoan(employerA.id, { name: ['Cara', 'Cole'], employeeId: 'A-300', firstPayment: d(12), payments: 4, amountCents: 50_000 });
  dan = await payrollLoan(employerA.id, { name: ['Dan', 'Diaz'], employeeId: 'A-400', firstPayment: d(-2), payments: 6, amountCents: 80_000 });
  eve = await payrollLoan(employerA.id, { name: ['Eve', 'Evans'], employeeId: 'A-500', firstPayment: d(-2), payments: 6, amountCents: 70_000 });
  fay = await payrollLoan(employerA.id, { name: ['Fay', 'Fox'], employeeId: 'A-600', firstPayment: d(-2), payments: 6, amountCents: 30_000 });
  bOnly = await payrollLoan(employerB.id, { name: ['Gus', 'Green'], employeeId: 'B-100', firstPayment: d(12), payments: 3, amountCents: 20_000 });
});
afterAll(async () => {
  await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, app.ctx.now()); // other files of this worker read the real date
  await app.close();
});

describe('deductions (employer portal)', () => {
  it('lists the employees with an active payroll deduction: name, id, deduction per pay period, first and last pay date', async () => {
    const res = await get(hrA, '/api/employer_portal/deductions');
    expect(res.statusCode).toBe(200);
    const body = res.json<TDeductionEmployees>();
    expect(body.as_of).toBe(TODAY);
    expect(body.pay_frequency).toBe('biweekly');
    expect(body.employees.map((e) => e.employee_id)).toEqual(['A-100', 'A-200', 'A-300', 'A-400', 'A-500', 'A-600']);
    expect(body.employees[0]).toEqual({
      employee_id: 'A-100',
      employee_name: 'Ann Archer',
      deduction: dueOn(ann, d(12)),
      first_pay_date: d(-16),
      last_pay_date: ann.rows[5]!.dueDate,
      next_pay_date: d(12),
      paused_from: null,
      paused_to: null,
    });
    // Two loans of one borrower: one line, the pay dates of both.
    expect(body.employees[1]).toMatchObject({
      employee_name: 'Ben Baker, Jr.',
      deduction: dueOn(ben, d(12)),
      first_pay_date: d(-16),
      last_pay_date: ben.rows[5]!.dueDate,
    });
    // Nothing of the answer is a loan amount, balance or rate.
    expect(Object.keys(body.employees[0]!).sort()).toEqual([
      'deduction',
      'employee_id',
      'employee_name',
      'first_pay_date',
      'last_pay_date',
      'next_pay_date',
      'paused_from',
      'paused_to',
    ]);
  });

  it('the deduction file for the next payroll: new, changed and unchanged against the previous one; the CSV is the documented layout', async () => {
    const res = await get(hrA, '/api/employer_portal/deduction_file');
    expect(res.statusCode).toBe(200);
    const file = res.json<TDeductionFile>();
    expect(file).toMatchObject({ as_of: TODAY, pay_date: d(12), previous_pay_date: d(-2), file_name: `deductions-${d(12)}.csv` });
    expect(file.lines.map((l) => [l.employee_id, l.deduction, l.previous_deduction, l.change])).toEqual([
      ['A-100', dueOn(ann, d(12)), dueOn(ann, d(-2)), 'unchanged'],
      ['A-200', dueOn(ben, d(12)), dueOn(ben, d(-2)) + dueOn(benOld, d(-2)), 'changed'],
      ['A-300', dueOn(cara, d(12)), 0, 'new'],
      ['A-400', dueOn(dan, d(12)), dueOn(dan, d(-2)), 'unchanged'],
      ['A-500', dueOn(eve, d(12)), dueOn(eve, d(-2)), 'unchanged'],
      ['A-600', dueOn(fay, d(12)), dueOn(fay, d(-2)), 'unchanged'],
    ]);
    expect(file.changes).toEqual({ new: 1, changed: 1, ended: 0, unchanged: 4 });
    expect(file.total).toBe([ann, ben, cara, dan, eve, fay].reduce((s, l) => s + dueOn(l, d(12)), 0));

    const csv = await get(hrA, `/api/employer_portal/deduction_file.csv?pay_date=${d(12)}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="deductions-${d(12)}.csv"`);
    expect(csv.body).toBe(
      [
        'pay_date,employee_id,employee_name,deduction,change',
        `${d(12)},A-100,Ann Archer,${money(dueOn(ann, d(12)))},unchanged`,
        `${d(12)},A-200,"Ben Baker, Jr.",${money(dueOn(ben, d(12)))},changed`,
        `${d(12)},A-300,Cara Cole,${money(dueOn(cara, d(12)))},new`,
        `${d(12)},A-400,Dan Diaz,${money(dueOn(dan, d(12)))},unchanged`,
        `${d(12)},A-500,Eve Evans,${money(dueOn(eve, d(12)))},unchanged`,
        `${d(12)},A-600,Fay Fox,${money(dueOn(fay, d(12)))},unchanged`,
        '',
      ].join('\r\n'),
    );
    // A past pay date is asked by date: the first payroll, everyone new.
    const first = (await get(hrA, `/api/employer_portal/deduction_file?pay_date=${d(-16)}`)).json<TDeductionFile>();
    expect(first).toMatchObject({ pay_date: d(-16), previous_pay_date: null, changes: { new: 2, changed: 0, ended: 0, unchanged: 0 } });
    // A bad date is a 422 on the field, never a 500.
    const bad = await get(hrA, '/api/employer_portal/deduction_file?pay_date=2036-02-30');
    expect(bad.statusCode).toBe(422);
  });

  it('employer A cannot read or act on employer B: B sees only its own employees, file and changes; A’s employee id is unknown to B', async () => {
    const list = (await get(hrB, '/api/employer_portal/deductions')).json<TDeductionEmployees>();
    expect(list.employees.map((e) => e.employee_id)).toEqual(['B-100']);
    const file = (await get(hrB, '/api/employer_portal/deduction_file')).json<TDeductionFile>();
    expect(file.pay_date).toBe(d(12));
    expect(file.lines.map((l) => [l.employee_id, l.deduction])).toEqual([['B-100', dueOn(bOnly, d(12))]]);
    const csv = await get(hrB, `/api/employer_portal/deduction_file.csv?pay_date=${d(12)}`);
    expect(csv.body).not.toContain('A-100');
    const acted = await report(hrB, { employee_id: 'A-400', kind: 'termination', effective_date: TODAY });
    expect(acted.statusCode).toBe(404);
    expect(acted.json()).toEqual({ error: 'No employee with an active payroll deduction has this employee id.' });
    const [untouched] = await db()
      .select({ method: applications.paymentMethod })
      .from(loans)
      .innerJoin(applications, eq(applications.id, loans.applicationId))
      .where(eq(loans.id, dan.loanId));
    expect(untouched!.method).toBe('split_direct_deposit');
    // And without a session, nothing at all.
    expect((await call(app, { url: '/api/employer_portal/deductions' })).statusCode).toBe(401);
    expect(
      (await call(app, { method: 'POST', url: '/api/employer_portal/changes', payload: { employee_id: 'A-400', kind: 'termination', effective_date: TODAY } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('changes (employer portal)', () => {
  it('a termination with an ACH authorization on file switches the loan to auto-debit, notifies the borrower, and the next file shows the employee ended', async () => {
    const accountId = await achOnFile(dan.userId);
    const res = await report(hrA, { employee_id: ' A-400 ', kind: 'termination', effective_date: TODAY });
    expect(res.statusCode).toBe(201);
    const change = res.json<TEmployeeChange>();
    expect(change).toMatchObject({
      employee_id: 'A-400',
      employee_name: 'Dan Diaz',
      kind: 'termination',
      effective_date: TODAY,
      outcome: 'ach_auto_debit',
      leave_end_date: null,
      new_pay_frequency: null,
    });
    const [method] = await db()
      .select({ method: applications.paymentMethod })
      .from(loans)
      .innerJoin(applications, eq(applications.id, loans.applicationId))
      .where(eq(loans.id, dan.loanId));
    expect(method!.method).toBe('auto_debit');
    const [authorization] = await db()
      .select()
      .from(autoDebitAuthorizations)
      .where(and(eq(autoDebitAuthorizations.loanId, dan.loanId), isNull(autoDebitAuthorizations.revokedAt)));
    expect(authorization).toMatchObject({ bankAccountId: accountId, amountCents: dan.rows[0]!.paymentCents, ip: '10.1.2.3', userAgent: 'vitest-ach' });
    const [note] = await db().select().from(notifications).where(eq(notifications.userId, dan.userId)).orderBy(desc(notifications.id)).limit(1);
    expect(note!.message).toContain('Your employer told us your payroll deduction ends on');
    expect(note!.message).toContain('debited automatically on their due dates from your bank account ending in 4321');
    const [mail] = await db().select().from(outboxMessages).where(eq(outboxMessages.recipient, dan.email)).orderBy(desc(outboxMessages.id)).limit(1);
    expect(mail).toMatchObject({ subject: 'Your payroll deduction has ended', template: 'employee_change_termination' });
    const [audit] = await db()
      .select()
      .from(employerActions)
      .where(and(eq(employerActions.employerId, employerA.id), eq(employerActions.action, 'employee_change_termination')));
    expect(audit!.after).toMatchObject({ change_id: change.id, outcome: 'ach_auto_debit' });

    const file = (await get(hrA, '/api/employer_portal/deduction_file')).json<TDeductionFile>();
    expect(file.pay_date).toBe(d(12));
    expect(file.lines.find((l) => l.employee_id === 'A-400')).toEqual({
      employee_id: 'A-400',
      employee_name: 'Dan Diaz',
      deduction: 0,
      previous_deduction: dueOn(dan, d(-2)),
      change: 'ended',
    });
    expect(file.lines[file.lines.length - 1]!.change).toBe('ended');
    const csv = await get(hrA, '/api/employer_portal/deduction_file.csv');
    expect(csv.body).toContain(`\r\n${d(12)},A-400,Dan Diaz,0.00,ended\r\n`);
    // No longer among the employees with an active deduction.
    const list = (await get(hrA, '/api/employer_portal/deductions')).json<TDeductionEmployees>();
    expect(list.employees.map((e) => e.employee_id)).not.toContain('A-400');
  });

  it('a termination without an ACH authorization switches the loan to manual payment and tells the borrower how to pay', async () => {
    const res = await report(hrA, { employee_id: 'A-600', kind: 'termination', effective_date: d(-1) });
    expect(res.statusCode).toBe(201);
    expect(res.json<TEmployeeChange>().outcome).toBe('manual_payment');
    const [method] = await db()
      .select({ method: applications.paymentMethod })
      .from(loans)
      .innerJoin(applications, eq(applications.id, loans.applicationId))
      .where(eq(loans.id, fay.loanId));
    expect(method!.method).toBe('one_times');
    expect(await db().select().from(autoDebitAuthorizations).where(eq(autoDebitAuthorizations.loanId, fay.loanId))).toEqual([]);
    const [note] = await db().select().from(notifications).where(eq(notifications.userId, fay.userId)).orderBy(desc(notifications.id)).limit(1);
    expect(note!.message).toContain('please pay your loan');
    expect(note!.message).toContain('on the Payments page');
    const file = (await get(hrA, '/api/employer_portal/deduction_file')).json<TDeductionFile>();
    expect(file.lines.find((l) => l.employee_id === 'A-600')?.change).toBe('ended');
  });

  it('a leave pauses the deductions on its pay dates (ended, then new after it) and tells the borrower what to pay meanwhile', async () => {
    const res = await report(hrA, { employee_id: 'A-500', kind: 'leave', effective_date: d(5), leave_end_date: d(20) });
    expect(res.statusCode).toBe(201);
    expect(res.json<TEmployeeChange>()).toMatchObject({ outcome: 'paused', leave_end_date: d(20) });
    const during = (await get(hrA, '/api/employer_portal/deduction_file')).json<TDeductionFile>();
    expect(during.lines.find((l) => l.employee_id === 'A-500')).toMatchObject({ deduction: 0, change: 'ended' });
    const after = (await get(hrA, `/api/employer_portal/deduction_file?pay_date=${d(26)}`)).json<TDeductionFile>();
    expect(after.previous_pay_date).toBe(d(12));
    expect(after.lines.find((l) => l.employee_id === 'A-500')).toMatchObject({ deduction: dueOn(eve, d(26)), previous_deduction: 0, change: 'new' });
    const [note] = await db().select().from(notifications).where(eq(notifications.userId, eve.userId)).orderBy(desc(notifications.id)).limit(1);
    expect(note!.message).toContain('you are on leave from');
    expect(note!.message).toContain(`1 payment of $${money(dueOn(eve, d(12)))} in all`);
    const list = (await get(hrA, '/api/employer_portal/deductions')).json<TDeductionEmployees>();
    expect(list.employees.find((e) => e.employee_id === 'A-500')).toMatchObject({
      next_pay_date: d(26),
      paused_from: d(5),
      paused_to: d(20),
      deduction: dueOn(eve, d(26)),
    });
    // The loan itself is untouched: still repaid by payroll.
    const [method] = await db()
      .select({ method: applications.paymentMethod })
      .from(loans)
      .innerJoin(applications, eq(applications.id, loans.applicationId))
      .where(eq(loans.id, eve.loanId));
    expect(method!.method).toBe('split_direct_deposit');
  });

  it('parallel identical reports make one change (one notification); the same key with other details is a 409', async () => {
    const payload = { employee_id: 'A-100', kind: 'pay_frequency', effective_date: d(30), new_pay_frequency: 'semimonthly' };
    const before = await db().select().from(notifications).where(eq(notifications.userId, ann.userId));
    const answers = await Promise.all([report(hrA, payload), report(hrA, payload), report(hrA, payload)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
    const ids = new Set(answers.map((a) => a.json<TEmployeeChange>().id));
    expect(ids.size).toBe(1);
    expect(answers[0]!.json<TEmployeeChange>()).toMatchObject({ outcome: 'servicer_review', new_pay_frequency: 'semimonthly' });
    const rows = await db()
      .select()
      .from(employeeChanges)
      .where(and(eq(employeeChanges.userId, ann.userId), eq(employeeChanges.kind, 'pay_frequency')));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.servicerStatus).toBe('open');
    const after = await db().select().from(notifications).where(eq(notifications.userId, ann.userId));
    expect(after.length - before.length).toBe(1);
    expect(after[after.length - 1]!.message).toContain('our servicing team will contact you');
    const other = await report(hrA, { ...payload, new_pay_frequency: 'weekly' });
    expect(other.statusCode).toBe(409);
    // The schedule of record is not changed by a pay-frequency report.
    const [loan] = await db().select().from(loans).where(eq(loans.id, ann.loanId));
    expect([loan!.frequency, loan!.revisedDueDates]).toEqual(['biweekly', null]);
  });

  it('the pay-frequency change is an open task in the back office until a servicer closes it (audited)', async () => {
    const [servicer, underwriter] = await Promise.all([staffToken(app, 'servicer@payrail.test'), staffToken(app, 'underwriter@payrail.test')]);
    const open = await call(app, { url: `/api/backoffice/employee_changes?employer_id=${employerA.id}`, headers: auth(servicer) });
    expect(open.statusCode).toBe(200);
    const tasks = open.json<TBackofficeEmployeeChanges>().changes;
    expect(tasks.map((c) => [c.employee_id, c.kind, c.servicer_status, c.borrower_name, c.loan_ids])).toEqual([
      ['A-100', 'pay_frequency', 'open', 'Ann Archer', [ann.loanId]],
    ]);
    const all = (
      await call(app, { url: `/api/backoffice/employee_changes?status=all&employer_id=${employerA.id}`, headers: auth(servicer) })
    ).json<TBackofficeEmployeeChanges>();
    expect(all.changes).toHaveLength(4);
    const id = tasks[0]!.id;
    expect(
      (
        await call(app, {
          method: 'POST',
          url: `/api/backoffice/employee_changes/${id}/done`,
          headers: auth(underwriter),
          payload: { note: 'Aligned the due dates.' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call(app, { method: 'POST', url: `/api/backoffice/employee_changes/${id}/done`, headers: auth(servicer), payload: { note: 'x' } })).statusCode,
    ).toBe(422);
    const done = await call(app, {
      method: 'POST',
      url: `/api/backoffice/employee_changes/${id}/done`,
      headers: auth(servicer),
      payload: { note: 'Called the borrower; due-date change sent for signature.' },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json<TBackofficeEmployeeChanges['changes'][number]>().servicer_status).toBe('done');
    const again = await call(app, {
      method: 'POST',
      url: `/api/backoffice/employee_changes/${id}/done`,
      headers: auth(servicer),
      payload: { note: 'Called the borrower again.' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'This change has no open servicer task.' });
    expect(
      (
        await call(app, {
          method: 'POST',
          url: '/api/backoffice/employee_changes/2147483000/done',
          headers: auth(servicer),
          payload: { note: 'Nothing to close.' },
        })
      ).statusCode,
    ).toBe(404);
    const [action] = await db()
      .select()
      .from(staffActions)
      .where(and(eq(staffActions.action, 'employee_change_done'), eq(staffActions.targetUserId, ann.userId)));
    expect(action!.after).toMatchObject({ change_id: id, servicer_status: 'done' });
    expect(
      (await call(app, { url: `/api/backoffice/employee_changes?employer_id=${employerA.id}`, headers: auth(servicer) })).json<TBackofficeEmployeeChanges>()
        .changes,
    ).toEqual([]);
    // An employer session is no staff session.
    expect((await call(app, { url: '/api/backoffice/employee_changes', headers: hrA })).statusCode).toBe(401);
  });

  it('the history lists the employer’s own changes only, newest first', async () => {
    const mine = (await get(hrA, '/api/employer_portal/changes')).json<TEmployeeChanges>();
    expect(mine.changes.map((c) => [c.employee_id, c.kind])).toEqual([
      ['A-100', 'pay_frequency'],
      ['A-500', 'leave'],
      ['A-600', 'termination'],
      ['A-400', 'termination'],
    ]);
    expect(mine.changes[0]!.reported_by).toMatch(/^HR /);
    expect((await get(hrB, '/api/employer_portal/changes')).json<TEmployeeChanges>().changes).toEqual([]);
  });

  it('refuses what it cannot apply with a clear message', async () => {
    const leave = await report(hrA, { employee_id: 'A-300', kind: 'leave', effective_date: d(5) });
    expect(leave.statusCode).toBe(422);
    expect(leave.json()).toEqual({ errors: { leave_end_date: ['Please give the last day of the leave.'] } });
    const ahead = await report(hrA, { employee_id: 'A-300', kind: 'termination', effective_date: d(3) });
    expect(ahead.statusCode).toBe(422);
    expect(JSON.stringify(ahead.json())).toContain('on or after its effective date');
    const freq = await report(hrA, { employee_id: 'A-300', kind: 'pay_frequency', effective_date: d(3) });
    expect(freq.json()).toEqual({ errors: { new_pay_frequency: ['Please choose the new pay frequency.'] } });
    expect((await report(hrA, { employee_id: 'A-300', kind: 'vacation', effective_date: d(3) })).statusCode).toBe(422);
    expect((await report(hrA, { employee_id: 'A-999', kind: 'leave', effective_date: d(3), leave_end_date: d(9) })).statusCode).toBe(404);
    // Malformed input is a 4xx with a message, never a 500.
    for (const payload of [
      null,
      'x',
      [],
      { employee_id: 7, kind: 'leave' },
      { employee_id: 'A-300', kind: 'leave', effective_date: '2036-02-30', leave_end_date: 'soon' },
      { employee_id: 'x'.repeat(5000), kind: 'termination', effective_date: TODAY },
      { employee_id: '\u0000', kind: 'pay_frequency', effective_date: TODAY, new_pay_frequency: 'daily' },
    ]) {
      const res = await call(app, { method: 'POST', url: '/api/employer_portal/changes', headers: hrA, payload: payload as never });
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
    }
    expect((await get(hrA, '/api/employer_portal/deduction_file.csv?pay_date=%00')).statusCode).toBe(422);
    // Terminated already: no active deduction to end.
    expect((await report(hrA, { employee_id: 'A-400', kind: 'leave', effective_date: d(3), leave_end_date: d(9) })).statusCode).toBe(404);
  });
});

describe('an employee without an employee id on file', () => {
  it('is named by the loan number in the file, and a change can be reported with it', async () => {
    const employerC = await partnerEmployer(app, 'Deductions C');
    const hrC = (await employerSession(app, employerC.id)).headers;
    const noId = await payrollLoan(employerC.id, { name: ['Hal', 'Hart'], employeeId: '  ', firstPayment: d(12), payments: 3, amountCents: 30_000 });
    const [loan] = await db().select({ identifier: loans.identifier }).from(loans).where(eq(loans.id, noId.loanId));
    const file = (await get(hrC, '/api/employer_portal/deduction_file')).json<TDeductionFile>();
    expect(file.lines.map((l) => [l.employee_id, l.employee_name, l.change])).toEqual([[loan!.identifier, 'Hal Hart', 'new']]);
    const res = await report(hrC, { employee_id: loan!.identifier, kind: 'leave', effective_date: d(10), leave_end_date: d(14) });
    expect(res.statusCode).toBe(201);
  });

  it('a loan paid off between two payrolls is ended in the next file (from the business date of its payoff)', async () => {
    const employerD = await partnerEmployer(app, 'Deductions D');
    const hrD = (await employerSession(app, employerD.id)).headers;
    const stays = await payrollLoan(employerD.id, { name: ['Ida', 'Ives'], employeeId: 'D-1', firstPayment: d(-2), payments: 4, amountCents: 30_000 });
    const paid = await payrollLoan(employerD.id, { name: ['Jon', 'Jay'], employeeId: 'D-2', firstPayment: d(-2), payments: 4, amountCents: 30_000 });
    // As the loan book leaves a payoff (fixture): the payoff entry on the business date, the loan closed.
    await db()
      .insert(ledgerEntries)
      .values({
        loanId: paid.loanId,
        kind: 'payoff',
        effectiveDate: d(-1),
        amountCents: cents(25_000),
        idempotencyKey: `payoff:employer-test:${paid.loanId}`,
        createdAt: app.ctx.now(),
      });
    await db().update(loans).set({ status: 'closed_paid', closedAt: app.ctx.now() }).where(eq(loans.id, paid.loanId));
    const file = (await get(hrD, '/api/employer_portal/deduction_file')).json<TDeductionFile>();
    expect(file.lines.map((l) => [l.employee_id, l.deduction, l.change])).toEqual([
      ['D-1', dueOn(stays, d(12)), 'unchanged'],
      ['D-2', 0, 'ended'],
    ]);
    const list = (await get(hrD, '/api/employer_portal/deductions')).json<TDeductionEmployees>();
    expect(list.employees.map((e) => e.employee_id)).toEqual(['D-1']);
  });
});

describe('demo data (npm start)', () => {
  it('Acme Logistics with three enrolled borrowers whose loans the loan book funded; seeding twice adds nothing', async () => {
    await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, app.ctx.now());
    await seedDemoEmployer(app.ctx);
    await seedDemoEmployer(app.ctx);
    const acme = await ensureDemoPartnerEmployer(db());
    expect(acme).toMatchObject({ name: 'Acme Logistics', partnership: 'b2b_partner', paymentType: 'allotment', payFrequency: 'biweekly' });
    const funded = await db()
      .select({ id: loans.id, status: loans.status, method: applications.paymentMethod, by: loans.fundedByStaffId })
      .from(loans)
      .innerJoin(applications, eq(applications.id, loans.applicationId))
      .innerJoin(loanBorrowers, eq(loanBorrowers.userId, loans.userId))
      .where(eq(loanBorrowers.employerId, acme.id));
    expect(funded).toHaveLength(3);
    expect(funded.every((l) => l.status === 'opened' && l.method === 'split_direct_deposit' && l.by !== null)).toBe(true);
    const hr = (await employerSession(app, acme.id)).headers;
    const list = (await get(hr, '/api/employer_portal/deductions')).json<TDeductionEmployees>();
    expect(list.employees.map((e) => [e.employee_id, e.employee_name])).toEqual(
      DEMO_PARTNER_BORROWERS.map((b) => [b.employeeId, `${b.firstName} ${b.lastName}`]).sort((a, b) => a[1]!.localeCompare(b[1]!, 'en')),
    );
    const file = (await get(hr, '/api/employer_portal/deduction_file')).json<TDeductionFile>();
    expect(file.lines).toHaveLength(3);
    expect(file.lines.every((l) => l.change === 'new' && l.deduction > 0)).toBe(true);
    await app.ctx.repos.loanBook.setBusinessDateOverride(TODAY, null, app.ctx.now());
  });
});
