/**
 * Delinquency and collections end to end (docs/collections.md), on PGlite and PostgreSQL: a loan that
 * misses every payment moves through the buckets as the business clock and the daily run move on, gets
 * its notices on the policy days (exactly once each; none on a channel the borrower opted out of), breaks
 * a promise to pay, is charged off at 120 days past due with ledger entries summing to what was owed, and
 * later payments post as recoveries, never beyond the charged-off amount. Contact limits (Regulation F)
 * refuse the 8th call attempt in 7 days, also under a race, and an inconvenient hour; only `collect` staff reach the desk.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCollectionsLoan, TCollectionsQueue } from '@payrail/contract/collections';
import { positionAsOf } from '@payrail/domain/loan/ledger';
import { parseIsoDate, type IsoDate } from '@payrail/domain/dates';
import {
  agreementDocuments,
  collectionNotices,
  consentWithdrawals,
  ledgerEntries,
  loanBorrowers,
  loanDelinquency,
  loans,
  promisesToPay,
  staffActions,
  states,
  userAgreements,
} from '../src/db/schema/index';
import { runDailyServicing } from '../src/modules/loan-book/use-cases/daily-run';
import { scheduleOfRecord, toDomainEntry } from '../src/modules/loan-book/use-cases/loan-position';
import { staffToken } from './application-helpers';
import { expectSnapshotsMatchContract } from './audit-helpers';
import { fundedLoan, staffCall } from './collections-helpers';
import type { FundedLoan } from './collections-helpers';
import { auth, call, outbox, uniquePhone } from './identity-helpers';
import { type TestApp, testApp } from './test-app';

// 18:00 UTC in January: 13:00 in Delaware, where the borrowers live.
const NOON_ET = new Date('2027-01-04T18:00:00Z');
let clock = NOON_ET;
let app: TestApp;
let servicer: string;
let admin: string;
let underwriter: string;
beforeAll(async () => {
  app = await testApp({ now: () => clock });
  [servicer, admin, underwriter] = await Promise.all([
    staffToken(app, 'servicer@payrail.test'),
    staffToken(app, 'admin@payrail.test'),
    staffToken(app, 'underwriter@payrail.test'),
  ]);
});
afterAll(async () => {
  await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, NOON_ET); // other files of this worker read the real date
  await app.close();
});

const db = () => app.ctx.database.db;
const d = (s: string) => s as IsoDate;
const bo = (token: string | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  staffCall(app, '/api/backoffice/collections', token, method, url, payload);
/** Moves the business clock to `date` and runs the daily run for every day since the last. */
let ranThrough: string | null = null;
async function runTo(date: string) {
  await app.ctx.repos.loanBook.setBusinessDateOverride(parseIsoDate(date), null, clock);
  const from = ranThrough ? new Date(Date.parse(ranThrough) + 86_400_000).toISOString().slice(0, 10) : '2027-01-04';
  if (from <= date) await runDailyServicing(app.ctx, { from: d(from), through: d(date) });
  ranThrough = date;
}
const view = async (loanId: number, token = servicer) => {
  const res = await bo(token, 'GET', `/loans/${loanId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TCollectionsLoan>();
};
const stateOf = async (loanId: number) => (await db().select().from(loanDelinquency).where(eq(loanDelinquency.loanId, loanId)))[0];
const noticesOf = (loanId: number) => db().select().from(collectionNotices).where(eq(collectionNotices.loanId, loanId)).orderBy(collectionNotices.id);
const entriesOf = (loanId: number) => db().select().from(ledgerEntries).where(eq(ledgerEntries.loanId, loanId)).orderBy(ledgerEntries.id);

/** A borrower living in Delaware with a phone; `sms` accepts the text-messaging consent, `noEmail` withdraws the E-SIGN consent. */
async function borrowerSetUp(loan: FundedLoan, o: { sms: boolean; noEmail: boolean }) {
  const [de] = await db().select().from(states).where(eq(states.abbreviation, 'DE'));
  await db()
    .update(loanBorrowers)
    .set({ stateId: de!.id, phone: uniquePhone(), firstName: 'Dana', lastName: `Late${loan.loanId}` })
    .where(eq(loanBorrowers.userId, loan.userId));
  if (o.sms) {
    const [doc] = await db().select().from(agreementDocuments).where(eq(agreementDocuments.name, 'consent_text_messaging')).limit(1);
    await db().insert(userAgreements).values({ userId: loan.userId, agreementDocumentId: doc!.id, acceptedAt: NOON_ET });
  }
  if (o.noEmail) await db().insert(consentWithdrawals).values({ userId: loan.userId, agreementName: 'consent_eletronic_comunications', withdrawnAt: NOON_ET });
}

describe('a loan that stops paying', () => {
  let late: FundedLoan; // e-mail and SMS
  let quiet: FundedLoan; // opted out of e-mail, never agreed to texts
  beforeAll(async () => {
    const dates = { disbursementDate: '2027-01-04', firstPaymentDate: '2027-02-04', allotment: true, payments: 6 };
    late = await fundedLoan(app, dates);
    quiet = await fundedLoan(app, dates);
    await borrowerSetUp(late, { sms: true, noEmail: false });
    await borrowerSetUp(quiet, { sms: false, noEmail: true });
  });

  it('gets a reminder 3 days before its first due date, and is current until it misses it', async () => {
    await runTo('2027-02-04');
    expect(await stateOf(late.loanId)).toBeUndefined(); // never past due: nothing recorded
    const reminders = (await noticesOf(late.loanId)).filter((n) => n.kind === 'reminder');
    expect(reminders.map((n) => [n.channel, n.status, n.businessDate, n.dueDate])).toEqual([
      ['email', 'sent', '2027-02-01', '2027-02-04'],
      ['sms', 'sent', '2027-02-01', '2027-02-04'],
    ]);
    expect((await view(late.loanId)).bucket).toBe('current');
  });

  it('moves into 1-29 the day after, with a 1-day notice (e-mail and SMS), and shows in the queue', async () => {
    await runTo('2027-02-05');
    expect(await stateOf(late.loanId)).toMatchObject({ daysPastDue: 1, bucket: '1-29', bucketSince: '2027-02-05', delinquentSince: '2027-02-04' });
    const mails = (await outbox(app, late.email)).filter((m) => m.subject === 'Your Payrail loan is 1 day past due');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain(`Your loan ${late.identifier} is 1 day past due`);
    const [row] = await db().select({ phone: loanBorrowers.phone }).from(loanBorrowers).where(eq(loanBorrowers.userId, late.userId));
    expect((await outbox(app, row!.phone!)).filter((m) => m.body.includes('1 day past due'))).toHaveLength(1);

    // The queue: counts per bucket, keyset pages, each row with what a collector needs.
    const seen: number[] = [];
    let cursor: string | null = null;
    let counts: Record<string, number> | undefined;
    do {
      const res = await bo(servicer, 'GET', `/queue?bucket=1-29&per_page=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const page: TCollectionsQueue = res.json();
      counts = page.counts;
      for (const item of page.items) expect(item.bucket).toBe('1-29');
      seen.push(...page.items.map((i) => i.loan_id));
      const mine = page.items.find((i) => i.loan_id === late.loanId);
      if (mine) {
        expect(mine).toMatchObject({
          loan_number: late.identifier,
          borrower_name: `Dana Late${late.loanId}`,
          days_past_due: 1,
          in_bucket_since: '2027-02-05',
          last_contact: null,
          open_promise: null,
        });
        expect(mine.past_due_amount).toBe(late.paymentCents);
      }
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen.filter((id) => id === late.loanId || id === quiet.loanId)).toHaveLength(2);
    expect(new Set(seen).size).toBe(seen.length);
    expect(counts?.['1-29']).toBe(seen.length);
    expect(Object.keys(counts ?? {}).sort()).toEqual(['1-29', '120+', '30-59', '60-89', '90-119']);
  });

  it('contact limits: the 8th call attempt in 7 days is refused; texts are not call attempts; an inconvenient hour is refused', async () => {
    for (let i = 0; i < 7; i++) {
      const res = await bo(servicer, 'POST', `/loans/${late.loanId}/contacts`, { channel: 'call', outcome: 'no_answer', note: `try ${i + 1}` });
      expect(res.statusCode, res.body).toBe(201);
    }
    const eighth = await bo(servicer, 'POST', `/loans/${late.loanId}/contacts`, { channel: 'call', outcome: 'no_answer' });
    expect(eighth.statusCode).toBe(422);
    expect(eighth.json().error).toMatch(
      /^Call refused: 7 call attempts were already made on this loan in the last 7 days \(the limit is 7\)\. The next call is allowed after 2027-01-11T18:00:00\.001Z\.$/,
    );
    const text = await bo(servicer, 'POST', `/loans/${late.loanId}/contacts`, { channel: 'sms', outcome: 'sent', note: 'Payment link sent.' });
    expect(text.statusCode, text.body).toBe(201);
    const v = text.json<TCollectionsLoan>();
    expect(v.calls_in_window).toBe(7);
    expect(v.contacts).toHaveLength(8);
    expect(v.contacts[0]).toMatchObject({ channel: 'sms', outcome: 'sent', note: 'Payment link sent.', staff_name: expect.any(String) });
    expect(v.time_zones).toEqual(['America/New_York']);

    clock = new Date('2027-01-04T11:30:00Z'); // 06:30 in Delaware
    try {
      const earlyBird = await staffToken(app, 'servicer@payrail.test'); // a session of that hour (the others were last seen at noon)
      const early = await bo(earlyBird, 'POST', `/loans/${quiet.loanId}/contacts`, { channel: 'call', outcome: 'no_answer' });
      expect(early.statusCode).toBe(422);
      expect(early.json()).toEqual({
        error: 'Contact refused: it is 06:30 for the borrower (America/New_York); contact is allowed from 08:00 to 21:00 their time.',
      });
      expect((await bo(earlyBird, 'POST', `/loans/${quiet.loanId}/contacts`, { channel: 'sms', outcome: 'sent' })).statusCode).toBe(422);
      expect((await bo(earlyBird, 'POST', `/loans/${quiet.loanId}/contacts`, { channel: 'letter', outcome: 'sent' })).statusCode).toBe(201);
    } finally {
      clock = NOON_ET;
    }
    // Bad input is a 4xx with nothing written.
    expect((await bo(servicer, 'POST', `/loans/${quiet.loanId}/contacts`, { channel: 'pigeon', outcome: 'sent' })).statusCode).toBe(422);
    expect((await bo(servicer, 'POST', `/loans/2147483000/contacts`, { channel: 'call', outcome: 'no_answer' })).statusCode).toBe(404);
    expect((await view(quiet.loanId)).contacts).toHaveLength(1);
  });

  it('race: 10 parallel call attempts when 6 were made → exactly 1 accepted', async () => {
    const other = await fundedLoan(app, { disbursementDate: '2027-01-04', firstPaymentDate: '2027-02-04', allotment: true });
    await borrowerSetUp(other, { sms: false, noEmail: false });
    for (let i = 0; i < 6; i++)
      expect((await bo(admin, 'POST', `/loans/${other.loanId}/contacts`, { channel: 'call', outcome: 'left_message' })).statusCode).toBe(201);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => bo(servicer, 'POST', `/loans/${other.loanId}/contacts`, { channel: 'call', outcome: 'no_answer' })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, ...Array(9).fill(422)]);
    expect((await view(other.loanId)).calls_in_window).toBe(7);
  });

  it('records a promise to pay (validated), which the run breaks the day after its date when nothing came', async () => {
    await runTo('2027-02-24');
    expect((await bo(servicer, 'POST', `/loans/${late.loanId}/promises`, { promised_date: '2027-02-23', amount: 5000 })).json()).toEqual({
      error: 'The promised date cannot be in the past.',
    });
    expect((await bo(servicer, 'POST', `/loans/${late.loanId}/promises`, { promised_date: '2027-02-30', amount: 5000 })).statusCode).toBe(422);
    expect((await bo(servicer, 'POST', `/loans/${late.loanId}/promises`, { promised_date: '2027-03-01', amount: 99_999_999 })).json().error).toMatch(
      /^The promised amount cannot be more than what is owed/,
    );
    expect((await bo(servicer, 'POST', `/loans/${late.loanId}/promises`, { promised_date: '2027-03-01', amount: '50' })).statusCode).toBe(422);
    const ok = await bo(servicer, 'POST', `/loans/${late.loanId}/promises`, { promised_date: '2027-03-01', amount: 5000 });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json<TCollectionsLoan>().promises[0]).toMatchObject({
      made_on: '2027-02-24',
      promised_date: '2027-03-01',
      amount: 5000,
      status: 'open',
      decided_on: null,
    });
    const again = await bo(servicer, 'POST', `/loans/${late.loanId}/promises`, { promised_date: '2027-03-02', amount: 5000 });
    expect(again.statusCode).toBe(409);
    const queue: TCollectionsQueue = (await bo(servicer, 'GET', '/queue?bucket=1-29&per_page=100')).json();
    // (the loan may be on a later page when many others are late; when it is here, it shows the promise)
    const row = queue.items.find((i) => i.loan_id === late.loanId);
    if (row) expect(row.open_promise).toEqual({ promised_date: '2027-03-01', amount: 5000 });

    await runTo('2027-03-01');
    expect((await db().select().from(promisesToPay).where(eq(promisesToPay.loanId, late.loanId)))[0]!.status).toBe('open');
    await runTo('2027-03-02');
    expect((await view(late.loanId)).promises[0]).toMatchObject({ status: 'broken', decided_on: '2027-03-02', received: 0 });
  });

  it('a promise kept: the money came by its date', async () => {
    const res = await bo(servicer, 'POST', `/loans/${quiet.loanId}/promises`, { promised_date: '2027-03-05', amount: 2500 });
    expect(res.statusCode, res.body).toBe(201);
    await app.ctx.repos.loanBook.recordPayment({
      loanId: quiet.loanId,
      kind: 'payroll_remittance',
      effectiveDate: '2027-03-04',
      amountCents: 2500,
      idempotencyKey: `test:kept:${quiet.loanId}`,
      at: NOON_ET,
    } as Parameters<typeof app.ctx.repos.loanBook.recordPayment>[0]);
    await runTo('2027-03-06');
    expect((await view(quiet.loanId)).promises[0]).toMatchObject({ status: 'kept', decided_on: '2027-03-06', received: 2500 });
  });

  it('moves through every bucket, gets each past-due notice exactly once, and is charged off at 120 days past due', async () => {
    await runTo('2027-06-03');
    expect(await stateOf(late.loanId)).toMatchObject({ daysPastDue: 119, bucket: '90-119', bucketSince: '2027-05-05' });
    expect((await db().select().from(loans).where(eq(loans.id, late.loanId)))[0]!.status).toBe('default');
    const before = await entriesOf(late.loanId);
    expect(before.some((e) => e.kind === 'late_fee')).toBe(true);

    // The other borrower pays $10.00 by ACH the day it would be charged off: the debit is in flight that day.
    const small = await call(app, {
      method: 'POST',
      url: '/api/request_payment',
      headers: { ...auth(quiet.token), 'idempotency-key': `inflight-${quiet.loanId}` },
      payload: {
        method: 'ach',
        mode: 'one_time',
        loan_id: quiet.loanId,
        amount: 1000,
        scheduling: { instant: false, date: '2027-06-04' },
        params: { customBanking: { account_number: '000123456789', routing_number: '034821624', account_type: 'checking' } },
      },
    });
    expect(small.statusCode, small.body).toBe(200);

    await runTo('2027-06-04');
    const loan = (await db().select().from(loans).where(eq(loans.id, late.loanId)))[0]!;
    expect(loan.status).toBe('charge_off');
    // Not over a debit in flight: the other loan waits for its $10.00 to settle, then is charged off net of it.
    expect((await db().select().from(loans).where(eq(loans.id, quiet.loanId)))[0]!.status).toBe('default');
    expect((await entriesOf(quiet.loanId)).some((e) => e.kind === 'charge_off')).toBe(false);
    const entries = await entriesOf(late.loanId);
    const chargeOffs = entries.filter((e) => e.kind === 'charge_off');
    // What was owed on the day (the payoff of the ledger without the charge-off), to the cent, by component.
    const owed = positionAsOf(scheduleOfRecord(loan), entries.filter((e) => e.kind !== 'charge_off').map(toDomainEntry), d('2027-06-04'));
    expect(owed.daysPastDue).toBe(120);
    expect(chargeOffs.reduce((t, e) => t + e.amountCents, 0)).toBe(owed.outstandingCents);
    expect(chargeOffs.map((e) => e.reasonCode)).toEqual(['principal', 'interest', 'fees']);
    expect(chargeOffs.find((e) => e.reasonCode === 'principal')!.amountCents).toBe(owed.principalCents);
    expect(chargeOffs.every((e) => e.effectiveDate === '2027-06-04')).toBe(true);

    const v = await view(late.loanId);
    expect(v).toMatchObject({
      loan_status: 'charge_off',
      bucket: '120+',
      payoff_amount: 0,
      charge_off: { date: '2027-06-04', charged_off: owed.outstandingCents, recovered: 0, recoverable: owed.outstandingCents },
    });
    expect(v.bucket_history.map((h) => [h.from, h.to, h.on]).reverse()).toEqual([
      ['current', '1-29', '2027-02-05'],
      ['1-29', '30-59', '2027-03-06'],
      ['30-59', '60-89', '2027-04-05'],
      ['60-89', '90-119', '2027-05-05'],
      ['90-119', '120+', '2027-06-04'],
    ]);

    // Notices: each policy day once per channel (e-mail and SMS), none from the charge-off day.
    const pastDue = (await noticesOf(late.loanId)).filter((n) => n.kind === 'past_due');
    expect(pastDue.filter((n) => n.channel === 'email').map((n) => [n.noticeDay, n.businessDate, n.status])).toEqual([
      [1, '2027-02-05', 'sent'],
      [15, '2027-02-19', 'sent'],
      [30, '2027-03-06', 'sent'],
      [60, '2027-04-05', 'sent'],
      [90, '2027-05-05', 'sent'],
    ]);
    expect(pastDue.filter((n) => n.channel === 'sms').map((n) => n.noticeDay)).toEqual([1, 15, 30, 60, 90]);
    const subjects = (await outbox(app, late.email)).map((m) => m.subject);
    for (const day of [1, 15, 30, 60, 90])
      expect(
        subjects.filter((s) => s === `Your Payrail loan is ${day} ${day === 1 ? 'day' : 'days'} past due`),
        `day ${day}`,
      ).toHaveLength(1);
    expect(subjects.filter((s) => s === 'Your loan has been charged off')).toHaveLength(1);

    // The opted-out borrower: logged as opted out on both channels, nothing sent.
    const quietNotices = (await noticesOf(quiet.loanId)).filter((n) => n.kind === 'past_due');
    expect(quietNotices.length).toBeGreaterThan(0);
    expect(new Set(quietNotices.map((n) => n.status))).toEqual(new Set(['opted_out']));
    expect(
      (await outbox(app, quiet.email)).filter((m) => (m.subject ?? '').startsWith('Your Payrail loan is') || m.subject === 'Your Payrail payment is coming up'),
    ).toHaveLength(0);

    // A replay of the charge-off day writes nothing more.
    await runDailyServicing(app.ctx, { from: d('2027-06-04'), through: d('2027-06-04') });
    expect(await entriesOf(late.loanId)).toHaveLength(entries.length);
    expect(await noticesOf(late.loanId)).toHaveLength((await noticesOf(late.loanId)).length);
  });

  it('recoveries post against the charged-off amount, never beyond it (also under a race)', async () => {
    await runTo('2027-06-10');
    // The loan that waited: its $10.00 settled, then it was charged off (the day after), net of that payment.
    const waited = (await db().select().from(loans).where(eq(loans.id, quiet.loanId)))[0]!;
    expect(waited.status).toBe('charge_off');
    const waitedEntries = await entriesOf(quiet.loanId);
    const waitedOffs = waitedEntries.filter((e) => e.kind === 'charge_off');
    expect(waitedOffs.length).toBeGreaterThan(0);
    expect(waitedOffs[0]!.effectiveDate > '2027-06-04').toBe(true);
    const beforeOff = positionAsOf(
      scheduleOfRecord(waited),
      waitedEntries.filter((e) => e.kind !== 'charge_off').map(toDomainEntry),
      d(waitedOffs[0]!.effectiveDate),
    );
    expect(waitedOffs.reduce((t, e) => t + e.amountCents, 0)).toBe(beforeOff.outstandingCents);
    const v0 = await view(late.loanId);
    const recoverable = v0.charge_off!.recoverable;
    expect((await bo(underwriter, 'POST', `/loans/${late.loanId}/recoveries`, { amount: 1000, reference: 'check 1001' })).statusCode).toBe(403);
    const first = await bo(servicer, 'POST', `/loans/${late.loanId}/recoveries`, { amount: 10_000, reference: 'Check no. 1001' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<TCollectionsLoan>().charge_off).toMatchObject({ recovered: 10_000, recoverable: recoverable - 10_000 });
    const tooMuch = await bo(servicer, 'POST', `/loans/${late.loanId}/recoveries`, { amount: recoverable - 10_000 + 1, reference: 'Agency remittance' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().error).toMatch(/^A recovery cannot be more than what remains of the charged-off amount: at most \$/);
    // Race: twenty different recoveries at once, each an eighth of what remains → exactly eight fit.
    const left = recoverable - 10_000;
    const part = Math.floor(left / 8);
    expect(part).toBeGreaterThan(left % 8); // a ninth would not fit
    const race = await Promise.all(
      Array.from({ length: 20 }, (_, i) => bo(servicer, 'POST', `/loans/${late.loanId}/recoveries`, { amount: part, reference: `Agency ${i}` })),
    );
    expect(race.filter((r) => r.statusCode === 201)).toHaveLength(8);
    expect(race.filter((r) => r.statusCode === 422)).toHaveLength(12);
    expect(race.every((r) => r.statusCode === 201 || r.statusCode === 422)).toBe(true);
    const rest = left - 8 * part;
    expect((await bo(servicer, 'POST', `/loans/${late.loanId}/recoveries`, { amount: rest, reference: 'Final' })).statusCode).toBe(201);
    const end = await view(late.loanId);
    expect(end.charge_off).toMatchObject({ recovered: recoverable, recoverable: 0 });
    expect((await bo(servicer, 'POST', `/loans/${late.loanId}/recoveries`, { amount: 1, reference: 'One more' })).statusCode).toBe(422);
    const recoveries = (await entriesOf(late.loanId)).filter((e) => e.kind === 'recovery');
    expect(recoveries.reduce((t, e) => t + e.amountCents, 0)).toBe(recoverable);
    expect(recoveries.every((e) => e.effectiveDate === '2027-06-10')).toBe(true);
    // A loan that is not charged off takes no recovery.
    const current = await fundedLoan(app, { disbursementDate: '2027-06-01', firstPaymentDate: '2027-07-01', allotment: true });
    expect((await bo(servicer, 'POST', `/loans/${current.loanId}/recoveries`, { amount: 100, reference: 'x' })).json()).toEqual({
      error: 'Only a charged-off loan takes a recovery; other payments go through the loan’s payment page.',
    });
  });

  it('notes; the desk is for collect staff only (borrowers 401, underwriters 403); every action audited', async () => {
    const note = await bo(servicer, 'POST', `/loans/${late.loanId}/notes`, { body: 'Borrower changed jobs; new employer unknown.' });
    expect(note.statusCode, note.body).toBe(201);
    expect(note.json<TCollectionsLoan>().notes[0]).toMatchObject({ body: 'Borrower changed jobs; new employer unknown.' });
    expect((await bo(servicer, 'POST', `/loans/${late.loanId}/notes`, { body: '   ' })).statusCode).toBe(422);
    expect((await bo(late.token, 'GET', '/queue')).statusCode).toBe(401);
    expect((await bo(late.token, 'GET', `/loans/${late.loanId}`)).statusCode).toBe(401);
    expect((await bo(late.token, 'POST', `/loans/${late.loanId}/notes`, { body: 'hi' })).statusCode).toBe(401);
    expect((await bo(null, 'GET', '/queue')).statusCode).toBe(401);
    for (const [method, url, payload] of [
      ['GET', '/queue', undefined],
      ['GET', `/loans/${late.loanId}`, undefined],
      ['POST', `/loans/${late.loanId}/contacts`, { channel: 'letter', outcome: 'sent' }],
      ['POST', `/loans/${late.loanId}/promises`, { promised_date: '2027-06-20', amount: 100 }],
      ['POST', `/loans/${late.loanId}/notes`, { body: 'x' }],
    ] as const) {
      expect((await bo(underwriter, method, url, payload)).statusCode, url).toBe(403);
    }
    expect((await view(late.loanId, admin)).loan_id).toBe(late.loanId);
    const checked = await expectSnapshotsMatchContract(app);
    for (const action of ['collection_contact_logged', 'promise_to_pay_recorded', 'collection_note_added', 'recovery_posted'])
      expect(checked).toContain(action);
    const logged = await db()
      .select()
      .from(staffActions)
      .where(and(eq(staffActions.action, 'collection_contact_logged'), eq(staffActions.targetUserId, late.userId)));
    expect(logged).toHaveLength(8); // 7 calls and a text; the refused 8th call wrote nothing
  });
});
