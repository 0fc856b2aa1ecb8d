import { createHash } from 'node:crypto';
import { STATEMENT_MSG } from '@payrail/contract/statements';
import type { TStatement } from '@payrail/contract/statements';
import type { TLoanDocument } from '@payrail/contract/servicing';
import type { TStaffMember } from '@payrail/contract/staff';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { statementReads } from '../../loan-book/statements.repository';
import type { StatementListing } from '../repository';
import { pdfAad, statementTitle } from './generate-statements';
import type { StoredStatement } from './generate-statements';

const notFound = () => new AppError('not_found', STATEMENT_MSG.notFound, { extra: { error_messages: [STATEMENT_MSG.notFound] } });

/** The borrower's download address of a statement. */
export const statementUrl = (id: number) => `/api/loans/statements/${String(id)}/pdf`;
/** "Statement — October 2027.pdf". */
const fileNameOf = (s: StatementListing) => `${statementTitle(s.kind, { start: s.periodStart as never, end: s.periodEnd as never })}.pdf`;

function statementWire(s: StatementListing, loanNumber: string, url: string): TStatement {
  const stored = s.figures as StoredStatement;
  const f = stored.figures;
  const paid = stored.kind === 'monthly' ? stored.figures.paidInPeriod : stored.figures.paid;
  return {
    id: s.id,
    loan_id: s.loanId,
    loan_number: loanNumber,
    kind: s.kind,
    period_start: s.periodStart,
    period_end: s.periodEnd,
    title: stored.header.title,
    file_name: fileNameOf(s),
    file_url: url,
    file_size: s.byteSize,
    opening_balance: f.openingBalanceCents,
    closing_balance: f.closingBalanceCents,
    interest_paid: paid.interestCents,
    fees_paid: paid.feesCents,
    principal_paid: paid.principalCents,
    created_at: s.createdAt.toISOString(),
  };
}

/**
 * A loan's statements as documents of the borrower's loan (GET /loans/{id}/documents lists them after the
 * signed documents): readable name, the statement's own download address. The caller checked ownership.
 */
export async function statementDocuments(ctx: AppContext, loanId: number): Promise<TLoanDocument[]> {
  return (await ctx.repos.statements.ofLoan(loanId)).map((s) => ({
    id: s.id,
    file_name: fileNameOf(s),
    file_url: statementUrl(s.id),
    file_size: s.byteSize,
    file_extension: 'pdf',
  }));
}

/** The PDF of a statement, opened and checked against its recorded SHA-256. */
async function pdfOf(ctx: AppContext, id: number, ownerId: number | null) {
  const row = await ctx.repos.statements.byId(id);
  if (!row || (ownerId !== null && row.userId !== ownerId)) throw notFound();
  const bytes = Buffer.from((await ctx.cryptoBox()).open(row.pdfSealed, pdfAad(row.loanId, row.kind, row.periodStart)), 'base64');
  if (createHash('sha256').update(bytes).digest('hex') !== row.sha256) throw new Error(`statement ${String(id)} does not match its SHA-256`);
  return { row, fileName: fileNameOf(row), bytes };
}

/** GET /loans/statements/{id}/pdf: the borrower's own statement only (another member's is 404). */
export async function borrowerStatementPdf(ctx: AppContext, userId: number, id: number) {
  const { fileName, bytes } = await pdfOf(ctx, id, userId);
  return { fileName, bytes };
}

/** GET /api/backoffice/loans/{loanId}/statements: every statement of the loan, newest first. */
export async function staffStatements(ctx: AppContext, loanId: number): Promise<{ statements: TStatement[] }> {
  const loan = await statementReads(ctx.database.db).loan(loanId);
  if (!loan) throw AppError.notFound('Loan not found.');
  return {
    statements: (await ctx.repos.statements.ofLoan(loanId)).map((s) =>
      statementWire(s, loan.identifier, `/api/backoffice/loans/${String(loanId)}/statements/${String(s.id)}/pdf`),
    ),
  };
}

/** GET /loans/{loanId}/statements (borrower, own loan): the same list with the borrower's download addresses. */
export async function borrowerStatements(ctx: AppContext, userId: number, loanId: number): Promise<{ statements: TStatement[] }> {
  const loan = await statementReads(ctx.database.db).loan(loanId);
  if (!loan || loan.userId !== userId) throw notFound();
  return { statements: (await ctx.repos.statements.ofLoan(loanId)).map((s) => statementWire(s, loan.identifier, statementUrl(s.id))) };
}

/**
 * GET /api/backoffice/loans/{loanId}/statements/{id}/pdf: staff read a statement. The view is audited
 * (`view_statement`) once the file is ready to be served, as other staff document reads are.
 */
export async function staffStatementPdf(ctx: AppContext, staff: TStaffMember, loanId: number, id: number) {
  const { row, fileName, bytes } = await pdfOf(ctx, id, null);
  if (row.loanId !== loanId) throw notFound();
  await ctx.repos.statements.auditView({ staffUserId: staff.id, userId: row.userId, statementId: row.id, loanId: row.loanId, at: ctx.now() });
  return { fileName, bytes };
}
