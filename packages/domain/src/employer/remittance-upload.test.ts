import { describe, expect, it } from 'vitest';
import type { IsoDate } from '../dates';
import { trackRepayments } from '../servicing/repayment-tracker';
import { cents } from '../money';
import type { DeductionParse } from './deduction-file';
import { checkRemittanceEntry, checkRemittanceUpload, reconcileRemittance } from './remittance-upload';

type Line = readonly [payDate: string, employeeId: string, cents: number];
/** The deduction-layout lines as the file-format adapter reads them (line 2 onwards). */
const read = (...lines: Line[]): DeductionParse => ({
  ok: true,
  lines: lines.map(([payDate, employeeId, c], k) => ({
    line: k + 2,
    payDate: payDate as IsoDate,
    employeeId,
    employeeName: 'Name',
    deductionCents: cents(c),
    change: null,
  })),
});

describe('checkRemittanceUpload (the deduction file layout, read)', () => {
  it('takes the lines of one pay date, 0.00 allowed', () => {
    expect(checkRemittanceUpload(read(['2026-11-27', 'E-1', 12540], ['2026-11-27', 'E-2', 0]))).toEqual({
      ok: true,
      payDate: '2026-11-27',
      lines: [
        { line: 2, employeeId: 'E-1', amountCents: 12540 },
        { line: 3, employeeId: 'E-2', amountCents: 0 },
      ],
    });
  });
  it('refuses several pay dates, an employee twice, nothing remitted, a long id; passes on the layout errors', () => {
    expect(checkRemittanceUpload(read(['2026-11-27', 'E-1', 100], ['2026-11-28', 'E-2', 100]))).toMatchObject({
      ok: false,
      errors: [{ line: 1, column: 'pay_date' }],
    });
    expect(checkRemittanceUpload(read(['2026-11-27', 'E-1', 100], ['2026-11-27', 'e-1', 200]))).toMatchObject({
      ok: false,
      errors: [{ line: 3, column: 'employee_id' }],
    });
    expect(checkRemittanceUpload(read(['2026-11-27', 'E-1', 0]))).toMatchObject({ ok: false, errors: [{ column: 'deduction' }] });
    expect(checkRemittanceUpload(read(['2026-11-27', 'E'.repeat(65), 100]))).toMatchObject({ ok: false, errors: [{ line: 2, column: 'employee_id' }] });
    const layout: DeductionParse = { ok: false, errors: [{ line: 2, column: 'deduction', message: 'bad' }] };
    expect(checkRemittanceUpload(layout)).toEqual(layout);
  });
  it('checks totals typed on screen the same way', () => {
    expect(checkRemittanceEntry('2026-11-27', [{ employee_id: ' E-1 ', amount: 100 }])).toEqual({
      ok: true,
      payDate: '2026-11-27',
      lines: [{ line: 1, employeeId: 'E-1', amountCents: 100 }],
    });
    expect(checkRemittanceEntry('27/11/2026', [{ employee_id: 'E-1', amount: 100 }])).toMatchObject({ ok: false, errors: [{ column: 'pay_date' }] });
    expect(checkRemittanceEntry('2026-11-27', [{ employee_id: '', amount: -1 }])).toMatchObject({
      ok: false,
      errors: [{ column: 'employee_id' }, { column: 'amount' }],
    });
  });
});

describe('reconcileRemittance', () => {
  const expected = [
    { loanIds: [1], employeeId: 'E-1', employeeName: 'Ada', expectedCents: 10_000 },
    { loanIds: [2], employeeId: 'E-2', employeeName: 'Sam', expectedCents: 10_000 },
    { loanIds: [3], employeeId: 'E-3', employeeName: 'Mo', expectedCents: 10_000 },
    { loanIds: [4, 5], employeeId: 'E-4', employeeName: 'Two Loans', expectedCents: 15_000 },
  ];
  it('exact, short, missing, over, unknown employee — one line per employee', () => {
    const lines = reconcileRemittance(expected, [
      { employeeId: 'E-1', amountCents: 10_000, loanId: 1 },
      { employeeId: 'E-2', amountCents: 7_500, loanId: 2 },
      { employeeId: 'E-4', amountCents: 16_000, loanId: 4 },
      { employeeId: 'E-6', amountCents: 2_000, loanId: 6 },
      { employeeId: 'X-9', amountCents: 1_000, loanId: null },
    ]);
    expect(lines.map((l) => [l.employeeId, l.loanId, l.expectedCents, l.remittedCents, l.differenceCents, l.status])).toEqual([
      ['E-1', 1, 10_000, 10_000, 0, 'exact'],
      ['E-2', 2, 10_000, 7_500, -2_500, 'short'],
      ['E-3', 3, 10_000, 0, -10_000, 'missing'],
      ['E-4', 4, 15_000, 16_000, 1_000, 'over'],
      ['E-6', 6, 0, 2_000, 2_000, 'over'],
      ['X-9', null, 0, 1_000, 1_000, 'unknown_employee'],
    ]);
    expect(lines[1]!.reason).toBe('Remitted $75.00 of $100.00: $25.00 short.');
    expect(lines[2]!.reason).toBe('Nothing remitted: $100.00 was to be deducted.');
  });
});

describe('the tracker reads the employer’s report of a missing deduction', () => {
  const inst = [{ n: 1, dueDate: '2026-11-27' as IsoDate, amountCents: 10_000 }];
  it('within the grace days: waiting, unless the employer reported it missing', () => {
    const ctx = { today: '2026-11-29' as IsoDate, installmentsPaid: 0, graceDays: 5 };
    expect(trackRepayments(inst, [], ctx)[0]!.status).toBe('waiting');
    const reported = trackRepayments(inst, [], { ...ctx, reportedMissing: new Set(['2026-11-27']) })[0]!;
    expect(reported).toMatchObject({ status: 'missing', reason: "Your employer's remittance for this pay date did not include your deduction." });
  });
});
