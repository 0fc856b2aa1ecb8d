import type { IsoDate } from '@payrail/domain/dates';
import type { DeductionFile, DeductionParse } from '@payrail/domain/employer/deduction-file';
import type { RemittanceLine, RemittanceParse } from '@payrail/domain/servicing/remittance';

/**
 * The payroll files as use cases see them (issue #28): records in, records out. Their CSV text — columns,
 * quoting, dollars, formula-safe cells, line limits — is read and written only by the implementation
 * (`payroll-csv.ts`), given to use cases as `ctx.providers.payrollFiles`; the rules on the records
 * (matching lines to loans, one pay date per remittance, reconciliation) are the domain's.
 */
export interface PayrollFiles {
  /**
   * Servicing's remittance file (`employer,pay_date,borrower_identifier,amount`, any column order), read
   * whole: the lines when every line is good, else every bad line with its line number and column.
   */
  readRemittanceFile(text: string): RemittanceParse;
  /** The remittance file holding these lines, in order (what an employer would send). */
  writeRemittanceFile(lines: readonly Omit<RemittanceLine, 'line'>[]): string;
  /** The employer's deduction file for one pay date as the CSV the employer downloads. */
  writeDeductionFile(file: DeductionFile): string;
  /** The name the deduction file for `payDate` is saved under. */
  deductionFileName(payDate: IsoDate): string;
  /** A CSV in the deduction file's layout (a remittance upload, or a deduction file read back), read whole. */
  readDeductionFile(text: string): DeductionParse;
}
