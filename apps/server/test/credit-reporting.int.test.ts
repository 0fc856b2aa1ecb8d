import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCreditReportingFile, TGenerateCreditFileResponse, TLoanDisputes } from '@payrail/contract/credit-reporting';
import { validateMetro2File } from '@payrail/domain/credit-reporting/file';
import type { FieldValue } from '@payrail/domain/credit-reporting/fixed-width';
import { parseIsoDate, type IsoDate } from '@payrail/domain/dates';
import { borrowerProfiles, creditReportingFiles, ledgerEntries, loanBorrowers, loans, staffActions } from '../src/db/schema/index';
import { SSN_AAD } from '../src/modules/application/field-rules';
import { runMonthlyFurnishing } from '../src/modules/credit-reporting/use-cases/furnishing';
import { runDailyServicing } from '../src/modules/loan-book/use-cases/daily-run';
import { expectSnapshotsMatchContract } from './audit-helpers';
import { staffToken, uniqueSsn } from './application-helpers';
import { fundedLoan } from './collections-helpers';
import type { FundedLoan } from './collections-helpers';
import { auth, call } from './identity-helpers';
import { type TestApp, testApp } from './test-app';

let app: TestApp;
let admin: string;
let servicer: string;
let underwriter: string;

const d = (s: string) => s as IsoDate;
const db = () => app.ctx.database.db;
const setBusinessDate = (date: string) => app.ctx.repos.loanBook.setBusinessDateOverride(parseIsoDate(date), null, app.ctx.now());
/** Drives the business clock and the daily run through `through` (as the servicing desk does). */
let ranThrough = '2031-01-05';
async function advanceTo(through: string) {
  const from = new Date(Date.parse(`${ranThrough}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  await runDailyServicing(app.ctx, { from: d(from), through: d(through) });
  ranThrough = through;
  await setBusinessDate(through);
}
const get = (token: string, url: string) => call(app, { url: `/api/backoffice${url}`, headers: auth(token) });
const post = (token: string, url: string, payload: Record<string, unknown>) =>
  call(app, { method: 'POST', url: `/api/backoffice${url}`, headers: auth(token), payload });

/** The borrower the base segment names: name, address, date of birth, sealed SSN. */
async function withBorrowerFile(loan: FundedLoan, who: { first: string; last: string; ssn: string }) {
  const box = await app.ctx.cryptoBox();
  const nine = who.ssn.replace(/\D/g, '');
  await db().update(loanBorrowers).set({ firstName: who.first, lastName: who.last, phone: '+13025550142' }).where(eq(loanBorrowers.userId, loan.userId));
  const profile = {
    dateOfBirth: parseIsoDate('1988-07-14'),
    address: '12 Harbor Way',
    unitNumber: 'Apt 4',
    city: 'Dover',
    zipCode: '19901',
    ssnSealed: box.seal(nine, SSN_AAD),
    ssnIndex: box.hmacIndex(nine),
    housingType: 'rent' as const,
  };
  await db()
    .insert(borrowerProfiles)
    .values({ userId: loan.userId, ...profile })
    .onConflictDoUpdate({ target: borrowerProfiles.userId, set: profile });
}

/** The late fees the daily run assessed on the loan through `on`. */
async function lateFees(loan: FundedLoan, on: string): Promise<number> {
  const rows = await db().select().from(ledgerEntries).where(eq(ledgerEntries.loanId, loan.loanId));
  return rows.filter((e) => e.kind === 'late_fee' && e.effectiveDate <= on).reduce((s, e) => s + e.amountCents, 0);
}

async function download(token: string, file: TCreditReportingFile) {
  return call(app, { url: `/api/backoffice/credit_reporting/files/${file.id}/download`, headers: auth(token) });
}

/** The file of a month as the admin downloads it, parsed back, and the base record of a loan. */
async function reported(file: TCreditReportingFile) {
  const res = await download(admin, file);
  expect(res.statusCode, res.body).toBe(200);
  const parsed = validateMetro2File(res.body);
  expect(parsed.problems).toEqual([]);
  return {
    text: res.body,
    parsed,
    of: (loan: FundedLoan): Record<string, FieldValue> | undefined => parsed.bases.find((b) => b.consumerAccountNumber === loan.identifier),
  };
}

async function generate(period: string, token = admin) {
  const res = await post(token, '/credit_reporting/files', { period });
  expect([200, 201], res.body).toContain(res.statusCode);
  return res.json<TGenerateCreditFileResponse>();
}

let current: FundedLoan; // auto-debit that clears: current all along
let late: FundedLoan; // payroll allotment that never arrives: 30+, then 60+ late
let paidOff: FundedLoan; // one payment that clears: paid and closed in February
let ssnOfCurrent: string;

beforeAll(async () => {
  app = await testApp({ now: () => new Date('2031-01-06T12:00:00Z') });
  [admin, servicer, underwriter] = await Promise.all([
    staffToken(app, 'admin@payrail.test'),
    staffToken(app, 'servicer@payrail.test'),
    staffToken(app, 'underwriter@payrail.test'),
  ]);
  const dates = { disbursementDate: '2031-01-06', firstPaymentDate: '2031-02-06' };
  current = await fundedLoan(app, { ...dates, payments: 6, amountCents: 150_075 });
  late = await fundedLoan(app, { ...dates, payments: 6, allotment: true, employeeId: `E${Date.now() % 1_000_000}` });
  paidOff = await fundedLoan(app, { ...dates, payments: 1, amountCents: 50_000 });
  ssnOfCurrent = uniqueSsn();
  await withBorrowerFile(current, { first: 'Ana', last: 'Rivera', ssn: ssnOfCurrent });
  await withBorrowerFile(late, { first: 'Ben', last: 'Okafor', ssn: uniqueSsn() });
  await withBorrowerFile(paidOff, { first: 'Cleo', last: 'Nguyen', ssn: uniqueSsn() });
  await setBusinessDate('2031-01-06');
}, 60_000);
afterAll(async () => {
  await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, app.ctx.now());
  await app.close();
});

describe('Metro 2 furnishing, month by month', () => {
  it('refuses a month that has not ended, and a malformed month', async () => {
    await advanceTo('2031-02-27');
    const res = await post(admin, '/credit_reporting/files', { period: '2031-02' });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ error: string }>().error).toMatch(/has not ended/);
    expect((await post(admin, '/credit_reporting/files', { period: '2031-13' })).statusCode).toBe(422);
  }, 120_000);

  it('February: the paid-off loan is 13 with its rating and date closed; the others 11; fields from the ledger', async () => {
    await advanceTo('2031-03-01');
    const { file, created } = await generate('2031-02');
    expect(created).toBe(true);
    expect(file).toMatchObject({ period: '2031-02', activity_date: '2031-02-28', created_on: '2031-03-01', generated_by: expect.any(String) });
    const feb = await reported(file);
    expect(feb.parsed.header).toMatchObject({ activityDate: '2031-02-28', dateCreated: '2031-03-01', reporterName: 'PAYRAIL DEMO SERVICING' });
    expect(feb.of(paidOff)).toMatchObject({
      accountStatus: '13',
      paymentRating: '0',
      currentBalance: 0,
      amountPastDue: 0,
      dateClosed: '2031-02-06',
      dateOfLastPayment: '2031-02-06',
      highestCredit: 500,
      termsDuration: '001',
    });
    // Past due: the missed installment and its late fee (the daily run's), in whole dollars.
    expect(feb.of(late)).toMatchObject({
      accountStatus: '11',
      amountPastDue: Math.floor((late.paymentCents + (await lateFees(late, '2031-02-28'))) / 100),
      dateOfLastPayment: null,
      paymentHistoryProfile: `0${'B'.repeat(23)}`,
    });
    expect(await lateFees(late, '2031-02-28')).toBeGreaterThan(0);
    const a = feb.of(current)!;
    expect(a).toMatchObject({
      identificationNumber: 'PAYRAILDEMO01',
      portfolioType: 'I',
      accountType: '01',
      dateOpened: '2031-01-06',
      highestCredit: 1500, // $1,500.75: cents truncated
      termsDuration: '006',
      termsFrequency: 'M',
      scheduledMonthlyPayment: Math.floor(current.paymentCents / 100),
      actualPayment: Math.floor(current.paymentCents / 100),
      accountStatus: '11',
      dateOfLastPayment: '2031-02-06',
      amountPastDue: 0,
      surname: 'RIVERA',
      firstName: 'ANA',
      socialSecurityNumber: ssnOfCurrent.replace(/-/g, ''),
      dateOfBirth: '1988-07-14',
      telephoneNumber: '3025550142',
      firstLineOfAddress: '12 HARBOR WAY',
      secondLineOfAddress: 'APT 4',
      city: 'DOVER',
      postalCode: '19901',
      residenceCode: 'R',
      ecoaCode: '1',
      complianceConditionCode: '',
    });
    expect(Number(a.currentBalance)).toBeGreaterThan(1000);
    expect(Number(a.currentBalance)).toBeLessThan(1500);
    expect(file.base_records).toBe(feb.parsed.bases.length);
    expect(file.status_counts['13']).toBeGreaterThanOrEqual(1);
  }, 120_000);

  it('a servicer flags a dispute (XB in the next file); one open dispute per loan; resolving is audited', async () => {
    await advanceTo('2031-03-14');
    const opened = await post(servicer, `/loans/${current.loanId}/disputes`, { note: 'Borrower says the February payment was posted late.' });
    expect(opened.statusCode, opened.body).toBe(201);
    expect(opened.json<TLoanDisputes>()).toMatchObject({
      compliance_condition_code: 'XB',
      disputes: [{ status: 'open', opened_on: '2031-03-14', compliance_condition_code: 'XB' }],
    });
    const twice = await post(servicer, `/loans/${current.loanId}/disputes`, { note: 'again' });
    expect(twice.statusCode).toBe(409);
    expect((await post(underwriter, `/loans/${current.loanId}/disputes`, { note: 'x' })).statusCode).toBe(403);
    expect((await post(servicer, `/loans/${current.loanId}/disputes`, { note: '  ' })).statusCode).toBe(422);
    expect((await post(servicer, '/loans/2147483000/disputes', { note: 'x' })).statusCode).toBe(404);
    // Two flags at once: one wins, the other is a 409, never two open disputes.
    const other = await Promise.all([1, 2, 3].map(() => post(servicer, `/loans/${late.loanId}/disputes`, { note: 'Disputes the amount past due.' })));
    expect(other.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it('March: the loan never paid is 71 with its first delinquency; the disputed one carries XB; the closed one is gone', async () => {
    await advanceTo('2031-04-01');
    const resolved = await post(
      servicer,
      `/loans/${current.loanId}/disputes/${(await get(servicer, `/loans/${current.loanId}/disputes`)).json<TLoanDisputes>().disputes[0]!.id}/resolve`,
      {
        outcome: 'consumer_disagrees',
        note: 'Payment was posted on its due date; consumer disagrees.',
      },
    );
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json<TLoanDisputes>()).toMatchObject({
      compliance_condition_code: 'XC',
      disputes: [{ status: 'resolved', resolved_on: '2031-04-01', outcome: 'consumer_disagrees' }],
    });
    // The monthly job furnishes the month that has just ended.
    const job = await runMonthlyFurnishing(app.ctx);
    expect(job).toMatchObject({ period: '2031-03', generated_by: null });
    expect(await runMonthlyFurnishing(app.ctx)).toBeNull();
    const again = await generate('2031-03');
    expect(again).toMatchObject({ created: false, file: { id: job!.id } });
    const mar = await reported(again.file);
    expect(mar.of(paidOff)).toBeUndefined();
    expect(mar.of(current)).toMatchObject({ accountStatus: '11', complianceConditionCode: 'XB', paymentHistoryProfile: `00${'B'.repeat(22)}` }); // resolved after March 31
    expect(mar.of(late)).toMatchObject({
      accountStatus: '71',
      dateOfFirstDelinquency: '2031-02-06',
      complianceConditionCode: 'XB',
      paymentHistoryProfile: `00${'B'.repeat(22)}`,
    });
    expect(Number(mar.of(late)!.amountPastDue)).toBe(Math.floor((2 * late.paymentCents + (await lateFees(late, '2031-03-31'))) / 100));
    expect(again.file.disputed).toBeGreaterThanOrEqual(2);
  }, 180_000);

  it('April: 60+ late is 78 with 1 in the history; the resolved dispute is XC; parallel generation keeps one file', async () => {
    await advanceTo('2031-05-01');
    const results = await Promise.all([1, 2, 3, 4].map(() => post(admin, '/credit_reporting/files', { period: '2031-04' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 201]);
    const ids = new Set(results.map((r) => r.json<TGenerateCreditFileResponse>().file.id));
    expect(ids.size).toBe(1);
    expect(await db().select().from(creditReportingFiles).where(eq(creditReportingFiles.period, '2031-04'))).toHaveLength(1);
    const file = results[0]!.json<TGenerateCreditFileResponse>().file;
    const apr = await reported(file);
    expect(apr.of(late)).toMatchObject({ accountStatus: '78', dateOfFirstDelinquency: '2031-02-06', paymentHistoryProfile: `100${'B'.repeat(21)}` });
    expect(apr.of(current)).toMatchObject({ accountStatus: '11', complianceConditionCode: 'XC' });
    // The trailer's totals are the file's.
    expect(apr.parsed.trailer).toMatchObject({
      totalBaseRecords: apr.parsed.bases.length,
      totalStatus78: apr.parsed.bases.filter((b) => b.accountStatus === '78').length,
      totalJ1Segments: 0,
      totalK1Segments: 0,
    });
  }, 180_000);

  it('June: charged off at 120 days by the daily run → 97 with the original charge-off amount and L from then on', async () => {
    await advanceTo('2031-07-01');
    const [row] = await db().select().from(loans).where(eq(loans.id, late.loanId));
    expect(row!.status).toBe('charge_off');
    const entries = await db().select().from(ledgerEntries).where(eq(ledgerEntries.loanId, late.loanId));
    const chargedOff = entries.filter((e) => e.kind === 'charge_off');
    expect(chargedOff.length).toBeGreaterThan(0);
    const amount = chargedOff.reduce((s, e) => s + e.amountCents, 0);
    const chargeOffDate = chargedOff[0]!.effectiveDate;
    const june = await reported((await generate('2031-06')).file);
    expect(june.of(late)).toMatchObject({
      accountStatus: '97',
      originalChargeOffAmount: Math.floor(amount / 100),
      currentBalance: Math.floor(amount / 100),
      amountPastDue: Math.floor(amount / 100),
      scheduledMonthlyPayment: 0,
      dateClosed: chargeOffDate,
      dateOfFirstDelinquency: '2031-02-06',
      paymentHistoryProfile: `32100${'B'.repeat(19)}`,
    });
    const may = await reported((await generate('2031-05')).file);
    expect(may.of(late)).toMatchObject({ accountStatus: '80', paymentHistoryProfile: `2100${'B'.repeat(20)}` });
  }, 240_000);

  it('July: a recovery of everything charged off (collections desk) → 64 once, with the original charge-off amount kept', async () => {
    const entries = await db().select().from(ledgerEntries).where(eq(ledgerEntries.loanId, late.loanId));
    const amount = entries.filter((e) => e.kind === 'charge_off').reduce((s, e) => s + e.amountCents, 0);
    await advanceTo('2031-07-15');
    const recovered = await post(servicer, `/collections/loans/${late.loanId}/recoveries`, { amount, reference: 'Settlement check 1042' });
    expect(recovered.statusCode, recovered.body).toBe(201);
    await advanceTo('2031-08-01');
    const july = await reported((await generate('2031-07')).file);
    expect(july.of(late)).toMatchObject({
      accountStatus: '64',
      originalChargeOffAmount: Math.floor(amount / 100),
      currentBalance: 0,
      amountPastDue: 0,
      actualPayment: Math.floor(amount / 100),
      dateOfLastPayment: '2031-07-15',
      paymentHistoryProfile: `L32100${'B'.repeat(18)}`,
    });
    // The current loan's sixth and last payment cleared in July: paid and closed, rated 0, still showing its resolved dispute.
    const paid = july.of(current)!;
    expect(paid).toMatchObject({
      accountStatus: '13',
      paymentRating: '0',
      currentBalance: 0,
      amountPastDue: 0,
      scheduledMonthlyPayment: 0,
      complianceConditionCode: 'XC',
      paymentHistoryProfile: `000000${'B'.repeat(18)}`,
    });
    expect(paid.dateClosed).toBe(paid.dateOfLastPayment);
  }, 240_000);

  it('the bytes at rest are sealed: no account, name or SSN in clear; opened they are the download', async () => {
    const [row] = await db().select().from(creditReportingFiles).where(eq(creditReportingFiles.period, '2031-04'));
    const sealed = (await app.ctx.providers.storage.get(row!.storageKey))!;
    const clear = sealed.toString('latin1');
    for (const secret of ['HEADER', 'TRAILER', current.identifier, 'RIVERA', ssnOfCurrent.replace(/-/g, '')]) expect(clear).not.toContain(secret);
    const opened = (await app.ctx.cryptoBox()).openBytes(sealed, row!.storageKey).toString('ascii');
    const res = await download(admin, { id: row!.id } as TCreditReportingFile);
    expect(res.body).toBe(opened);
    expect(res.headers['content-disposition']).toContain('METRO2-2031-04.txt');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('only an admin lists, generates and downloads files', async () => {
    const [row] = await db().select().from(creditReportingFiles).where(eq(creditReportingFiles.period, '2031-04'));
    for (const token of [servicer, underwriter]) {
      expect((await download(token, { id: row!.id } as TCreditReportingFile)).statusCode).toBe(403);
      expect((await get(token, '/credit_reporting/files')).statusCode).toBe(403);
      expect((await post(token, '/credit_reporting/files', { period: '2031-01' })).statusCode).toBe(403);
    }
    expect((await call(app, { url: `/api/backoffice/credit_reporting/files/${row!.id}/download` })).statusCode).toBe(401);
    expect((await download(admin, { id: 2147483000 } as TCreditReportingFile)).statusCode).toBe(404);
    const list = await get(admin, '/credit_reporting/files');
    expect(list.statusCode).toBe(200);
    expect(list.json<{ last_ended_period: string; files: TCreditReportingFile[] }>()).toMatchObject({ last_ended_period: '2031-07' });
    expect(list.json<{ files: TCreditReportingFile[] }>().files.map((f) => f.period)).toEqual(expect.arrayContaining(['2031-04', '2031-03', '2031-02']));
  });

  it('every action is audited with snapshots that match the contract', async () => {
    const rows = await db().select().from(staffActions).where(eq(staffActions.action, 'credit_reporting_file_downloaded'));
    expect(rows.length).toBeGreaterThanOrEqual(4);
    const checked = await expectSnapshotsMatchContract(app);
    for (const action of ['credit_reporting_file_generated', 'credit_reporting_file_downloaded', 'credit_dispute_opened', 'credit_dispute_resolved'])
      expect(checked).toContain(action);
    const [loan] = await db().select().from(loans).where(eq(loans.id, paidOff.loanId));
    expect(loan!.status).toBe('closed_paid');
  });
});
