/**
 * Adversarial review of payroll remittances (docs/servicing-operations.md, docs/employer-portal-remittances-
 * verifications.md): ten different remittances of the whole payoff imported at once for one allotment loan
 * (a split remittance of the same channel posts), then the same files again, then bad input. Whatever the
 * employer sent beyond what the loan owed is paid back once: the loan ends at zero with no credit kept, and
 * nothing is refunded twice.
 */
import type { IsoDate } from '@payrail/domain/dates';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { remittanceLines } from '../src/db/schema/index';
import { fundedLoan } from './collections-helpers';
import { auth, call } from './identity-helpers';
import { addReceiverAccount } from './servicing-helpers';
import { ledgerTrail, moneyApp } from './support/money-kit';

const TODAY = '2029-02-10' as IsoDate;
const money = moneyApp({ keyPrefix: 'review-remit', pinnedAt: new Date('2029-01-02T12:00:00Z'), businessDate: TODAY });
beforeAll(money.setup, 240_000);
afterAll(money.teardown);
const { app, db, entriesOf, ledgerOn, quote, servicer } = money;

const importLines = (lines: Record<string, unknown>[], reference: string) =>
  call(app(), { method: 'POST', url: '/api/backoffice/remittances', headers: auth(servicer()), payload: { lines, reference } });
const sumOf = (rows: { amountCents: number }[]) => rows.reduce((s, r) => s + r.amountCents, 0);

describe('remittances beyond what is owed, at once', () => {
  it('10 different remittances of the whole payoff imported in parallel: all posted once, the loan closed at zero, the excess refunded exactly once', async () => {
    const loan = await fundedLoan(app(), { disbursementDate: '2029-01-02', firstPaymentDate: '2029-02-02', allotment: true, payments: 3 });
    await addReceiverAccount(app(), loan.userId);
    const payoff = (await quote(loan.token, loan.loanId, TODAY)).payoff_amount;
    const spy = vi.spyOn(app().ctx.providers.ach, 'originateCredit');
    try {
      const line = (i: number) => ({ employer: loan.employer, pay_date: '2029-02-05', borrower_identifier: loan.identifier, amount: payoff + i });
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => importLines([line(i)], `review-${loan.loanId}-${i}`)));
      for (const a of answers) expect(a.statusCode, a.body).toBe(200);
      // The same ten again (parallel too): duplicates, nothing posted or refunded twice.
      const again = await Promise.all(Array.from({ length: 10 }, (_, i) => importLines([line(i)], `review-${loan.loanId}-${i}`)));
      for (const a of again) expect([a.statusCode, a.json<{ duplicate: boolean }>().duplicate], a.body).toEqual([200, true]);

      const entries = await entriesOf(loan.loanId);
      const trail = ledgerTrail(entries);
      const remitted = entries.filter((e) => e.kind === 'payroll_remittance');
      expect(remitted, trail).toHaveLength(10);
      expect(sumOf(remitted), trail).toBe(10 * payoff + 45);
      const { row, position } = await ledgerOn(loan.loanId, TODAY);
      expect(position, trail).toMatchObject({ outstandingCents: 0, unappliedCents: 0 });
      expect(row.status, trail).toBe('closed_paid');
      // Refunds: the ledger's and the bank's agree, each sent once, together what was paid beyond the payoff.
      const refunds = entries.filter((e) => e.kind === 'refund');
      const sent = spy.mock.calls.filter((c) => c[0].idempotencyKey.startsWith('payrail-refund:')).map((c) => c[0]);
      expect(new Set(sent.map((c) => c.idempotencyKey)).size, trail).toBe(sent.length);
      expect(sumOf(sent), trail).toBe(sumOf(refunds));
      expect(sumOf(refunds), trail).toBeGreaterThanOrEqual(9 * payoff + 45);
      expect(sumOf(refunds), trail).toBeLessThan(10 * payoff + 45);
    } finally {
      spy.mockRestore();
    }
  });

  it('bad amounts and dates: a 4xx with a message, nothing written', async () => {
    const loan = await fundedLoan(app(), { disbursementDate: '2029-01-02', firstPaymentDate: '2029-02-02', allotment: true, payments: 3 });
    const lines = () => db().select().from(remittanceLines);
    const before = (await lines()).length;
    const base = { employer: loan.employer, pay_date: '2029-02-05', borrower_identifier: loan.identifier };
    for (const bad of [
      { ...base, amount: 0 },
      { ...base, amount: -100 },
      { ...base, amount: 10.5 },
      { ...base, amount: '100' },
      { ...base, amount: Number.MAX_SAFE_INTEGER + 2 },
      { ...base, amount: 100, pay_date: '2029-02-11' },
      { ...base, amount: 100, pay_date: '2029-02-30' },
    ]) {
      const res = await importLines([bad], `review-bad-${JSON.stringify(bad)}`);
      expect([400, 422], `${JSON.stringify(bad)}: ${res.body}`).toContain(res.statusCode);
      expect(res.body.length).toBeGreaterThan(2);
    }
    expect(await lines()).toHaveLength(before);
    expect((await entriesOf(loan.loanId)).map((e) => e.kind)).toEqual(['disbursement']);
  });
});
