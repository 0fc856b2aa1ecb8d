import type {
  TBackofficeEmployerRemittances,
  TEmployerRemittance,
  TEmployerRemittanceDetail,
  TEmployerRemittanceList,
  TReconciliationLine,
} from '@payrail/contract/employer-remittances';
import { EMPLOYER_REMITTANCE_MSG } from '@payrail/contract/employer-remittances';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import type { EmployerRemittanceLineRow, EmployerRemittanceRow } from '../remittances.repository';
import { findEmployer } from '../../reference/reference-data';

/** Remittances listed at most (history page, back office). */
const HISTORY_LIMIT = 50;

function summaryWire(r: EmployerRemittanceRow, submittedBy: string | null, lines: readonly EmployerRemittanceLineRow[]): TEmployerRemittance {
  const count = (s: EmployerRemittanceLineRow['status']) => lines.filter((l) => l.status === s).length;
  return {
    id: r.id,
    pay_date: r.payDate,
    method: r.method,
    file_name: r.fileName,
    submitted_at: r.createdAt.toISOString(),
    submitted_by: submittedBy,
    expected: r.expectedCents,
    remitted: r.remittedCents,
    counts: { exact: count('exact'), short: count('short'), over: count('over'), missing: count('missing'), unknown_employee: count('unknown_employee') },
  };
}

const lineWire = (l: EmployerRemittanceLineRow): TReconciliationLine => ({
  employee_id: l.employeeId,
  employee_name: l.employeeName,
  expected: l.expectedCents,
  remitted: l.remittedCents,
  difference: l.differenceCents,
  status: l.status,
  reason: l.reason,
});

/** GET /api/employer_portal/remittances/{id}: the reconciliation, employee by employee (another employer's: 404). */
export async function remittanceDetail(ctx: AppContext, employerId: number, id: number): Promise<TEmployerRemittanceDetail> {
  const found = await ctx.repos.employerRemittances.find(employerId, id);
  if (!found) throw AppError.notFound(EMPLOYER_REMITTANCE_MSG.notFound);
  const lines = await ctx.repos.employerRemittances.linesOf([found.remittance.id]);
  return { ...summaryWire(found.remittance, found.submittedBy, lines), lines: lines.map(lineWire) };
}

/** GET /api/employer_portal/remittances: the employer's remittances, newest first. */
export async function listRemittances(ctx: AppContext, employerId: number): Promise<TEmployerRemittanceList> {
  const rows = await ctx.repos.employerRemittances.list(employerId, HISTORY_LIMIT);
  const lines = await ctx.repos.employerRemittances.linesOf(rows.map((r) => r.remittance.id));
  return {
    remittances: rows.map((r) =>
      summaryWire(
        r.remittance,
        r.submittedBy,
        lines.filter((l) => l.remittanceId === r.remittance.id),
      ),
    ),
  };
}

/** GET /api/backoffice/employers/{id}/remittances: the servicer's view of an employer's remittances with each reconciliation. */
export async function backofficeEmployerRemittances(ctx: AppContext, employerId: number): Promise<TBackofficeEmployerRemittances> {
  const employer = await findEmployer(ctx, employerId);
  if (!employer) throw AppError.notFound(EMPLOYER_REMITTANCE_MSG.employerNotFound);
  const rows = await ctx.repos.employerRemittances.list(employerId, HISTORY_LIMIT);
  const lines = await ctx.repos.employerRemittances.linesOf(rows.map((r) => r.remittance.id));
  return {
    employer_id: employerId,
    remittances: rows.map((r) => {
      const own = lines.filter((l) => l.remittanceId === r.remittance.id);
      return {
        ...summaryWire(r.remittance, r.submittedBy, own),
        batch_id: r.remittance.batchId,
        lines: own.map((l) => ({ ...lineWire(l), loan_id: l.loanId })),
      };
    }),
  };
}
