import { createHash } from 'node:crypto';
import type { TRemittanceLine } from '@payrail/contract/servicing-backoffice';
import { SERVICING_BO_MSG } from '@payrail/contract/servicing-backoffice';
import type { TStaffMember } from '@payrail/contract/staff';
import { parseIsoDate } from '@payrail/domain/dates';
import type { IsoDate } from '@payrail/domain/dates';
import { cents } from '@payrail/domain/money';
import { matchRemittance } from '@payrail/domain/servicing/remittance';
import type { RemittanceLine, RemittanceLineError } from '@payrail/domain/servicing/remittance';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import type { CollectionsTx, RemittanceLineRow } from '../operations.repository';
import { businessDate } from '../servicing-policy';
import { refundCreditBalance } from './refund-credit-balance';
import { refreshLoanStatus } from './refresh-loan-status';

export const lineWire = (l: RemittanceLineRow): TRemittanceLine => ({
  id: l.id,
  batch_id: l.batchId,
  line: l.line,
  employer: l.employer,
  pay_date: l.payDate,
  borrower_identifier: l.borrowerIdentifier,
  amount: l.amountCents,
  status: l.status,
  suspense_reason: l.suspenseReason,
  loan_id: l.loanId,
  ledger_entry_id: l.ledgerEntryId,
  rejection_reason: l.rejectionReason,
  resolved_at: l.resolvedAt?.toISOString() ?? null,
});

type ImportBody =
  | { csv: string; file_name?: string | undefined }
  | { lines: { employer: string; pay_date: string; borrower_identifier: string; amount: number }[]; reference?: string | undefined };

const refuse = (errors: readonly RemittanceLineError[]): never => {
  throw new AppError('validation', SERVICING_BO_MSG.remittanceErrors, { extra: { line_errors: errors } });
};

/** Posts one remittance to its loan (inside the caller's transaction): a payroll_remittance ledger entry. */
async function postToLoan(tx: CollectionsTx, loanId: number, line: RemittanceLineRow, at: Date, staffId: number | null) {
  return tx.appendEntry({
    loanId,
    kind: 'payroll_remittance',
    effectiveDate: line.payDate,
    amountCents: line.amountCents,
    reason: `Payroll remittance from ${line.employer}, pay date ${line.payDate}`,
    idempotencyKey: `remittance:${line.id}`,
    createdByStaffId: staffId,
    createdAt: at,
  });
}

/**
 * After a remittance posted (committed): a loan it took beyond its payoff has a credit balance, paid back
 * at once (refund-credit-balance.ts). One loan's failure (a provider down) does not fail the import: the
 * credit stays on the loan (shown as credit_balance on the servicer's loan page), and importing the same
 * file again tries again — never twice (the refund re-reads the credit under the lock).
 */
async function refundCredits(ctx: AppContext, loanIds: Iterable<number>, staff: TStaffMember | null): Promise<void> {
  for (const loanId of new Set(loanIds)) {
    try {
      await refundCreditBalance(ctx, loanId, 'payroll remittance beyond the payoff', { staff });
    } catch {
      // Left as a credit balance on the loan; retried when this file is imported again.
    }
  }
}
const postedLoans = (rows: readonly RemittanceLineRow[]) =>
  rows.flatMap((r) => ((r.status === 'posted' || r.status === 'assigned') && r.loanId !== null ? [r.loanId] : []));

/**
 * POST /remittances: a payroll remittance (CSV file text, or lines by API). All-or-nothing validation;
 * then, in ONE transaction, the batch, its lines, and a payroll_remittance ledger entry for each line
 * that matches exactly one open allotment loan; the rest goes to suspense. The same content imported
 * again answers the first import (no double posting). A loan the remittance took beyond its payoff has
 * its credit balance refunded after the commit (refundCredits). `employer` (source `employer`, the employer
 * portal): the batch records the employer, and its lines match only that employer's employees' loans.
 */
export async function importRemittance(
  ctx: AppContext,
  staff: TStaffMember | null,
  body: ImportBody,
  source: 'file' | 'api' | 'sandbox' | 'employer',
  employer?: { id: number },
) {
  let lines: RemittanceLine[];
  let canonical: string;
  if ('csv' in body) {
    const parsed = ctx.providers.payrollFiles.readRemittanceFile(body.csv);
    if (!parsed.ok) return refuse(parsed.errors);
    lines = [...parsed.lines];
    canonical = body.csv.replace(/\r\n?/g, '\n').trim();
  } else {
    lines = body.lines.map((l, k) => ({
      line: k + 1,
      employer: l.employer.trim(),
      payDate: parseIsoDate(l.pay_date),
      borrowerIdentifier: l.borrower_identifier.trim(),
      amountCents: cents(l.amount),
    }));
    canonical = JSON.stringify(body.lines);
  }
  const today = await businessDate(ctx);
  const ahead = lines
    .filter((l) => l.payDate > today)
    .map((l) => ({ line: l.line, column: 'pay_date' as const, message: SERVICING_BO_MSG.payDateAhead(l.payDate) }));
  if (ahead.length > 0) return refuse(ahead);
  // An employer's submission (employer portal) is its own: the same content from another employer is another batch.
  if (employer) canonical = `employer:${String(employer.id)}\n${canonical}`;
  const sha256 = createHash('sha256').update(canonical).digest('hex');
  const repo = ctx.repos.loanBook;
  const previous = await repo.batchBySha(sha256);
  if (previous) {
    const rows = await repo.batchLines(previous.id);
    await refundCredits(ctx, postedLoans(rows), staff);
    return summary(previous.id, true, rows);
  }

  // A borrower's paid-off loan is a candidate only when they have no open allotment loan (a late
  // remittance of a loan paid off; a new loan's remittance goes to the new loan).
  // An employer's submission matches only its own employees' loans.
  const all = (await repo.remittanceCandidates()).filter((c) => !employer || c.employerId === employer.id);
  const open = new Set(all.filter((c) => c.status !== 'closed_paid').map((c) => c.userId));
  const candidates = all.filter((c) => c.status !== 'closed_paid' || !open.has(c.userId));
  const byLoan = new Map(candidates.map((c) => [c.loanId, c]));
  const matches = matchRemittance(
    lines,
    candidates.map((c) => ({ loanId: c.loanId, loanNumber: c.loanNumber, employer: c.employer ?? '', employeeId: c.employeeId })),
  );
  const at = ctx.now();
  const total = lines.reduce((s, l) => s + l.amountCents, 0);
  const result = await repo.inTransaction(async (tx) => {
    const batch = await tx.insertBatch({
      sha256,
      source,
      fileName: 'csv' in body ? (body.file_name ?? null) : (body.reference ?? null),
      importedByStaffId: staff?.id ?? null,
      employerId: employer?.id ?? null,
      lineCount: lines.length,
      totalCents: cents(total),
      createdAt: at,
    });
    if (!batch) return null; // a concurrent import of the same content won
    // Every loan this file posts to is locked first, in id order, before any line row references it: two
    // imports touching the same loans (two files, a file and the employer portal) then queue on the first
    // lock instead of deadlocking (a line's foreign key takes a share lock on its loan, which a later
    // FOR UPDATE of the other import would wait on).
    const locks = new Map<number, Awaited<ReturnType<typeof tx.lockLoan>>>();
    for (const id of [...new Set(matches.flatMap((m) => (m.loanId !== null ? [m.loanId] : [])))].sort((a, b) => a - b)) locks.set(id, await tx.lockLoan(id));
    const rows: RemittanceLineRow[] = [];
    for (const m of matches) {
      const loan = m.loanId !== null ? byLoan.get(m.loanId) : undefined;
      let reason: string | null = m.loanId === null ? m.reason : null;
      if (loan && m.line.payDate < loan.disbursementDate) reason = 'before_disbursement';
      const row = await tx.insertLine({
        batchId: batch.id,
        line: m.line.line,
        employer: m.line.employer,
        payDate: m.line.payDate,
        borrowerIdentifier: m.line.borrowerIdentifier,
        amountCents: m.line.amountCents,
        status: reason ? 'suspense' : 'posted',
        suspenseReason: reason,
        loanId: reason ? null : m.loanId,
        createdAt: at,
      });
      if (!reason && m.loanId !== null) {
        const locked = locks.get(m.loanId);
        // A remittance after the payoff (the employer's deduction still ran) posts to the paid-off loan: its
        // credit balance is refunded after the commit and the loan stays closed.
        if (!locked || (locked.status !== 'opened' && locked.status !== 'default' && locked.status !== 'closed_paid')) {
          await tx.resolveLine(row.id, { status: 'suspense', suspenseReason: 'loan_closed', loanId: null });
          rows.push({ ...row, status: 'suspense', suspenseReason: 'loan_closed', loanId: null });
          continue;
        }
        // The same pay date of the same loan already remitted through the OTHER channel (the employer's own
        // submission vs a payroll file a servicer imported): never taken twice — a servicer decides (suspense).
        const employerChannel = (s: string) => s === 'employer';
        const earlier = await tx.postedForPayDate(m.loanId, m.line.payDate, batch.id);
        if (earlier.some((e) => employerChannel(e.source) !== employerChannel(source))) {
          await tx.resolveLine(row.id, { status: 'suspense', suspenseReason: 'already_remitted', loanId: null });
          rows.push({ ...row, status: 'suspense', suspenseReason: 'already_remitted', loanId: null });
          continue;
        }
        const entry = await postToLoan(tx, m.loanId, row, at, staff?.id ?? null);
        await tx.resolveLine(row.id, { ledgerEntryId: entry.id });
        rows.push({ ...row, ledgerEntryId: entry.id });
      } else rows.push(row);
    }
    if (staff) {
      await tx.audit({
        staffUserId: staff.id,
        action: 'remittance_imported',
        targetUserId: null,
        before: {},
        after: { batch_id: batch.id, lines: lines.length, total_cents: total, source },
        at,
      });
    }
    return { batchId: batch.id, rows };
  });
  if (!result) {
    const winner = (await repo.batchBySha(sha256))!;
    const rows = await repo.batchLines(winner.id);
    await refundCredits(ctx, postedLoans(rows), staff);
    return summary(winner.id, true, rows);
  }
  await ctx.hooks.loanBook.remittancesPosted(
    ctx,
    result.rows.filter((r) => r.status === 'posted'),
  );
  // Zero means closed on the business day it is reached, whatever paid it.
  for (const loanId of new Set(postedLoans(result.rows))) await refreshLoanStatus(ctx, loanId);
  await refundCredits(ctx, postedLoans(result.rows), staff);
  return summary(result.batchId, false, result.rows);
}

function summary(batchId: number, duplicate: boolean, rows: readonly RemittanceLineRow[]) {
  return {
    batch_id: batchId,
    duplicate,
    posted: rows.filter((r) => r.status === 'posted' || r.status === 'assigned').length,
    suspense: rows.filter((r) => r.status === 'suspense').length,
    total: rows.reduce((s, r) => s + r.amountCents, 0),
    lines: rows.map(lineWire),
  };
}

/** GET /remittances/suspense */
export async function listSuspense(ctx: AppContext) {
  return { lines: (await ctx.repos.loanBook.suspense()).map(lineWire) };
}

/**
 * POST /remittances/lines/:id/resolve: assign a suspense line to a loan (posts it) or reject it with a
 * reason. Audited. An assignment that takes the loan beyond its payoff refunds the credit after the commit.
 */
export async function resolveSuspenseLine(
  ctx: AppContext,
  staff: TStaffMember,
  id: number,
  body: { action: 'assign'; loan_id: number } | { action: 'reject'; reason: string },
) {
  const resolved = await resolveInTransaction(ctx, staff, id, body);
  if (resolved.line.status === 'assigned' && resolved.line.loan_id !== null) {
    await refreshLoanStatus(ctx, resolved.line.loan_id);
    await refundCredits(ctx, [resolved.line.loan_id], staff);
  }
  return resolved;
}

async function resolveInTransaction(
  ctx: AppContext,
  staff: TStaffMember,
  id: number,
  body: { action: 'assign'; loan_id: number } | { action: 'reject'; reason: string },
) {
  return ctx.repos.loanBook.inTransaction(async (tx) => {
    const line = await tx.lockLine(id);
    if (!line) throw AppError.notFound(SERVICING_BO_MSG.lineNotFound);
    if (line.status !== 'suspense') throw new AppError('conflict', SERVICING_BO_MSG.lineNotInSuspense);
    const at = ctx.now();
    if (body.action === 'reject') {
      await tx.resolveLine(id, { status: 'rejected', rejectionReason: body.reason, resolvedByStaffId: staff.id, resolvedAt: at });
      await tx.audit({
        staffUserId: staff.id,
        action: 'remittance_line_rejected',
        targetUserId: null,
        before: { line_id: id, status: 'suspense' },
        after: { status: 'rejected', reason: body.reason },
        at,
      });
      return { line: lineWire({ ...line, status: 'rejected', rejectionReason: body.reason, resolvedByStaffId: staff.id, resolvedAt: at }) };
    }
    const loan = await tx.lockLoan(body.loan_id);
    if (!loan) throw AppError.notFound(SERVICING_BO_MSG.loanNotFound);
    // A paid-off loan takes a late remittance too: the credit it makes is refunded after the commit.
    if (loan.status !== 'opened' && loan.status !== 'default' && loan.status !== 'closed_paid')
      throw new AppError('conflict', SERVICING_BO_MSG.loanNotServiced);
    if (line.payDate < loan.disbursementDate) throw new AppError('validation', SERVICING_BO_MSG.payDateBeforeLoan);
    const entry = await postToLoan(tx, loan.id, line, at, staff.id);
    const set = { status: 'assigned' as const, loanId: loan.id, ledgerEntryId: entry.id, resolvedByStaffId: staff.id, resolvedAt: at };
    await tx.resolveLine(id, set);
    await tx.audit({
      staffUserId: staff.id,
      action: 'remittance_line_assigned',
      targetUserId: loan.userId,
      before: { line_id: id, status: 'suspense' },
      after: { status: 'assigned', loan_id: loan.id, ledger_entry_id: entry.id, amount_cents: line.amountCents },
      at,
    });
    return { line: lineWire({ ...line, ...set }) };
  });
}

/**
 * POST /remittances/sandbox: the remittance file the employers would send for `pay_date` — one line per
 * open allotment loan with an installment due on that date, for its scheduled amount. Outside production.
 */
export async function sandboxRemittanceFile(ctx: AppContext, payDate: IsoDate) {
  if (ctx.config.env === 'production') throw new AppError('forbidden', SERVICING_BO_MSG.notInProduction);
  const repo = ctx.repos.loanBook;
  const lines: Omit<RemittanceLine, 'line'>[] = [];
  let total = 0;
  for (const c of await repo.remittanceCandidates()) {
    const due = (await repo.installments(c.loanId)).find((i) => i.dueDate === payDate);
    if (!due) continue;
    lines.push({ employer: c.employer ?? '', payDate, borrowerIdentifier: c.loanNumber, amountCents: cents(due.paymentCents) });
    total += due.paymentCents;
  }
  return { csv: ctx.providers.payrollFiles.writeRemittanceFile(lines), lines: lines.length, total };
}
