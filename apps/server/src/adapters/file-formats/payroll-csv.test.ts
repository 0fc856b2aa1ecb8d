import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, parseIsoDate } from '@payrail/domain/dates';
import { DEDUCTION_FILE_COLUMNS, deductionFile } from '@payrail/domain/employer/deduction-file';
import type { PayrollLoan } from '@payrail/domain/employer/deduction-file';
import { checkRemittanceUpload } from '@payrail/domain/employer/remittance-upload';
import { cents } from '@payrail/domain/money';
import {
  deductionCsv,
  deductionCsvFileName,
  parseDeductionCsv,
  parseDollars,
  parseRemittanceAmount,
  parseRemittanceCsv,
  payrollCsvFiles,
  remittanceCsv,
} from './payroll-csv';

/** The payroll files' CSV (moved here from packages/domain with issue #28; the domain keeps the rules on the records). */

const d = parseIsoDate;
/** Biweekly Fridays from 2030-01-04. */
const PAYDAYS = Array.from({ length: 8 }, (_, k) => addDays(d('2030-01-04'), 14 * k));

const loan = (o: Partial<PayrollLoan> & { loanId: number; personId: number; amounts: number[]; from?: number }): PayrollLoan => ({
  loanId: o.loanId,
  personId: o.personId,
  employeeId: o.employeeId ?? `E-${String(o.personId)}`,
  employeeName: o.employeeName ?? `Person ${String(o.personId)}`,
  installments: o.amounts.map((amountCents, k) => ({ n: k + 1, dueDate: PAYDAYS[(o.from ?? 0) + k]!, amountCents })),
  endsOn: o.endsOn ?? null,
  pauses: o.pauses ?? [],
});

const HEADER = 'employer,pay_date,borrower_identifier,amount';

describe('parseRemittanceAmount', () => {
  it.each([
    ['125.40', 12540],
    ['125.4', 12540],
    ['125', 12500],
    ['$7.05', 705],
    [' 0.01 ', 1],
    ['99999.99', 9_999_999],
  ])('%s → %s', (t, c) => expect(parseRemittanceAmount(t)).toBe(c));
  it.each(['', '0', '0.00', '-5', '1,000.00', '1.234', 'abc', '100000.00', '1e3'])('refuses %j', (t) => expect(parseRemittanceAmount(t)).toBeNull());
});

describe('parseRemittanceCsv', () => {
  it('reads a valid file in any column order, with header variants', () => {
    const r = parseRemittanceCsv('Amount,Borrower Identifier,Pay Date,Employer\n125.40,PR-1,2026-11-27,"Acme, Inc."\n');
    expect(r).toEqual({ ok: true, lines: [{ line: 2, employer: 'Acme, Inc.', payDate: '2026-11-27', borrowerIdentifier: 'PR-1', amountCents: 12540 }] });
  });
  it('lists every line error and posts nothing', () => {
    const r = parseRemittanceCsv(`${HEADER}\nAcme,2026-02-30,PR-1,10.00\n,2026-11-27,,abc\nAcme,2026-11-27,PR-2\nAcme,2026-11-27,PR-3,5.00\n`);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => [e.line, e.column])).toEqual([
      [2, 'pay_date'],
      [3, 'employer'],
      [3, 'borrower_identifier'],
      [3, 'amount'],
      [4, undefined],
    ]);
  });
  it('refuses an empty file, a missing column, a header alone', () => {
    expect(parseRemittanceCsv('')).toMatchObject({ ok: false, errors: [{ line: 1 }] });
    expect(parseRemittanceCsv('employer,pay_date,amount\nA,2026-01-01,1')).toMatchObject({ ok: false, errors: [{ column: 'borrower_identifier' }] });
    expect(parseRemittanceCsv(`${HEADER}\n`)).toMatchObject({ ok: false, errors: [{ message: 'The file has no remittance lines.' }] });
  });
});

describe('deductionCsv', () => {
  it('writes the documented layout exactly: header, dollars with two decimals, RFC 4180 quoting, CRLF', () => {
    const f = deductionFile(
      [
        loan({ loanId: 1, personId: 1, amounts: [12540], employeeId: 'A-1001', employeeName: 'Okafor, Devon' }),
        loan({ loanId: 2, personId: 2, amounts: [5], employeeId: 'A-1002', employeeName: 'Sam "Sully" Lee' }),
        loan({ loanId: 3, personId: 3, amounts: [100000], employeeId: 'A-1003', employeeName: 'Ana Brown' }),
      ],
      PAYDAYS[0]!,
    );
    expect(deductionCsv(f)).toBe(
      'pay_date,employee_id,employee_name,deduction,change\r\n' +
        '2030-01-04,A-1003,Ana Brown,1000.00,new\r\n' +
        '2030-01-04,A-1001,"Okafor, Devon",125.40,new\r\n' +
        '2030-01-04,A-1002,"Sam ""Sully"" Lee",0.05,new\r\n',
    );
    expect(DEDUCTION_FILE_COLUMNS.join(',')).toBe('pay_date,employee_id,employee_name,deduction,change');
    expect(deductionCsvFileName(d('2030-01-04'))).toBe('deductions-2030-01-04.csv');
  });

  it('an ended line is 0.00; an empty file is the header alone', () => {
    const loans = [loan({ loanId: 1, personId: 1, amounts: [100, 100], endsOn: PAYDAYS[1]! }), loan({ loanId: 2, personId: 2, amounts: [100, 100] })];
    expect(deductionCsv(deductionFile(loans, PAYDAYS[1]!)).split('\r\n')[2]).toBe('2030-01-18,E-1,Person 1,0.00,ended');
    expect(deductionCsv(deductionFile([], PAYDAYS[0]!))).toBe('pay_date,employee_id,employee_name,deduction,change\r\n');
  });

  it('never lets a spreadsheet run a name or an id as a formula, and reads it back as it was', () => {
    const f = deductionFile(
      [
        loan({ loanId: 1, personId: 1, amounts: [100], employeeId: '-7', employeeName: '=HYPERLINK("http://x","y")' }),
        loan({ loanId: 2, personId: 2, amounts: [100], employeeId: '@x', employeeName: "O'Neil" }),
      ],
      PAYDAYS[0]!,
    );
    const csv = deductionCsv(f);
    expect(csv.split('\r\n').slice(1, 3)).toEqual([`2030-01-04,'-7,"'=HYPERLINK(""http://x"",""y"")",1.00,new`, "2030-01-04,'@x,O'Neil,1.00,new"]);
    const back = parseDeductionCsv(csv);
    expect(back.ok && back.lines.map((l) => [l.employeeId, l.employeeName])).toEqual([
      ['-7', '=HYPERLINK("http://x","y")'],
      ['@x', "O'Neil"],
    ]);
  });
});

describe('parseDeductionCsv', () => {
  it('reads a file in any column order, with quotes, CRLF or LF, a BOM, and no change column', () => {
    const got = parseDeductionCsv('\uFEFFemployee_id,deduction,pay_date,employee_name\n"A-1",125.4,2030-01-04,"Okafor, Devon"\r\nA-2,0,2030-01-04,Ana\n');
    expect(got).toEqual({
      ok: true,
      lines: [
        { line: 2, payDate: '2030-01-04', employeeId: 'A-1', employeeName: 'Okafor, Devon', deductionCents: 12540, change: null },
        { line: 3, payDate: '2030-01-04', employeeId: 'A-2', employeeName: 'Ana', deductionCents: 0, change: null },
      ],
    });
  });

  it('reports every bad line with its line number and column, and returns no line', () => {
    const got = parseDeductionCsv(
      [
        'pay_date,employee_id,employee_name,deduction,change',
        '2030-13-01,A-1,Ana,10.00,new',
        ',,Bo,-5,',
        '2030-01-04,A-3,Cy,1.234,maybe',
        '2030-01-04,A-4',
        '2030-01-04,A-5,Di,$5,',
      ].join('\n'),
    );
    expect(got.ok).toBe(false);
    if (got.ok) return;
    expect(got.errors.map((e) => [e.line, e.column ?? null])).toEqual([
      [2, 'pay_date'],
      [3, 'pay_date'],
      [3, 'employee_id'],
      [3, 'deduction'],
      [4, 'deduction'],
      [4, 'change'],
      [5, null],
      [6, 'deduction'],
    ]);
    expect(got.errors[0]!.message).toBe('Pay date "2030-13-01" is not a YYYY-MM-DD date.');
    expect(got.errors[6]!.message).toBe('Expected 5 fields, found 2.');
  });

  it('a missing column, an empty file, a header alone, an unterminated quote', () => {
    expect(parseDeductionCsv('pay_date,employee_name,deduction\n2030-01-04,Ana,1.00')).toEqual({
      ok: false,
      errors: [{ line: 1, column: 'employee_id', message: 'Missing column "employee_id" in the header row.' }],
    });
    expect(parseDeductionCsv('')).toMatchObject({ ok: false, errors: [{ line: 1 }] });
    expect(parseDeductionCsv('pay_date,employee_id,employee_name,deduction,change\r\n')).toEqual({
      ok: false,
      errors: [{ line: 1, message: 'The file has no lines after the header row.' }],
    });
    expect(parseDeductionCsv('pay_date,employee_id,employee_name,deduction\n2030-01-04,"A-1,Ana,1.00')).toMatchObject({ ok: false, errors: [{ line: 1 }] });
  });

  it('parseDollars: two decimals at most, no sign, no symbol, no separators', () => {
    expect(['0', '0.00', '1.5', '125.40', '99999.99', ' 7 '].map(parseDollars)).toEqual([0, 0, 150, 12540, 9999999, 700]);
    expect(['', '-1.00', '$5', '1,000.00', '1.234', 'abc', '100000.00'].map(parseDollars)).toEqual([null, null, null, null, null, null, null]);
  });
});

describe('remittanceCsv', () => {
  it('writes the remittance layout, quoted where needed, and reads back to the same lines', () => {
    const lines = [
      { employer: 'Acme, Inc.', payDate: d('2026-11-27'), borrowerIdentifier: 'PR-1', amountCents: cents(12540) },
      { employer: 'VA', payDate: d('2026-11-27'), borrowerIdentifier: 'E-7', amountCents: cents(5) },
    ];
    const text = remittanceCsv(lines);
    expect(text).toBe('employer,pay_date,borrower_identifier,amount\r\n"Acme, Inc.",2026-11-27,PR-1,125.40\r\nVA,2026-11-27,E-7,0.05\r\n');
    expect(parseRemittanceCsv(text)).toEqual({ ok: true, lines: lines.map((l, k) => ({ line: k + 2, ...l })) });
    expect(remittanceCsv([])).toBe('employer,pay_date,borrower_identifier,amount\r\n');
  });
});

describe('a remittance upload: the deduction layout read, then the domain rules', () => {
  const HEADER = 'pay_date,employee_id,employee_name,deduction,change';
  const upload = (text: string) => checkRemittanceUpload(payrollCsvFiles.readDeductionFile(text));
  it('reads the lines of one pay date, 0.00 allowed', () => {
    expect(upload(`${HEADER}\r\n2026-11-27,E-1,"Lee, Jo",125.40,unchanged\r\n2026-11-27,E-2,Sam,0.00,\r\n`)).toEqual({
      ok: true,
      payDate: '2026-11-27',
      lines: [
        { line: 2, employeeId: 'E-1', amountCents: 12540 },
        { line: 3, employeeId: 'E-2', amountCents: 0 },
      ],
    });
  });
  it('refuses several pay dates, an employee twice, nothing remitted, a bad amount, another layout', () => {
    expect(upload(`${HEADER}\n2026-11-27,E-1,A,1.00,\n2026-11-28,E-2,B,1.00,\n`)).toMatchObject({ ok: false, errors: [{ line: 1, column: 'pay_date' }] });
    expect(upload(`${HEADER}\n2026-11-27,E-1,A,1.00,\n2026-11-27,e-1,B,2.00,\n`)).toMatchObject({ ok: false, errors: [{ line: 3, column: 'employee_id' }] });
    expect(upload(`${HEADER}\n2026-11-27,E-1,A,0.00,\n`)).toMatchObject({ ok: false, errors: [{ column: 'deduction' }] });
    expect(upload(`${HEADER}\n2026-11-27,E-1,A,-1.00,\n`)).toMatchObject({ ok: false, errors: [{ line: 2, column: 'deduction' }] });
    expect(upload('employer,pay_date,borrower_identifier,amount\nX,2026-11-27,E-1,1.00\n').ok).toBe(false);
  });
});

describe('the deduction file round trip', () => {
  it('property: the CSV of any deduction file reads back to its lines', () => {
    const arbLoan = fc.record({
      personId: fc.integer({ min: 1, max: 6 }),
      amounts: fc.array(fc.integer({ min: 0, max: 500_00 }), { minLength: 1, maxLength: 6 }),
      from: fc.integer({ min: 0, max: 2 }),
      endsAt: fc.option(fc.integer({ min: 0, max: 7 }), { nil: null }),
      name: fc.constantFrom('Ana', 'Okafor, Devon', 'Sam "Sully" Lee', '=SUM(A1)', '-dash'),
    });
    fc.assert(
      fc.property(fc.array(arbLoan, { maxLength: 8 }), fc.integer({ min: 0, max: 7 }), (specs, k) => {
        const loans = specs.map((s, i) =>
          loan({
            loanId: i + 1,
            personId: s.personId,
            amounts: s.amounts,
            from: s.from,
            employeeName: s.name,
            endsOn: s.endsAt === null ? null : PAYDAYS[s.endsAt]!,
          }),
        );
        const f = deductionFile(loans, PAYDAYS[k]!);
        if (f.lines.length === 0) return;
        const back = parseDeductionCsv(deductionCsv(f));
        expect(back.ok).toBe(true);
        if (back.ok)
          expect(back.lines.map((l) => [l.employeeId, l.employeeName, l.deductionCents, l.change])).toEqual(
            f.lines.map((l) => [l.employeeId, l.employeeName, l.deductionCents, l.change]),
          );
      }),
    );
  });
});
