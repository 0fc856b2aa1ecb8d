import { describe, expect, it } from 'vitest';
import { openRequests, requestsReminderNotice } from './requests-inbox';
import type { InboxFacts } from './requests-inbox';

const base: InboxFacts = {
  email: 'ana@example.com',
  emailConfirmed: true,
  phone: { number: '+13025550142', confirmed: true },
  feedback: null,
  uploads: [],
  loans: [],
  transactions: [],
};
const loan = { id: 7, identifier: '1234-56-7890', status: 'opened', paymentMethod: 'auto_debit', hasActiveAutoDebit: true };
const tx = (o: Partial<InboxFacts['transactions'][number]> & { id: number }): InboxFacts['transactions'][number] => ({
  loanId: 7,
  status: 'settled',
  amountCents: 12_345,
  returnedOn: null,
  returnCode: null,
  retryOfId: null,
  ...o,
});

describe('requests inbox', () => {
  it('is empty when nothing is asked of the borrower', () => {
    expect(openRequests(base)).toEqual([]);
  });

  it('asks to confirm an unconfirmed e-mail (resend action) and an unverified phone, by its last four digits', () => {
    const r = openRequests({ ...base, emailConfirmed: false, phone: { number: '+13025550142', confirmed: false } });
    expect(r.map((x) => x.kind)).toEqual(['email_confirmation', 'phone_confirmation']);
    expect(r[0]!.action).toEqual({ kind: 'resend_confirmation', label: 'Send the e-mail again' });
    expect(r[1]!.detail).toContain('ending 0142');
  });

  it('lists the open feedback request and one request per document not uploaded since it was asked', () => {
    const feedback = {
      id: 3,
      message: 'Please send these.',
      fields: ['zip_code'],
      documents: ['pay_stub', 'proof_of_address'],
      bankInformation: false,
      allotment: false,
      createdAt: '2029-01-05T10:00:00.000Z',
    };
    const before = openRequests({ ...base, feedback, uploads: [{ type: 'pay_stub', createdAt: '2029-01-01T10:00:00.000Z' }] });
    expect(before.map((x) => x.key)).toEqual(['feedback:3', 'document:3:pay_stub', 'document:3:proof_of_address']);
    expect(before[0]).toMatchObject({ status: 'to_do', detail: 'Please send these. You are asked to correct one answer.' });
    expect(before[1]!.title).toBe('Upload your pay stub');
    const after = openRequests({ ...base, feedback, uploads: [{ type: 'pay_stub', createdAt: '2029-01-06T10:00:00.000Z' }] });
    expect(after.map((x) => x.key)).toEqual(['feedback:3', 'document:3:proof_of_address']);
    expect(after[0]!.status).toBe('in_progress');
  });

  it('asks to authorize auto-debit on an open auto-debit loan without an active authorization only', () => {
    expect(openRequests({ ...base, loans: [{ ...loan, hasActiveAutoDebit: false }] }).map((x) => x.key)).toEqual(['auto_debit_authorization:7']);
    expect(openRequests({ ...base, loans: [{ ...loan, hasActiveAutoDebit: false, status: 'closed_paid' }] })).toEqual([]);
    expect(openRequests({ ...base, loans: [{ ...loan, hasActiveAutoDebit: false, paymentMethod: 'split_direct_deposit' }] })).toEqual([]);
  });

  it('keeps a returned payment open until later money moves on the loan; a pending retry is in progress', () => {
    const returned = tx({ id: 10, status: 'returned', returnedOn: '2029-02-04', returnCode: 'R01' });
    const open = openRequests({ ...base, loans: [loan], transactions: [returned] });
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ key: 'returned_payment:10', status: 'to_do', since: '2029-02-04' });
    expect(open[0]!.detail).toBe(
      'Your payment of $123.45 on loan 1234-56-7890 was returned (insufficient funds). Make the payment again, from another account if needed.',
    );
    const retrying = openRequests({ ...base, loans: [loan], transactions: [returned, tx({ id: 11, status: 'pending', retryOfId: 10 })] });
    expect(retrying[0]!.status).toBe('in_progress');
    const retryReturned = openRequests({
      ...base,
      loans: [loan],
      transactions: [returned, tx({ id: 11, status: 'returned', retryOfId: 10, returnCode: 'R01' })],
    });
    expect(retryReturned.map((x) => [x.key, x.status])).toEqual([['returned_payment:10', 'to_do']]);
    expect(openRequests({ ...base, loans: [loan], transactions: [returned, tx({ id: 12, status: 'scheduled' })] })).toEqual([]);
    expect(openRequests({ ...base, loans: [loan], transactions: [returned, tx({ id: 12, status: 'canceled' })] })).toHaveLength(1);
    expect(openRequests({ ...base, loans: [{ ...loan, status: 'charge_off' }], transactions: [returned] })).toEqual([]);
    const big = openRequests({ ...base, loans: [loan], transactions: [{ ...returned, amountCents: 123_456_789, returnCode: 'R99' }] });
    expect(big[0]!.detail).toContain('Your payment of $1,234,567.89 on loan 1234-56-7890 was returned (return code R99).');
  });
});

describe('requests inbox: hardship questions', () => {
  it('lists a hardship request staff asked about, after returned payments and before the reviewer, with a link to the loan’s hardship page', () => {
    const r = openRequests({
      ...base,
      emailConfirmed: false,
      hardshipQuestions: [
        { id: 12, loanId: 7, identifier: '1234-56-7890', message: 'Please send your termination letter.', since: '2029-03-01T10:00:00.000Z' },
      ],
    });
    expect(r.map((x) => x.key)).toEqual(['hardship_information:12', 'email_confirmation']);
    expect(r[0]).toEqual({
      key: 'hardship_information:12',
      kind: 'hardship_information',
      title: 'Answer our question about your hardship request',
      detail: 'We need more information to decide on your hardship request for loan 1234-56-7890. Please send your termination letter.',
      status: 'to_do',
      since: '2029-03-01T10:00:00.000Z',
      action: { kind: 'link', label: 'Answer the question', to: '/dashboard/loans/7/hardship' },
    });
    expect(openRequests({ ...base, hardshipQuestions: [] })).toEqual([]);
  });
});

describe('requests reminder notice', () => {
  it('counts the open requests in words', () => {
    expect(requestsReminderNotice(1)).toBe('Reminder: 1 request is waiting for you. Open Requests on your dashboard.');
    expect(requestsReminderNotice(3)).toBe('Reminder: 3 requests are waiting for you. Open Requests on your dashboard.');
  });
});
