import { RECONCILIATION_STATUSES, type ReconciliationStatus } from '@payrail/domain/employer/remittance-upload';
import { z } from 'zod';

import { ZCents } from './money';
import { ZIsoDate } from './dates';

/**
 * Remittances in the employer portal (issue #31, docs/employer-portal.md), under /api/employer_portal
 * (employer session token in `Authorization`), and the employer's remittance history in the back office
 * (GET /api/backoffice/employers/{id}/remittances). Money is integer cents; dates `YYYY-MM-DD`.
 * An employer's answer carries only what a deduction needs: employee id and name, expected and remitted
 * per pay date — never a loan's balance, rate or payoff.
 */

const ZId = z.coerce.number().int().positive().max(2_147_483_647);
const ZDate = ZIsoDate;

/** Messages of these calls. */
export const EMPLOYER_REMITTANCE_MSG = {
  errors: 'The remittance has errors; nothing was posted.',
  payDateAhead: (date: string) => `Pay date ${date} is in the future: submit a remittance once the payroll has run.`,
  notFound: 'Remittance not found.',
  employerNotFound: 'Employer not found.',
  csvOrLines: 'Upload the CSV file, or enter the pay date and the amount remitted per employee.',
} as const;

/** POST /remittances: an upload (the deduction file's CSV layout) or totals per employee typed on screen. */
export const ZEmployerRemittanceRequest = z.union(
  [
    z.strictObject({ csv: z.string().min(1).max(2_000_000), file_name: z.string().trim().max(200).optional() }),
    z.strictObject({
      pay_date: z.string().max(32),
      lines: z
        .array(z.strictObject({ employee_id: z.string().max(64), amount: ZCents.check(z.nonnegative(), z.lte(9_999_999)) }))
        .min(1)
        .max(10_000),
    }),
  ],
  { error: EMPLOYER_REMITTANCE_MSG.csvOrLines },
);
export type TEmployerRemittanceRequest = z.infer<typeof ZEmployerRemittanceRequest>;

/** The 422 of a remittance with errors: every line at fault. */
export const ZEmployerRemittanceErrors = z.object({
  error: z.string(),
  line_errors: z.array(z.object({ line: z.number().int(), column: z.string().optional(), message: z.string() })),
});

export { RECONCILIATION_STATUSES };
export type TReconciliationStatus = ReconciliationStatus;

/** One employee's line of the reconciliation. */
export const ZReconciliationLine = z.strictObject({
  employee_id: z.string(),
  employee_name: z.string().nullable(),
  /** The deduction due on the pay date (0: none was due). */
  expected: ZCents,
  remitted: ZCents,
  /** remitted − expected (negative: short or missing). */
  difference: ZCents,
  status: z.enum(RECONCILIATION_STATUSES),
  reason: z.string(),
});
export type TReconciliationLine = z.infer<typeof ZReconciliationLine>;

const ZCounts = z.strictObject({
  exact: z.number().int(),
  short: z.number().int(),
  over: z.number().int(),
  missing: z.number().int(),
  unknown_employee: z.number().int(),
});

/** A submitted remittance, its totals and how many employees fell in each reconciliation status. */
/** How an employer sent a remittance: a CSV file upload, or typed on the screen. */
export const REMITTANCE_METHODS = ['upload', 'screen'] as const;
export const ZEmployerRemittance = z.strictObject({
  id: z.number().int(),
  pay_date: ZIsoDate,
  method: z.enum(REMITTANCE_METHODS),
  file_name: z.string().nullable(),
  submitted_at: z.string(),
  submitted_by: z.string().nullable(),
  expected: ZCents,
  remitted: ZCents,
  counts: ZCounts,
});
export type TEmployerRemittance = z.infer<typeof ZEmployerRemittance>;

/** GET /remittances/{id}: the reconciliation line by line. */
export const ZEmployerRemittanceDetail = ZEmployerRemittance.extend({ lines: z.array(ZReconciliationLine) });
export type TEmployerRemittanceDetail = z.infer<typeof ZEmployerRemittanceDetail>;

/** POST /remittances answer: the reconciliation; `duplicate` when this exact remittance was submitted before (nothing posted again). */
export const ZEmployerRemittanceSubmitted = ZEmployerRemittanceDetail.extend({ duplicate: z.boolean() });
export type TEmployerRemittanceSubmitted = z.infer<typeof ZEmployerRemittanceSubmitted>;

/** GET /remittances: the employer's remittances, newest first. */
export const ZEmployerRemittanceList = z.strictObject({ remittances: z.array(ZEmployerRemittance) });
export type TEmployerRemittanceList = z.infer<typeof ZEmployerRemittanceList>;

export const ZEmployerRemittanceParams = z.object({ id: ZId });

/** Back office: a reconciliation line with the loan it concerns (the servicer opens it). */
export const ZBackofficeReconciliationLine = ZReconciliationLine.extend({ loan_id: z.number().int().nullable() });
/** GET /api/backoffice/employers/{id}/remittances: the employer's remittances with their reconciliations, newest first (at most 50). */
export const ZBackofficeEmployerRemittances = z.strictObject({
  employer_id: z.number().int(),
  remittances: z.array(ZEmployerRemittance.extend({ batch_id: z.number().int(), lines: z.array(ZBackofficeReconciliationLine) })),
});
export type TBackofficeEmployerRemittances = z.infer<typeof ZBackofficeEmployerRemittances>;
export const ZBackofficeEmployerParams = z.object({ id: ZId });
export { ZDate as ZRemittancePayDate };
