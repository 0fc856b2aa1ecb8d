import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, parseIsoDate } from '../dates';
import {
  csvField,
  DEDUCTION_FILE_COLUMNS,
  deductionCsv,
  deductionCsvFileName,
  deductionFile,
  deductionsOn,
  nextPayDate,
  parseDeductionCsv,
  parseDollars,
  payDates,
  previousPayDate,
} from './deduction-file';
import type { PayrollLoan } from './deduction-file';

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

describe('pay dates', () => {
  const loans = [loan({ loanId: 1, personId: 1, amounts: [100, 100, 100] }), loan({ loanId: 2, personId: 2, amounts: [200, 200], from: 2 })];

  it('are the due dates with a deduction, ascending and once each', () => {
    expect(payDates(loans)).toEqual(PAYDAYS.slice(0, 4));
  });

  it('the next payroll is the earliest pay date on or after the business date; none after the last', () => {
    expect(nextPayDate(loans, PAYDAYS[0]!)).toBe(PAYDAYS[0]);
    expect(nextPayDate(loans, addDays(PAYDAYS[0]!, 1))).toBe(PAYDAYS[1]);
    expect(nextPayDate(loans, addDays(PAYDAYS[3]!, 1))).toBeNull();
    expect(nextPayDate([], PAYDAYS[0]!)).toBeNull();
  });

  it('the previous payroll is the latest earlier pay date with a deduction', () => {
    expect(previousPayDate(loans, PAYDAYS[0]!)).toBeNull();
    expect(previousPayDate(loans, PAYDAYS[2]!)).toBe(PAYDAYS[1]);
    expect(previousPayDate(loans, addDays(PAYDAYS[7]!, 1))).toBe(PAYDAYS[3]);
  });

  it('an ended or paused loan adds no pay date', () => {
    const ended = loan({ loanId: 3, personId: 3, amounts: [100, 100, 100], endsOn: PAYDAYS[1]! });
    const paused = loan({ loanId: 4, personId: 4, amounts: [100, 100, 100], pauses: [{ from: PAYDAYS[0]!, to: PAYDAYS[1]! }] });
    expect(payDates([ended])).toEqual([PAYDAYS[0]]);
    expect(payDates([paused])).toEqual([PAYDAYS[2]]);
  });
});

describe('deductionFile', () => {
  it('the first payroll: every employee is new; the total is the sum of the deductions', () => {
    const f = deductionFile(
      [
        loan({ loanId: 1, personId: 1, amounts: [12540, 12540], employeeName: 'Zoe Adams' }),
        loan({ loanId: 2, personId: 2, amounts: [5000], employeeName: 'Ana Brown' }),
      ],
      PAYDAYS[0]!,
    );
    expect(f.previousPayDate).toBeNull();
    expect(f.lines.map((l) => [l.employeeName, l.deductionCents, l.previousCents, l.change])).toEqual([
      ['Ana Brown', 5000, 0, 'new'],
      ['Zoe Adams', 12540, 0, 'new'],
    ]);
    expect(f.totalCents).toBe(17540);
  });

  it('new, changed, unchanged and ended against the previous pay date', () => {
    const loans = [
      loan({ loanId: 1, personId: 1, amounts: [100, 100, 100], employeeName: 'A Same' }),
      loan({ loanId: 2, personId: 2, amounts: [100, 100, 95], employeeName: 'B Final' }),
      loan({ loanId: 3, personId: 3, amounts: [100, 100], employeeName: 'C Paid' }),
      loan({ loanId: 4, personId: 4, amounts: [300], from: 2, employeeName: 'D Joined' }),
      loan({ loanId: 5, personId: 5, amounts: [100, 100, 100], endsOn: PAYDAYS[2]!, employeeName: 'E Terminated' }),
    ];
    const f = deductionFile(loans, PAYDAYS[2]!);
    expect(f.previousPayDate).toBe(PAYDAYS[1]);
    expect(f.lines.map((l) => [l.employeeName, l.deductionCents, l.previousCents, l.change])).toEqual([
      ['A Same', 100, 100, 'unchanged'],
      ['B Final', 95, 100, 'changed'],
      ['D Joined', 300, 0, 'new'],
      ['C Paid', 0, 100, 'ended'],
      ['E Terminated', 0, 100, 'ended'],
    ]);
    expect(f.totalCents).toBe(495);
  });

  it('a leave: ended on the first paused pay date, new again on the first after it', () => {
    const loans = [
      loan({ loanId: 1, personId: 1, amounts: [100, 100, 100, 100, 100] }),
      loan({ loanId: 2, personId: 2, amounts: [50, 50, 50, 50, 50], pauses: [{ from: PAYDAYS[1]!, to: PAYDAYS[2]! }] }),
    ];
    const change = (k: number) => deductionFile(loans, PAYDAYS[k]!).lines.find((l) => l.personId === 2)?.change ?? null;
    expect([0, 1, 2, 3, 4].map(change)).toEqual(['new', 'ended', null, 'new', 'unchanged']);
  });

  it('one line per employee: two loans of one borrower due the same day add up (a refinance closing the old loan is a change)', () => {
    const loans = [
      loan({ loanId: 1, personId: 7, amounts: [100, 100, 100], endsOn: PAYDAYS[1]! }),
      loan({ loanId: 2, personId: 7, amounts: [40, 150, 150], from: 0 }),
    ];
    const first = deductionFile(loans, PAYDAYS[0]!);
    expect(first.lines).toHaveLength(1);
    expect(first.lines[0]).toMatchObject({ deductionCents: 140, loanIds: [1, 2], change: 'new' });
    expect(deductionFile(loans, PAYDAYS[1]!).lines[0]).toMatchObject({ deductionCents: 150, previousCents: 140, change: 'changed', loanIds: [2] });
  });

  it('an employee id missing on one loan is taken from another of the same borrower', () => {
    const got = deductionsOn(
      [loan({ loanId: 1, personId: 1, amounts: [1], employeeId: '' }), loan({ loanId: 2, personId: 1, amounts: [1], employeeId: 'X9' })],
      PAYDAYS[0]!,
    );
    expect(got.get(1)?.employeeId).toBe('X9');
  });

  it('a date that is no pay date has no lines (and ends everyone of the payroll before)', () => {
    const f = deductionFile([loan({ loanId: 1, personId: 1, amounts: [100] })], addDays(PAYDAYS[0]!, 3));
    expect(f.lines.map((l) => l.change)).toEqual(['ended']);
    expect(f.totalCents).toBe(0);
  });

  it('property: the total is the sum of the installments due that pay date of the loans deducted then', () => {
    const arbLoan = fc.record({
      personId: fc.integer({ min: 1, max: 6 }),
      amounts: fc.array(fc.integer({ min: 0, max: 500_00 }), { minLength: 1, maxLength: 6 }),
      from: fc.integer({ min: 0, max: 2 }),
      endsAt: fc.option(fc.integer({ min: 0, max: 7 }), { nil: null }),
      pause: fc.option(fc.tuple(fc.integer({ min: 0, max: 7 }), fc.integer({ min: 0, max: 3 })), { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(arbLoan, { maxLength: 8 }), fc.integer({ min: 0, max: 7 }), (specs, k) => {
        const loans = specs.map((s, i) =>
          loan({
            loanId: i + 1,
            personId: s.personId,
            amounts: s.amounts,
            from: s.from,
            endsOn: s.endsAt === null ? null : PAYDAYS[s.endsAt]!,
            pauses: s.pause === null ? [] : [{ from: PAYDAYS[s.pause[0]]!, to: addDays(PAYDAYS[s.pause[0]]!, 14 * s.pause[1]) }],
          }),
        );
        const payDate = PAYDAYS[k]!;
        const expected = loans
          .filter((l) => (l.endsOn === null || payDate < l.endsOn) && !l.pauses.some((p) => payDate >= p.from && payDate <= p.to))
          .flatMap((l) => l.installments.filter((i) => i.dueDate === payDate))
          .reduce((sum, i) => sum + i.amountCents, 0);
        const f = deductionFile(loans, payDate);
        expect(f.totalCents).toBe(expected);
        expect(f.lines.reduce((sum, l) => sum + l.deductionCents, 0)).toBe(expected);
        // One line per employee; an ended line deducts nothing; the CSV reads back to the same lines.
        expect(new Set(f.lines.map((l) => l.personId)).size).toBe(f.lines.length);
        expect(f.lines.filter((l) => l.change === 'ended').every((l) => l.deductionCents === 0 && l.previousCents > 0)).toBe(true);
        if (f.lines.length > 0) {
          const back = parseDeductionCsv(deductionCsv(f));
          expect(back.ok).toBe(true);
          if (back.ok)
            expect(back.lines.map((l) => [l.employeeId, l.deductionCents, l.change])).toEqual(f.lines.map((l) => [l.employeeId, l.deductionCents, l.change]));
        }
      }),
    );
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

  it('quotes only what needs it', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField('')).toBe('');
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
