import { FILE_UNAVAILABLE_CODE, FILE_UNAVAILABLE_MSG, type TStorageCheckResponse } from '@payrail/contract/documents';
import type { TDueDateChange } from '@payrail/contract/care';
import type { TLoanDocumentsResponse } from '@payrail/contract/servicing';
import type { IsoDate } from '@payrail/domain/dates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, dueDateChangeRequests } from '../src/db/schema/index';
import { staffToken, tempDataDir, uploadDocument } from './application-helpers';
import { setNames } from './banking-helpers';
import { fundedLoan, type FundedLoan } from './collections-helpers';
import { auth, call } from './identity-helpers';
import { type TestApp, testApp } from './test-app';

/**
 * Issue #33 A: a record whose stored bytes are missing answers a clear 404 `file_unavailable` (the
 * borrower's or the staff's words), never a bare 500, on every route that serves it; the zip is refused
 * whole; the back office's storage check lists the file.
 */
const NOW = new Date('2029-01-02T12:00:00Z');
const files = tempDataDir();
let app: TestApp;
let servicer: string;
let underwriter: string;
let loan: FundedLoan;
let change: TDueDateChange;
let keptDocument: number;
let lostDocument: number;
let loanDocumentId: number;
const db = () => app.ctx.database.db;

beforeAll(async () => {
  app = await testApp({ now: () => NOW, config: { dataDir: files.dataDir } });
  await app.ctx.repos.loanBook.setBusinessDateOverride('2029-01-10' as IsoDate, null, NOW);
  [servicer, underwriter] = await Promise.all([staffToken(app, 'servicer@payrail.test'), staffToken(app, 'underwriter@payrail.test')]);
  loan = await fundedLoan(app, { disbursementDate: '2029-01-02', firstPaymentDate: '2029-02-02', payments: 6 });
  await setNames(app, loan.userId, 'Jordan', 'Rivera');
  const signed = await call(app, {
    method: 'POST',
    url: `/api/dashboard/loans/${loan.loanId}/due_date_change`,
    headers: auth(loan.token),
    payload: { date: '2029-02-12', signature_name: 'Jordan Rivera', agree: true },
  });
  expect(signed.statusCode, signed.body).toBe(200);
  change = signed.json<TDueDateChange>();
  keptDocument = await uploadDocument(app, loan.token, 'pay_stub');
  lostDocument = await uploadDocument(app, loan.token, 'proof_of_address');
  const listed = await call(app, { url: `/api/loans/${loan.loanId}/documents`, headers: auth(loan.token) });
  loanDocumentId = listed.json<TLoanDocumentsResponse>().documents[0]!.id;
});
afterAll(async () => {
  await app.ctx.repos.loanBook.setBusinessDateOverride(null, null, NOW); // other files of this worker read the real date
  await app.close();
  files.remove();
});

const keyOfDocument = async (id: number) => (await db().select({ key: documents.storageKey }).from(documents).where(eq(documents.id, id)))[0]!.key;
const keyOfChange = async (id: number) =>
  (await db().select({ key: dueDateChangeRequests.storageKey }).from(dueDateChangeRequests).where(eq(dueDateChangeRequests.id, id)))[0]!.key;
const borrowerSays = { error: FILE_UNAVAILABLE_MSG.borrower, code: FILE_UNAVAILABLE_CODE };
const staffSays = { error: FILE_UNAVAILABLE_MSG.staff, code: FILE_UNAVAILABLE_CODE };

describe('stored files whose bytes are missing', () => {
  it('serve normally while the bytes are there', async () => {
    expect((await call(app, { url: `/api/documents/${lostDocument}`, headers: auth(loan.token) })).statusCode).toBe(200);
    expect((await call(app, { url: `/api/loans/documents/download/${loanDocumentId}`, headers: auth(loan.token) })).statusCode).toBe(200);
    const storage = await call(app, { url: '/api/backoffice/storage_check', headers: auth(servicer) });
    expect(storage.statusCode).toBe(200);
    const missing = storage.json<TStorageCheckResponse>().missing.filter((m) => m.user_id === loan.userId);
    expect(missing).toEqual([]);

    await app.ctx.providers.storage.delete(await keyOfDocument(lostDocument));
    await app.ctx.providers.storage.delete(await keyOfChange(change.id));
  });

  it('GET /api/documents/{id}: 404 file_unavailable with what the borrower should do', async () => {
    const res = await call(app, { url: `/api/documents/${lostDocument}`, headers: auth(loan.token) });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.json()).toEqual(borrowerSays);
    // The other document is untouched.
    expect((await call(app, { url: `/api/documents/${keptDocument}`, headers: auth(loan.token) })).statusCode).toBe(200);
  });

  it('GET /api/backoffice/documents/{id}: 404 with the staff words', async () => {
    const res = await call(app, { url: `/api/backoffice/documents/${lostDocument}`, headers: auth(underwriter) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(staffSays);
  });

  it('GET /api/loans/documents/download/{id}: 404 with the borrower words (and the loan calls’ error_messages)', async () => {
    const res = await call(app, { url: `/api/loans/documents/download/${loanDocumentId}`, headers: auth(loan.token) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ ...borrowerSays, error_messages: [FILE_UNAVAILABLE_MSG.borrower] });
  });

  it('POST /api/loans/documents/download/zip: refused whole, naming the missing documents; no zip is sent', async () => {
    const res = await call(app, {
      method: 'POST',
      url: '/api/loans/documents/download/zip',
      headers: auth(loan.token),
      payload: { documents: [loanDocumentId] },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.json()).toEqual({
      error: FILE_UNAVAILABLE_MSG.borrowerZip,
      code: FILE_UNAVAILABLE_CODE,
      error_messages: [FILE_UNAVAILABLE_MSG.borrowerZip],
      document_ids: [loanDocumentId],
    });
  });

  it('GET /api/backoffice/loans/{id}/due_date_changes/{id}/pdf: 404 with the staff words', async () => {
    const res = await call(app, { url: `/api/backoffice/loans/${loan.loanId}/due_date_changes/${change.id}/pdf`, headers: auth(servicer) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(staffSays);
  });

  it('the storage check lists exactly the missing files of this member, with member, kind and date; underwriters may not run it', async () => {
    const res = await call(app, { url: '/api/backoffice/storage_check', headers: auth(servicer) });
    expect(res.statusCode).toBe(200);
    const body = res.json<TStorageCheckResponse>();
    expect(body.checked).toBeGreaterThanOrEqual(3);
    const mine = body.missing.filter((m) => m.user_id === loan.userId);
    expect(mine).toEqual(
      expect.arrayContaining([
        {
          source: 'document',
          id: lostDocument,
          user_id: loan.userId,
          member_name: 'Jordan Rivera',
          member_email: loan.email,
          kind: 'proof_of_address',
          created_at: expect.any(String),
        },
        {
          source: 'due_date_change_agreement',
          id: change.id,
          user_id: loan.userId,
          member_name: 'Jordan Rivera',
          member_email: loan.email,
          kind: 'due_date_change_agreement',
          created_at: NOW.toISOString(),
        },
      ]),
    );
    expect(mine).toHaveLength(2);
    expect((await call(app, { url: '/api/backoffice/storage_check', headers: auth(underwriter) })).statusCode).toBe(403);
    expect((await call(app, { url: '/api/backoffice/storage_check', headers: auth(loan.token) })).statusCode).toBe(401);
  });
});
