import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { matchRemittance, parseCsvRecords, parseRemittanceAmount, parseRemittanceCsv } from './remittance';
import type { RemittanceLine } from './remittance';

const HEADER = 'employer,pay_date,borrower_identifier,amount';

describe('parseCsvRecords', () => {
  it('handles quotes, escaped quotes, commas and newlines inside quotes, CRLF, a BOM and blank lines', () => {
    const text = '\uFEFFa,b\r\n"x, y","he said ""hi"""\r\n\r\n"multi\nline",z\n';
    expect(parseCsvRecords(text)).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x, y', 'he said "hi"'] },
      { line: 4, fields: ['multi\nline', 'z'] },
    ]);
  });
  it('refuses an unterminated quote', () => expect(() => parseCsvRecords('a,"b\n')).toThrow(/unterminated/));
  it('property: quoting any fields round-trips', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.string(), { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 5 }), (rows) => {
        const text = rows.map((r) => r.map((f) => `"${f.replaceAll('"', '""')}"`).join(',')).join('\r\n');
        expect(parseCsvRecords(text).map((r) => r.fields)).toEqual(rows);
      }),
    );
  });
});

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

describe('matchRemittance', () => {
  const line = (employer: string, id: string, n = 2): RemittanceLine => ({
    line: n,
    employer,
    payDate: '2026-11-27' as RemittanceLine['payDate'],
    borrowerIdentifier: id,
    amountCents: 100 as RemittanceLine['amountCents'],
  });
  const candidates = [
    { loanId: 1, loanNumber: 'PR-000001', employer: 'Acme Inc', employeeId: 'E-77' },
    { loanId: 2, loanNumber: 'PR-000002', employer: 'Globex', employeeId: 'E-77' },
    { loanId: 3, loanNumber: 'PR-000003', employer: 'Globex', employeeId: 'E-90' },
    { loanId: 4, loanNumber: 'PR-000004', employer: 'Globex', employeeId: 'E-90' },
  ];
  it('matches by loan number, then by employee id at the employer', () => {
    expect(matchRemittance([line('acme  inc', 'pr-000001'), line('Globex', 'E-77')], candidates).map((m) => m.loanId)).toEqual([1, 2]);
  });
  it('sends unknown, ambiguous and wrong-employer lines to suspense', () => {
    const m = matchRemittance([line('Acme Inc', 'nobody'), line('Globex', 'E-90'), line('Globex', 'PR-000001')], candidates);
    expect(m.map((x) => (x.loanId === null ? x.reason : x.loanId))).toEqual(['no_loan', 'ambiguous', 'employer_mismatch']);
  });
  it('property: every line gets exactly one outcome, in order', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('PR-000001', 'E-77', 'E-90', 'x'), { maxLength: 20 }), (ids) => {
        const lines = ids.map((id, k) => line('Globex', id, k + 2));
        const out = matchRemittance(lines, candidates);
        expect(out.map((o) => o.line)).toEqual(lines);
      }),
    );
  });
});
