import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { matchRemittance } from './remittance';
import type { RemittanceLine } from './remittance';

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
