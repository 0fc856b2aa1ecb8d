import { inflateSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseIsoDate, type IsoDate } from '@payrail/domain/dates';
import { positionAsOf } from '@payrail/domain/loan/ledger';
import { cents, formatUsd } from '@payrail/domain/money';
import { monthPeriod, statementFigures, yearEndFigures } from '@payrail/domain/servicing/statement';
import { ZStatementsResponse } from '@payrail/contract/statements';
import { ledgerEntries, loans, loanStatements, notifications, staffActions } from '../src/db/schema/index';
import { scheduleOfRecord, toDomainEntry } from '../src/modules/loan-book/use-cases/loan-position';
import { generateStatements } from '../src/modules/statements/use-cases/generate-statements';
import { staffToken } from './application-helpers';
import { expectSnapshotsMatchContract } from './audit-helpers';
import { fundedLoan } from './collections-helpers';
import type { FundedLoan } from './collections-helpers';
import { outbox } from './identity-helpers';
import { type TestApp, testApp } from './test-app';

let app: TestApp;
beforeAll(async () => {
  app = await testApp({ now: () => new Date('2031-11-02T12:00:00Z') });
});
afterAll(() => app.close());

const db = () => app.ctx.database.db;
const d = (s: string) => s as IsoDate;
const auth = (token: string) => ({ authorization: token });
const at = () => app.ctx.now();

/** The loan's schedule of record and ledger, as the domain reads them. */
async function bookOf(loanId: number) {
  const [loan] = await db().select().from(loans).where(eq(loans.id, loanId));
  const entries = (await db().select().from(ledgerEntries).where(eq(ledgerEntries.loanId, loanId)).orderBy(ledgerEntries.id)).map(toDomainEntry);
  return { schedule: scheduleOfRecord(loan!), entries };
}

const statementRows = (loanId: number) => db().select().from(loanStatements).where(eq(loanStatements.loanId, loanId)).orderBy(loanStatements.id);
const noticesOf = async (userId: number) =>
  (await db().select().from(notifications).where(eq(notifications.userId, userId))).filter(
    (n) => n.message.includes('statement') || n.message.includes('summary'),
  );

/** The text drawn on a PDF's pages (pdf-lib writes hex strings in Flate streams with the standard fonts). */
async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await PDFDocument.load(bytes);
  const parts: string[] = [];
  for (const page of pdf.getPages()) {
    const contents = page.node.Contents();
    const streams = contents && 'asArray' in contents ? contents.asArray() : [contents];
    for (const ref of streams) {
      const stream = pdf.context.lookup(ref as never);
      if (!(stream instanceof PDFRawStream)) continue;
      const filter = stream.dict.get(PDFName.of('Filter'));
      const raw = Buffer.from(stream.contents);
      const body = (filter ? inflateSync(raw) : raw).toString('latin1');
      for (const m of body.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) parts.push(Buffer.from(m[1]!, 'hex').toString('latin1'));
    }
  }
  return parts.join('\n');
}

describe('monthly statements', () => {
  let loan: FundedLoan;
  let other: FundedLoan;
  let paymentEntry: number;
  beforeAll(async () => {
    loan = await fundedLoan(app, { disbursementDate: '2031-09-10', firstPaymentDate: '2031-10-10', payments: 4 });
    other = await fundedLoan(app, { disbursementDate: '2031-09-12', firstPaymentDate: '2031-10-12' });
    // Serviced across the month end: the first installment paid on its due date, a late fee, a second
    // payment in October returned in November (a return across a month end).
    const first = await app.ctx.repos.loanBook.recordPayment({
      loanId: loan.loanId,
      kind: 'scheduled_debit',
      effectiveDate: parseIsoDate('2031-10-10'),
      amountCents: cents(loan.paymentCents),
      at: at(),
    });
    expect(first.id).toBeGreaterThan(0);
    const extra = await app.ctx.repos.loanBook.recordPayment({
      loanId: loan.loanId,
      kind: 'one_time_payment',
      effectiveDate: parseIsoDate('2031-10-28'),
      amountCents: cents(5_000),
      at: at(),
    });
    paymentEntry = extra.id;
    await app.ctx.repos.loanBook.reversePayment({
      entryId: paymentEntry,
      returnedOn: parseIsoDate('2031-11-03'),
      reasonCode: 'R01',
      reason: 'Insufficient funds',
      at: at(),
    });
  });

  it('issues one statement per loan and period, however often and however concurrently the job runs', async () => {
    const first = await generateStatements(app.ctx, { asOf: d('2031-11-01'), loanIds: [loan.loanId] });
    expect(first.period).toEqual({ start: '2031-10-01', end: '2031-10-31' });
    expect(first.issued).toBe(1);
    expect((await generateStatements(app.ctx, { asOf: d('2031-11-01'), loanIds: [loan.loanId] })).issued).toBe(0);
    // The other loan: five runs at once, on the job's own discovery (no loan filter), issue its statement once.
    const runs = await Promise.all(Array.from({ length: 5 }, () => generateStatements(app.ctx, { asOf: d('2031-11-02') })));
    expect(runs.every((r) => r.failed === 0)).toBe(true);
    expect(await statementRows(other.loanId)).toHaveLength(1);
    expect(await noticesOf(other.userId)).toHaveLength(1);
    // A third loan, five scoped runs at once: all read "not issued yet", one insert wins (the unique index).
    const third = await fundedLoan(app, { disbursementDate: '2031-10-02', firstPaymentDate: '2031-11-02' });
    const raced = await Promise.all(Array.from({ length: 5 }, () => generateStatements(app.ctx, { asOf: d('2031-11-01'), loanIds: [third.loanId] })));
    expect(raced.reduce((t, r) => t + r.issued, 0)).toBe(1);
    expect(raced.every((r) => r.failed === 0)).toBe(true);
    expect(await statementRows(third.loanId)).toHaveLength(1);
    expect(await noticesOf(third.userId)).toHaveLength(1);
    const rows = await statementRows(loan.loanId);
    expect(rows.map((r) => [r.kind, r.periodStart, r.periodEnd])).toEqual([['monthly', '2031-10-01', '2031-10-31']]);
    expect(await noticesOf(loan.userId)).toHaveLength(1);
    const mail = (await outbox(app, loan.email)).filter((m) => m.subject?.includes('statement'));
    expect(mail).toHaveLength(1);
  });

  it('states figures equal to the ledger, to the cent', async () => {
    const { schedule, entries } = await bookOf(loan.loanId);
    const [row] = await statementRows(loan.loanId);
    const stored = row!.figures as { figures: ReturnType<typeof statementFigures> };
    // As of the period end the October payment was not returned yet: the statement says what was true then.
    const p = positionAsOf(schedule, entries, d('2031-10-31'));
    expect(stored.figures.closingBalanceCents).toBe(p.outstandingCents - p.unappliedCents);
    // It opens at what was owed on September 30: the note plus the interest earned since funding.
    const opening = positionAsOf(schedule, entries, d('2031-09-30'));
    expect(stored.figures.openingBalanceCents).toBe(opening.outstandingCents);
    expect(stored.figures.openingBalanceCents).toBeGreaterThan(schedule.notePrincipalCents);
    expect(stored.figures.paymentsCents).toBe(loan.paymentCents + 5_000);
    const alloc = p.payments.reduce((t, x) => t + (x.allocation ? x.allocation.principalCents + x.allocation.prepaidPrincipalCents : 0), 0);
    expect(stored.figures.paidInPeriod.principalCents).toBe(alloc);
    expect(stored.figures).toEqual(JSON.parse(JSON.stringify(statementFigures(schedule, entries, monthPeriod(2031, 10)))));
    expect(stored.figures.lines.map((l) => l.kind)).toEqual(['payment', 'payment']);
  });

  it('lists the statement on the borrower’s loan documents and the loan’s statements, with a readable name', async () => {
    const docs = await app.inject({ url: `/api/loans/${loan.loanId}/documents`, headers: auth(loan.token) });
    expect(docs.statusCode).toBe(200);
    const statement = docs
      .json<{ documents: { id: number; file_name: string; file_url: string; file_size: number }[] }>()
      .documents.find((x) => x.file_name === 'Statement — October 2031.pdf');
    expect(statement).toBeDefined();
    expect(statement!.file_url).toMatch(/^\/api\/loans\/statements\/\d+\/pdf$/);
    const list = await app.inject({ url: `/api/loans/${loan.loanId}/statements`, headers: auth(loan.token) });
    expect(list.statusCode).toBe(200);
    const { statements } = ZStatementsResponse.parse(list.json());
    expect(statements).toHaveLength(1);
    expect(statements[0]!.title).toBe('Statement — October 2031');
    expect(statements[0]!.file_size).toBe(statement!.file_size);
  });

  it('the borrower downloads the PDF; its text carries the figures', async () => {
    const [row] = await statementRows(loan.loanId);
    const res = await app.inject({ url: `/api/loans/statements/${row!.id}/pdf`, headers: auth(loan.token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.headers['content-disposition']).toContain('attachment');
    const bytes = res.rawPayload;
    expect(bytes.byteLength).toBe(row!.byteSize);
    const f = (row!.figures as { figures: ReturnType<typeof statementFigures> }).figures;
    const keywords = (await PDFDocument.load(bytes, { updateMetadata: false })).getKeywords() ?? '';
    expect(keywords).toContain(`closing_cents=${f.closingBalanceCents}`);
    const text = await pdfText(bytes);
    expect(text).toContain('Statement — October 2031'.replace('—', '--'));
    expect(text).toContain(`Loan number ${loan.identifier}`);
    expect(text).toContain(formatUsd(cents(f.closingBalanceCents)));
    expect(text).toContain(formatUsd(cents(f.openingBalanceCents)));
    expect(text).toContain(`-${formatUsd(cents(loan.paymentCents))}`);
    expect(text).toContain(formatUsd(f.paidInPeriod.interestCents));
    expect(text).toContain(formatUsd(f.nextPayment!.amountCents));
    expect(text).toContain('(888) 555-0142');
    expect(text).toContain('How to pay');
  });

  it('another borrower gets 404 for the PDF and the list; without a session 401', async () => {
    const [row] = await statementRows(loan.loanId);
    expect((await app.inject({ url: `/api/loans/statements/${row!.id}/pdf`, headers: auth(other.token) })).statusCode).toBe(404);
    expect((await app.inject({ url: `/api/loans/${loan.loanId}/statements`, headers: auth(other.token) })).statusCode).toBe(404);
    expect((await app.inject({ url: `/api/loans/statements/${row!.id}/pdf` })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/loans/statements/2147483647/pdf', headers: auth(loan.token) })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/loans/statements/abc/pdf', headers: auth(loan.token) })).statusCode).toBeLessThan(500);
  });

  it('staff list and download it; each download is audited', async () => {
    const token = await staffToken(app, 'underwriter@payrail.test');
    const list = await app.inject({ url: `/api/backoffice/loans/${loan.loanId}/statements`, headers: auth(token) });
    expect(list.statusCode).toBe(200);
    const { statements } = ZStatementsResponse.parse(list.json());
    expect(statements.map((s) => s.title)).toEqual(['Statement — October 2031']);
    const res = await app.inject({ url: statements[0]!.file_url, headers: auth(token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const audits = await db()
      .select()
      .from(staffActions)
      .where(and(eq(staffActions.action, 'view_statement'), eq(staffActions.targetUserId, loan.userId)));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.after).toEqual({ statement_id: statements[0]!.id, loan_id: loan.loanId });
    // Another loan's id in the path: 404, nothing audited.
    expect((await app.inject({ url: `/api/backoffice/loans/${other.loanId}/statements/${statements[0]!.id}/pdf`, headers: auth(token) })).statusCode).toBe(404);
    expect((await app.inject({ url: `/api/backoffice/loans/${loan.loanId}/statements` })).statusCode).toBe(401);
  });

  it('the next month: the return shows as a line, and the balance opens where October closed', async () => {
    expect((await generateStatements(app.ctx, { asOf: d('2031-12-01'), loanIds: [loan.loanId] })).issued).toBe(1);
    const [oct, nov] = await statementRows(loan.loanId);
    const o = (oct!.figures as { figures: ReturnType<typeof statementFigures> }).figures;
    const n = (nov!.figures as { figures: ReturnType<typeof statementFigures> }).figures;
    expect(n.openingBalanceCents).toBe(o.closingBalanceCents);
    expect(n.lines.map((l) => [l.kind, l.effectCents])).toEqual([['payment_returned', 5_000]]);
    expect(n.otherAdjustmentsCents).toBe(0);
    expect(n.openingBalanceCents + 5_000 + n.interestChargedCents).toBe(n.closingBalanceCents);
  });
});

describe('a charged-off loan', () => {
  it('its statement lists the charge-off (still owed) and a later recovery lowers the balance', async () => {
    const loan = await fundedLoan(app, { disbursementDate: '2031-05-04', firstPaymentDate: '2031-06-04' });
    const { schedule, entries } = await bookOf(loan.loanId);
    const owed = positionAsOf(schedule, entries, d('2031-10-02')).outstandingCents;
    await app.ctx.repos.loanBook.withLockedLoan(loan.loanId, async (book) => {
      await book.append({
        loanId: loan.loanId,
        kind: 'charge_off',
        effectiveDate: parseIsoDate('2031-10-02'),
        amountCents: owed,
        reasonCode: 'principal',
        idempotencyKey: `charge_off:test:${loan.loanId}`,
        createdAt: at(),
      });
      await book.append({
        loanId: loan.loanId,
        kind: 'recovery',
        effectiveDate: parseIsoDate('2031-10-20'),
        amountCents: cents(10_000),
        idempotencyKey: `recovery:test:${loan.loanId}`,
        createdAt: at(),
      });
    });
    expect((await generateStatements(app.ctx, { asOf: d('2031-11-01'), loanIds: [loan.loanId] })).issued).toBe(1);
    const [row] = await statementRows(loan.loanId);
    const f = (row!.figures as { figures: ReturnType<typeof statementFigures> }).figures;
    expect(f.lines.map((l) => [l.kind, l.effectCents])).toEqual([
      ['charged_off', 0],
      ['payment', -10_000],
    ]);
    expect(f.closingBalanceCents).toBe(owed - 10_000);
    expect(f.chargedOff).toEqual({ date: '2031-10-02', chargedOffCents: owed, recoverableCents: owed - 10_000 });
    expect(f.otherAdjustmentsCents).toBe(0);
    const text = await pdfText((await app.inject({ url: `/api/loans/statements/${row!.id}/pdf`, headers: auth(loan.token) })).rawPayload);
    expect(text).toContain('Charged off: principal (still owed)');
    expect(text).toContain(formatUsd(cents(owed - 10_000)));
  });
});

describe('year-end summary', () => {
  it('after December 31: the summary of the year, equal to the sum of its months', async () => {
    const loan = await fundedLoan(app, { disbursementDate: '2031-11-14', firstPaymentDate: '2031-12-15' });
    await app.ctx.repos.loanBook.recordPayment({
      loanId: loan.loanId,
      kind: 'scheduled_debit',
      effectiveDate: parseIsoDate('2031-12-15'),
      amountCents: cents(loan.paymentCents),
      at: at(),
    });
    expect((await generateStatements(app.ctx, { asOf: d('2031-12-02'), loanIds: [loan.loanId] })).issued).toBe(1);
    const run = await generateStatements(app.ctx, { asOf: d('2032-01-02'), loanIds: [loan.loanId] });
    expect(run).toMatchObject({ issued: 1, yearEndIssued: 1, failed: 0 });
    expect((await generateStatements(app.ctx, { asOf: d('2032-01-03'), loanIds: [loan.loanId] })).yearEndIssued).toBe(0);
    const rows = await statementRows(loan.loanId);
    expect(rows.map((r) => [r.kind, r.periodStart])).toEqual([
      ['monthly', '2031-11-01'],
      ['monthly', '2031-12-01'],
      ['year_end', '2031-01-01'],
    ]);
    const { schedule, entries } = await bookOf(loan.loanId);
    const y = (rows[2]!.figures as { figures: ReturnType<typeof yearEndFigures> }).figures;
    expect(y).toEqual(JSON.parse(JSON.stringify(yearEndFigures(schedule, entries, 2031))));
    const months = rows.slice(0, 2).map((r) => (r.figures as { figures: ReturnType<typeof statementFigures> }).figures);
    expect(y.paid.interestCents).toBe(months[0]!.paidInPeriod.interestCents + months[1]!.paidInPeriod.interestCents);
    expect(y.paid.interestCents).toBeGreaterThan(0);
    expect(y.closingBalanceCents).toBe(months[1]!.closingBalanceCents);
    const docs = (await app.inject({ url: `/api/loans/${loan.loanId}/documents`, headers: auth(loan.token) })).json<{
      documents: { file_name: string; file_url: string }[];
    }>().documents;
    expect(docs.map((x) => x.file_name)).toEqual(
      expect.arrayContaining(['Statement — December 2031.pdf', 'Statement — November 2031.pdf', 'Year-end summary — 2031.pdf']),
    );
    const summary = docs.find((x) => x.file_name === 'Year-end summary — 2031.pdf')!;
    const pdf = await app.inject({ url: summary.file_url, headers: auth(loan.token) });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Interest paid');
    expect(text).toContain(formatUsd(y.paid.interestCents));
    expect((await noticesOf(loan.userId)).some((n) => n.message.includes('year-end summary'))).toBe(true);
  });

  it('the staff run answers what it issued, and is audited; read-only staff cannot run it', async () => {
    const servicer = await staffToken(app, 'servicer@payrail.test');
    const res = await app.inject({ method: 'POST', url: '/api/backoffice/statements/run', headers: auth(servicer) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ failed: 0 });
    const underwriter = await staffToken(app, 'underwriter@payrail.test');
    expect((await app.inject({ method: 'POST', url: '/api/backoffice/statements/run', headers: auth(underwriter) })).statusCode).toBe(403);
    // The run and the staff downloads above are audited in the contract's shapes.
    const checked = await expectSnapshotsMatchContract(app);
    expect(checked.has('statements_run')).toBe(true);
    expect(checked.has('view_statement')).toBe(true);
  });
});
