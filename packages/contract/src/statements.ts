import { z } from 'zod';
import { ZCents } from './money';
import { ZIsoDate } from './dates';

/** Periodic statements (docs/statements.md): a monthly statement per loan and a year-end summary. */
export const STATEMENT_KINDS = ['monthly', 'year_end'] as const;
export type TStatementKind = (typeof STATEMENT_KINDS)[number];

const ZId = z.coerce.number().int().positive().max(2_147_483_647);
/** Borrower: `/loans/statements/{id}/pdf` and `/loans/{id}/statements` (the loan's id). */
export const ZStatementParams = z.object({ id: ZId });
/** Back office: `/loans/{loanId}/statements/{statementId}/pdf`. */
export const ZLoanStatementParams = z.object({ loanId: ZId, statementId: ZId });
export const ZStatementLoanParams = z.object({ loanId: ZId });
/** POST /api/backoffice/statements/run: what one generation did. */
export const ZStatementRunResponse = z.object({
  as_of: ZIsoDate.nullable(),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  issued: z.number().int(),
  year_end_issued: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
});
export type TStatementRunResponse = z.infer<typeof ZStatementRunResponse>;

/** One statement as listed (borrower and staff). */
export const ZStatement = z.object({
  id: z.number().int(),
  loan_id: z.number().int(),
  loan_number: z.string(),
  kind: z.enum(STATEMENT_KINDS),
  /** First and last day of the period (a calendar month, or the calendar year). */
  period_start: z.string(),
  period_end: z.string(),
  /** "Statement — October 2027", "Year-end summary — 2027". */
  title: z.string(),
  /** The PDF's file name. */
  file_name: z.string(),
  /** Where the PDF is downloaded (needs the session's token). */
  file_url: z.string(),
  /** Bytes. */
  file_size: z.number().int(),
  opening_balance: ZCents,
  closing_balance: ZCents,
  interest_paid: ZCents,
  fees_paid: ZCents,
  principal_paid: ZCents,
  created_at: z.string(),
});
export type TStatement = z.infer<typeof ZStatement>;
export const ZStatementsResponse = z.object({ statements: z.array(ZStatement) });
export type TStatementsResponse = z.infer<typeof ZStatementsResponse>;

export const STATEMENT_MSG = {
  notFound: 'Statement not found.',
} as const;
