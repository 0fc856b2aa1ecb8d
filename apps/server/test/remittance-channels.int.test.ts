/**
 * Two doors for one payroll (issue #31): a pay date an employer remits through the portal may also arrive in a
 * payroll file a servicer imports. The loan book never takes it twice: the second channel's line for the same
 * loan and pay date waits in suspense (`already_remitted`) for a servicer, in either order, also when both
 * arrive at once (twenty requests). Within one channel, a second file for the same pay date still posts (split remittances).
 * Both databases.
 */
import { parseIsoDate } from '@payrail/domain/dates';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRemittanceImportResponse } from '@payrail/contract/servicing-backoffice';
import { ledgerEntries, loanBorrowers, loanInstallments, remittanceLines } from '../src/db/schema/index';
import { staffToken } from './application-helpers';
import { fundedLoan } from './collections-helpers';
import { auth, call } from './identity-helpers';
import { employerSession, partnerEmployer } from './support/employer-portal';
import { type TestApp, testApp } from './test-app';

const NOW = new Date('2035-06-03T12:00:00Z');
let app: TestApp;
let servicer: string;
let employer: { id: number; name: string };
let hr: { headers: { authorization: string } };
const tag = Math.random().toString(36).slice(2, 7).toUpperCase();

beforeAll(async () => {
  app = await testApp({ now: () => NOW });
  await app.ctx.repos.loanBook.setBusinessDateOverride(parseIsoDate('2035-06-03'), null, NOW);
  servicer = await staffToken(app, 'servicer@payrail.test');
  employer = await partnerEmployer(app, `Channels ${tag}`);
  hr = await employerSession(app, employer.id);
});
afterAll(async () => {
  await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, NOW);
  await app.close();
});

async function employee(n: number) {
  const employeeId = `CH${n}-${tag}`;
  const loan = await fundedLoan(app, { disbursementDate: '2035-04-01', firstPaymentDate: '2035-05-01', allotment: true, employeeId });
  await app.ctx.database.db
    .update(loanBorrowers)
    .set({ employerId: employer.id, firstName: `Chan${n}`, lastName: `Nel${tag}` })
    .where(eq(loanBorrowers.userId, loan.userId));
  const [due] = await app.ctx.database.db.select().from(loanInstallments).where(eq(loanInstallments.loanId, loan.loanId)).orderBy(loanInstallments.n).limit(1);
  return { ...loan, employeeId, name: `Chan${n} Nel${tag}`, payDate: due!.dueDate, paymentCents: due!.paymentCents };
}
type Employee = Awaited<ReturnType<typeof employee>>;
const dollars = (c: number) => (c / 100).toFixed(2);
const servicerFile = (e: Employee, cents: number) =>
  call(app, {
    method: 'POST',
    url: '/api/backoffice/remittances',
    headers: auth(servicer),
    payload: { csv: `employer,pay_date,borrower_identifier,amount\n${employer.name},${e.payDate},${e.employeeId},${dollars(cents)}\n` },
  });
const portalUpload = (e: Employee, cents: number) =>
  call(app, {
    method: 'POST',
    url: '/api/employer_portal/remittances',
    headers: hr.headers,
    payload: { csv: `pay_date,employee_id,employee_name,deduction,change\r\n${e.payDate},${e.employeeId},${e.name},${dollars(cents)},unchanged` },
  });
const posted = async (loanId: number) =>
  app.ctx.database.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.loanId, loanId), eq(ledgerEntries.kind, 'payroll_remittance')));
const linesOf = (e: Employee) => app.ctx.database.db.select().from(remittanceLines).where(eq(remittanceLines.borrowerIdentifier, e.employeeId));

describe('a pay date remitted through both channels is taken once', () => {
  it('payroll file first, then the employer portal: the portal line waits in suspense', async () => {
    const e = await employee(1);
    const file = await servicerFile(e, e.paymentCents);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.json<TRemittanceImportResponse>()).toMatchObject({ posted: 1, suspense: 0 });
    const portal = await portalUpload(e, e.paymentCents);
    expect(portal.statusCode, portal.body).toBe(200);
    expect(await posted(e.loanId)).toHaveLength(1);
    const lines = await linesOf(e);
    expect(lines.map((l) => [l.status, l.suspenseReason]).sort()).toEqual([
      ['posted', null],
      ['suspense', 'already_remitted'],
    ]);
  });

  it('employer portal first, then the payroll file: the file line waits in suspense', async () => {
    const e = await employee(2);
    expect((await portalUpload(e, e.paymentCents)).statusCode).toBe(200);
    const file = await servicerFile(e, e.paymentCents);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.json<TRemittanceImportResponse>()).toMatchObject({ posted: 0, suspense: 1 });
    expect(file.json<TRemittanceImportResponse>().lines[0]).toMatchObject({ status: 'suspense', suspense_reason: 'already_remitted' });
    expect(await posted(e.loanId)).toHaveLength(1);
  });

  it('twenty requests at once (ten employees, both channels, each its own content): each pay date posts exactly once', async () => {
    const many = await Promise.all([3, 5, 6, 7, 8, 9, 10, 11, 12, 13].map((n) => employee(n)));
    const answers = await Promise.all(many.flatMap((e) => [servicerFile(e, e.paymentCents), portalUpload(e, e.paymentCents)]));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    for (const e of many) {
      expect(await posted(e.loanId)).toHaveLength(1);
      expect((await linesOf(e)).filter((l) => l.status === 'suspense' && l.suspenseReason === 'already_remitted')).toHaveLength(1);
    }
  });

  it('a second payroll file for the same pay date (the same channel) still posts: a split remittance', async () => {
    const e = await employee(4);
    expect((await servicerFile(e, 5_000)).json<TRemittanceImportResponse>()).toMatchObject({ posted: 1 });
    expect((await servicerFile(e, e.paymentCents - 5_000)).json<TRemittanceImportResponse>()).toMatchObject({ posted: 1 });
    expect(await posted(e.loanId)).toHaveLength(2);
  });
});
