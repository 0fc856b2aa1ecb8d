import { parseIsoDate } from '@payrail/domain/dates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICING_BO_MSG } from '@payrail/contract/servicing-backoffice';
import type { TAchReturnsResponse, TLoanServicingResponse } from '@payrail/contract/servicing-backoffice';
import { cents, formatCents } from '@payrail/domain/money';
import { buildNachaFile } from '../src/adapters/ach/nacha';
import type { NachaEntry } from '../src/adapters/ach/nacha';
import { bankReturnFile } from './support/bank-return-file';
import type { BankReturn } from './support/bank-return-file';
import { bankAccounts, ledgerEntries, loanTransactions, notifications, staffActions } from '../src/db/schema/index';
import { accountCorrectedNotice } from '../src/modules/loan-book/use-cases/ach-returns';
import { staffToken } from './application-helpers';
import { fundedLoan, pinnedApp, staffCall } from './collections-helpers';
import type { FundedLoan } from './collections-helpers';
import { multipart } from './document-files';
import { auth, call } from './identity-helpers';
import { closeOnRealDate } from './servicing-helpers';
import type { TestApp } from './test-app';

// Pinned clock: the real date is 2029-01-02 (a Tuesday); the business clock moves from there.
const NOW = new Date('2029-01-02T12:00:00Z');
let app: TestApp;
let servicer: string;
let underwriter: string;
let loan: FundedLoan;
/** A one-payment loan: its only debit pays it off. */
let single: FundedLoan;
beforeAll(async () => {
  app = await pinnedApp(NOW);
  [servicer, underwriter] = await Promise.all([staffToken(app, 'servicer@payrail.test'), staffToken(app, 'underwriter@payrail.test')]);
  loan = await fundedLoan(app, { disbursementDate: '2029-01-02', firstPaymentDate: '2029-02-02' });
  single = await fundedLoan(app, { disbursementDate: '2029-01-02', firstPaymentDate: '2029-02-02', payments: 1 });
  await app.ctx.repos.loanBook.planDay('daily_servicing', parseIsoDate('2029-01-02'), NOW);
});
afterAll(() => closeOnRealDate(app));

const db = () => app.ctx.database.db;
const bo = (token: string | null, method: 'GET' | 'POST', url: string, payload?: unknown) => staffCall(app, '/api/backoffice', token, method, url, payload);
const upload = (token: string, text: string) =>
  call(app, { method: 'POST', url: '/api/backoffice/ach/returns', headers: { ...auth(token), 'content-type': 'text/plain' }, payload: text });

/** A file from the bank: one batch (returns, or notifications of change with SEC code COR). */
const bankFile = (secCode: 'PPD' | 'COR', entries: NachaEntry[]) =>
  buildNachaFile({
    immediateDestination: '034821624',
    destinationName: 'Harbor Point Bank',
    immediateOrigin: '091000019',
    originName: 'RDFI',
    odfiRouting: '091000019',
    createdAt: new Date('2029-02-12T09:00:00Z'),
    batches: [{ secCode, companyName: 'Payrail', companyId: '1234567890', entryDescription: 'LOAN PYMT', effectiveDate: '2029-02-12', entries }],
  });

/** The bank's return file: returns of our debits (code 26) with their addenda 99. */
const returnFile = (returns: BankReturn[]) => bankReturnFile(returns, { of: 'debits', on: '2029-02-12', individualId: loan.identifier });

describe('NACHA return files (POST /api/backoffice/ach/returns)', () => {
  let trace = '';
  let txId = 0;

  it('the debit sent carries a unique 15-digit trace number (ODFI id + sequence) and settles', async () => {
    const res = await bo(servicer, 'POST', '/servicing/business_date', { date: '2029-02-08' });
    expect(res.statusCode, res.body).toBe(200);
    const s = (await bo(underwriter, 'GET', `/loans/${loan.loanId}/servicing`)).json<TLoanServicingResponse>();
    const [debit] = s.ach_entries;
    expect(debit).toMatchObject({ mode: 'auto_debit', status: 'settled', installment: 1 });
    trace = debit!.trace_number!;
    txId = debit!.id;
    expect(trace).toBe(`03482162${String(txId).padStart(7, '0')}`);
    // Unique in the database: a second entry cannot take it.
    const [row] = await db().select().from(loanTransactions).where(eq(loanTransactions.id, txId));
    await expect(
      db()
        .insert(loanTransactions)
        .values({ ...row!, id: undefined, achTraceNumber: trace, idempotencyKey: null, autoDebitAuthorizationId: null }),
    ).rejects.toThrow();
  });

  it('only servicers and admins upload; nothing attached is a 422', async () => {
    expect((await upload(underwriter, returnFile([{ trace, code: 'R01', amountCents: loan.paymentCents }]))).statusCode).toBe(403);
    const empty = await bo(servicer, 'POST', '/ach/returns', { file: '' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({ error: SERVICING_BO_MSG.returnFileMissing });
  });

  it('a malformed file is a 422 with the line and the reason, and nothing is applied', async () => {
    const good = returnFile([{ trace, code: 'R01', amountCents: loan.paymentCents }]).split('\r\n');
    good[3] = good[3]!.slice(0, 3) + 'R99' + good[3]!.slice(6);
    const res = await upload(servicer, good.join('\r\n'));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: 'NACHA return file, line 4: return reason code "R99" is not R01…R85' });
    const cut = await upload(servicer, 'hello\r\n');
    expect(cut.statusCode).toBe(422);
    expect(cut.json()).toEqual({ error: 'NACHA return file, line 1: a record must be 94 characters (found 5)' });
    const [t] = await db().select().from(loanTransactions).where(eq(loanTransactions.id, txId));
    expect(t!.status).toBe('settled');
  });

  it('a return of a settled payment reverses it, tells the borrower, re-presents the R01; audited', async () => {
    const form = multipart([
      {
        name: 'file',
        filename: 'RET20290212.ach',
        contentType: 'text/plain',
        data: Buffer.from(returnFile([{ trace, code: 'R01', amountCents: loan.paymentCents }])),
      },
    ]);
    const res = await call(app, { method: 'POST', url: '/api/backoffice/ach/returns', headers: { ...auth(servicer), ...form.headers }, payload: form.payload });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TAchReturnsResponse>();
    expect(body).toEqual({
      file_name: 'RET20290212.ach',
      entries: 1,
      applied: [
        {
          line: 3,
          original_trace: trace,
          return_code: 'R01',
          return_reason: 'Insufficient funds',
          amount: loan.paymentCents,
          loan_id: loan.loanId,
          loan_identifier: loan.identifier,
          transaction_id: txId,
          returned_on: '2029-02-08',
        },
      ],
      unmatched: [],
      duplicates: [],
      corrections: [],
      referral_payouts: [],
    });
    const entries = await db().select().from(ledgerEntries).where(eq(ledgerEntries.loanId, loan.loanId)).orderBy(ledgerEntries.id);
    const payment = entries.find((e) => e.transactionId === txId && e.kind === 'scheduled_debit')!;
    expect(entries.filter((e) => e.kind === 'reversal')).toEqual([
      expect.objectContaining({ reversesEntryId: payment.id, reasonCode: 'R01', amountCents: loan.paymentCents, effectiveDate: '2029-02-08' }),
    ]);
    const s = (await bo(underwriter, 'GET', `/loans/${loan.loanId}/servicing`)).json<TLoanServicingResponse>();
    expect(s.schedule[0]).toMatchObject({ state: 'past_due', unpaid: loan.paymentCents });
    expect(s.ach_entries[0]).toMatchObject({ id: txId, status: 'returned', return_code: 'R01', returned_on: '2029-02-08' });
    // NACHA re-presentment: a retry of the R01 is scheduled (the daily run's own rule).
    expect(s.ach_entries[1]).toMatchObject({ retry_of_id: txId, status: 'scheduled' });
    const notes = (await db().select().from(notifications).where(eq(notifications.userId, loan.userId))).map((n) => n.message);
    // One message that says what happens next (presented again on a date), not two that disagree.
    const returnNotes = notes.filter((m) =>
      m.startsWith(`Your payment of $${formatCents(cents(loan.paymentCents))} on 02/02/2029 was returned by your bank (R01 Insufficient funds).`),
    );
    expect(returnNotes).toHaveLength(1);
    expect(returnNotes[0]).toMatch(
      / We will present it to your bank again on \d{2}\/\d{2}\/\d{4}: please have the money in your account by then, or make the payment another way before that day\.$/,
    );
    // This upload's audit row (other files' uploads share the table).
    const audits = await db().select().from(staffActions).where(eq(staffActions.action, 'ach_return_file_applied'));
    const mine = audits.filter((a) => JSON.stringify(a.after).includes(trace));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ after: { applied: [{ trace, code: 'R01', transaction_id: txId }], unmatched: [], duplicates: [] } });
  });

  it('re-uploading the file is a duplicate: nothing is applied twice', async () => {
    const before = await db().select().from(ledgerEntries).where(eq(ledgerEntries.loanId, loan.loanId));
    const res = await upload(servicer, returnFile([{ trace, code: 'R01', amountCents: loan.paymentCents }]));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TAchReturnsResponse>()).toMatchObject({
      applied: [],
      unmatched: [],
      duplicates: [{ original_trace: trace, transaction_id: txId, loan_id: loan.loanId, returned_on: '2029-02-08' }],
    });
    expect(await db().select().from(ledgerEntries).where(eq(ledgerEntries.loanId, loan.loanId))).toHaveLength(before.length);
    const retries = await db().select().from(loanTransactions).where(eq(loanTransactions.retryOfId, txId));
    expect(retries).toHaveLength(1);
  });

  it('an unknown trace is reported unmatched; a second return of a returned debit stays a duplicate', async () => {
    const [retry] = await db().select().from(loanTransactions).where(eq(loanTransactions.retryOfId, txId));
    // The scheduled retry has no trace number yet; give a trace that no entry has.
    const res = await bo(servicer, 'POST', '/ach/returns', {
      file_name: 'mixed.ach',
      file: returnFile([
        { trace: '034821629999999', code: 'R03', amountCents: 1_000 },
        { trace, code: 'R01', amountCents: loan.paymentCents + 1 },
      ]),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TAchReturnsResponse>();
    expect(body.file_name).toBe('mixed.ach');
    expect(body.applied).toEqual([]);
    expect(body.unmatched).toEqual([
      {
        line: 3,
        original_trace: '034821629999999',
        return_code: 'R03',
        return_reason: 'No account / unable to locate account',
        amount: 1_000,
        reason: SERVICING_BO_MSG.returnUnknownTrace,
      },
    ]);
    // Already returned wins over the amount: the debit is a duplicate, never reversed twice.
    expect(body.duplicates).toEqual([expect.objectContaining({ original_trace: trace, transaction_id: txId })]);
    expect(retry!.achTraceNumber).toBeNull();
  });

  it('a late return of the payment that paid a loan off reopens it and tells the borrower', async () => {
    const before = (await app.ctx.repos.loanBook.loan(single.loanId))!;
    expect(before.status).toBe('closed_paid');
    expect(before.closedAt).not.toBeNull();
    const s0 = (await bo(underwriter, 'GET', `/loans/${single.loanId}/servicing`)).json<TLoanServicingResponse>();
    const debit = s0.ach_entries.find((e) => e.status === 'settled')!;
    const res = await upload(servicer, returnFile([{ trace: debit.trace_number!, code: 'R10', amountCents: debit.amount }]));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TAchReturnsResponse>().applied).toEqual([expect.objectContaining({ loan_id: single.loanId, return_code: 'R10' })]);
    const after = (await app.ctx.repos.loanBook.loan(single.loanId))!;
    expect(after.status).toBe('opened');
    expect(after.closedAt).toBeNull();
    const s1 = (await bo(underwriter, 'GET', `/loans/${single.loanId}/servicing`)).json<TLoanServicingResponse>();
    expect(s1.schedule[0]).toMatchObject({ state: 'past_due', unpaid: debit.amount });
    const notes = (await db().select().from(notifications).where(eq(notifications.userId, single.userId))).map((n) => n.message);
    // The one notice names the payment that came back and what is owed now (SERVICING_NOTICE.reopened).
    expect(notes.filter((n) => n.includes(`so your loan ${single.identifier} is open again: it owes $`))).toEqual([
      expect.stringMatching(/^Your payment of \$[\d,]+\.\d{2} on \d{2}\/\d{2}\/\d{4} was returned by your bank \(R10 [^)]+\), so your loan /),
    ]);
    // The daily run services it again from the next business day.
    expect((await bo(servicer, 'POST', '/servicing/business_date', { date: '2029-02-09' })).statusCode).toBe(200);
    expect((await app.ctx.repos.loanBook.loan(single.loanId))!.status).toBe('opened');
  });

  it('notifications of change (COR) correct the debit’s account, tell the borrower, apply once; other codes are reported', async () => {
    const corFile = (notices: { trace: string; code: string; data: string }[]) =>
      bankFile(
        'COR',
        notices.map((n, i): NachaEntry => ({
          transactionCode: '26',
          routing: '034821624',
          account: '000123456789',
          amountCents: 0,
          individualId: loan.identifier,
          individualName: 'Borrower',
          traceNumber: `09100002${String(i + 1).padStart(7, '0')}`,
          correctionAddenda: { changeCode: n.code, originalTrace: n.trace, originalRdfi: '09100001', correctedData: n.data },
        })),
      );
    const [debit] = await db().select().from(loanTransactions).where(eq(loanTransactions.id, txId));
    const accountBefore = (await db().select().from(bankAccounts).where(eq(bankAccounts.id, debit!.bankAccountId!)))[0]!;
    const file = corFile([
      { trace, code: 'C06', data: '555000777           37' },
      { trace, code: 'C09', data: 'PR-1' },
      { trace: '034821629999999', code: 'C01', data: '1234' },
    ]);
    const res = await upload(servicer, file);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TAchReturnsResponse>();
    expect(body.entries).toBe(3);
    expect(body.corrections).toEqual([
      expect.objectContaining({
        change_code: 'C06',
        change_reason: 'Incorrect account number and transaction code',
        outcome: 'applied',
        loan_id: loan.loanId,
        transaction_id: txId,
        detail: 'Account corrected: future debits go to the account ending 0777.',
      }),
      expect.objectContaining({
        change_code: 'C09',
        change_reason: null,
        outcome: 'not_applied',
        detail: 'Change code C09 does not correct an account: review it by hand.',
      }),
      expect.objectContaining({ change_code: 'C01', outcome: 'not_applied', loan_id: null, detail: SERVICING_BO_MSG.returnUnknownTrace }),
    ]);
    const accountAfter = (await db().select().from(bankAccounts).where(eq(bankAccounts.id, debit!.bankAccountId!)))[0]!;
    expect(accountAfter).toMatchObject({ accountNumberLast4: '0777', accountType: 'savings', routingNumber: accountBefore.routingNumber });
    expect(accountAfter.accountNumberSealed).not.toBe(accountBefore.accountNumberSealed);
    const notes = (await db().select().from(notifications).where(eq(notifications.userId, loan.userId))).map((n) => n.message);
    expect(notes.filter((m) => m === accountCorrectedNotice('0777'))).toHaveLength(1);
    // Other files of this worker upload return files too: find this upload's audit row by its corrections.
    const audits = await db().select().from(staffActions).where(eq(staffActions.action, 'ach_return_file_applied')).orderBy(staffActions.id);
    const mine = audits.filter((a) => JSON.stringify((a.after as { corrections?: unknown[] }).corrections ?? []).includes('"C09"'));
    expect(mine).toEqual([
      expect.objectContaining({
        after: expect.objectContaining({
          corrections: [
            { trace, code: 'C06', outcome: 'applied', transaction_id: txId },
            expect.objectContaining({ code: 'C09', outcome: 'not_applied' }),
            expect.objectContaining({ code: 'C01', outcome: 'not_applied' }),
          ],
        }),
      }),
    ]);

    // The same notice again: the account already holds it; nothing changes, nobody is told twice.
    const again = await upload(servicer, corFile([{ trace, code: 'C06', data: '555000777           37' }]));
    expect(again.json<TAchReturnsResponse>().corrections).toEqual([
      expect.objectContaining({ outcome: 'already_applied', detail: SERVICING_BO_MSG.correctionAlreadyApplied }),
    ]);
    const notesAgain = (await db().select().from(notifications).where(eq(notifications.userId, loan.userId))).map((n) => n.message);
    expect(notesAgain.filter((m) => m === accountCorrectedNotice('0777'))).toHaveLength(1);
  });
});
