/**
 * Payroll remittances: an employer remits, each payday, the deductions it made for its employees' loans.
 * The lines (employer, pay date, borrower identifier, amount) are read from the employer's file by the
 * server's file-format adapter (apps/server/src/adapters/file-formats/payroll-csv.ts: the CSV layout,
 * dollars, line limits); this module keeps the rule that matches lines to loans ({@link matchRemittance});
 * lines that match no loan go to the suspense list.
 */
import type { IsoDate } from '../dates';
import type { Cents } from '../money';

/** A remittance line as read from the file. */
export interface RemittanceLine {
  /** 1-based line number in the file (the header is line 1). */
  readonly line: number;
  /** Employer as written. */
  readonly employer: string;
  /** Pay date. */
  readonly payDate: IsoDate;
  /** Borrower identifier as written (trimmed). */
  readonly borrowerIdentifier: string;
  /** Amount remitted. */
  readonly amountCents: Cents;
}

/** A line error. */
export interface RemittanceLineError {
  /** 1-based line number. */
  readonly line: number;
  /** Column at fault, when one. */
  readonly column?: RemittanceColumn;
  /** Plain-English reason, shown to the servicer. */
  readonly message: string;
}

/** A field of a remittance line (what a line error can point at). */
export type RemittanceColumn = 'employer' | 'pay_date' | 'borrower_identifier' | 'amount';

/** A file read: the lines when the whole file is valid, else every error. */
export type RemittanceParse =
  { readonly ok: true; readonly lines: readonly RemittanceLine[] } | { readonly ok: false; readonly errors: readonly RemittanceLineError[] };

/** A loan a remittance line can post to. */
export interface RemittanceCandidate {
  /** Loan id. */
  readonly loanId: number;
  /** The loan's number (public identifier), if any. */
  readonly loanNumber: string;
  /** Employer name on file. */
  readonly employer: string;
  /** The borrower's employee id at that employer, if known. */
  readonly employeeId: string | null;
}

/** A line's destination: a loan, or suspense with a reason. */
export type RemittanceMatch =
  | { readonly line: RemittanceLine; readonly loanId: number }
  | { readonly line: RemittanceLine; readonly loanId: null; readonly reason: 'no_loan' | 'ambiguous' | 'employer_mismatch' };

const norm = (s: string): string => s.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * Matches each line to exactly one open allotment loan: by loan number, else by employee id at the named
 * employer. A loan number at another employer, no match, or several matches → suspense.
 */
export function matchRemittance(lines: readonly RemittanceLine[], candidates: readonly RemittanceCandidate[]): RemittanceMatch[] {
  const byNumber = new Map<string, RemittanceCandidate>();
  const byEmployee = new Map<string, RemittanceCandidate[]>();
  for (const c of candidates) {
    byNumber.set(norm(c.loanNumber), c);
    if (c.employeeId) {
      const key = `${norm(c.employer)}|${norm(c.employeeId)}`;
      byEmployee.set(key, [...(byEmployee.get(key) ?? []), c]);
    }
  }
  return lines.map((line): RemittanceMatch => {
    const direct = byNumber.get(norm(line.borrowerIdentifier));
    if (direct) return norm(direct.employer) === norm(line.employer) ? { line, loanId: direct.loanId } : { line, loanId: null, reason: 'employer_mismatch' };
    const found = byEmployee.get(`${norm(line.employer)}|${norm(line.borrowerIdentifier)}`) ?? [];
    if (found.length === 1) return { line, loanId: found[0]!.loanId };
    return { line, loanId: null, reason: found.length > 1 ? 'ambiguous' : 'no_loan' };
  });
}
