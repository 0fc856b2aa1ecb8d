import { DISPUTE_COMPLIANCE_CODES } from '@payrail/domain/credit-reporting/account';
import { z } from 'zod';
import { FIELD_MSG } from './messages';
import { ZIsoDate } from './dates';

/**
 * Credit reporting (issue #32, docs/credit-reporting.md): the monthly Metro 2 furnishing files (admin:
 * list, generate for a month that has ended, download) and the borrower's disputes of what is reported
 * (servicing staff flag and resolve them; the next file carries the compliance condition code).
 */
export const CREDIT_REPORTING_MSG = {
  periodInvalid: 'Choose a month (YYYY-MM).',
  periodNotEnded: 'That month has not ended yet on the business date: a month is furnished once it is over.',
  periodTooOld: 'Files are generated for the last 24 months only.',
  fileNotFound: 'File not found.',
  fileUnavailable: 'The stored bytes of this file are missing or changed. Generate it again after the storage is repaired.',
  loanNotFound: 'Loan not found.',
  loanNotReportable: 'This loan has not been funded, so nothing about it is reported to the credit bureaus.',
  disputeOpen: 'This loan already has an open dispute.',
  disputeNotFound: 'Dispute not found.',
  disputeResolved: 'This dispute is already resolved.',
} as const;

export const DISPUTE_STATUSES = ['open', 'resolved'] as const;
export const DISPUTE_OUTCOMES = ['resolved', 'consumer_disagrees'] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];
export const DISPUTE_OUTCOME_LABELS: Record<DisputeOutcome, string> = {
  resolved: 'Investigation completed (XH)',
  consumer_disagrees: 'Investigation completed, consumer disagrees (XC)',
};

/** The Compliance Condition Codes a dispute puts on the account, and what they say. */
export const COMPLIANCE_CODE_LABELS: Record<string, string> = {
  XB: 'Disputed by the consumer (FCRA), investigation pending',
  XH: 'Previously disputed, investigation completed',
  XC: 'Investigation completed, consumer disagrees',
};

const ZId = z.coerce.number({ error: FIELD_MSG.invalid }).int(FIELD_MSG.invalid).positive(FIELD_MSG.invalid).max(2_147_483_647, FIELD_MSG.invalid);
const note = z.string({ error: FIELD_MSG.blank }).trim().min(1, FIELD_MSG.blank).max(1000, FIELD_MSG.tooLong(1000));

/** A reporting month, `YYYY-MM`. */
export const ZPeriod = z.string({ error: CREDIT_REPORTING_MSG.periodInvalid }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, CREDIT_REPORTING_MSG.periodInvalid);

export const ZCreditReportingFile = z.object({
  id: z.number().int(),
  period: z.string(),
  /** The month's last day: the header's Activity Date. */
  activity_date: ZIsoDate,
  /** The business date the file was generated on (the header's Date Created). */
  created_on: ZIsoDate,
  created_at: z.string(),
  /** Staff who asked for it, or null when the monthly job made it. */
  generated_by: z.string().nullable(),
  base_records: z.number().int(),
  /** Accounts by Account Status code (11, 71, 78, 80, 82, 83, 84, 13, 64, 97). */
  status_counts: z.record(z.string(), z.number().int()),
  /** Accounts reported with a compliance condition code (a dispute). */
  disputed: z.number().int(),
  /** Accounts held back because their record would not pass the bureau's edits (missing name, address…). */
  excluded: z.array(z.object({ loan_id: z.number().int(), identifier: z.string(), problems: z.array(z.string()) })),
  byte_size: z.number().int(),
  sha256: z.string(),
});
export type TCreditReportingFile = z.infer<typeof ZCreditReportingFile>;

/** GET /backoffice/credit_reporting/files */
export const ZCreditReportingFiles = z.object({
  business_date: ZIsoDate,
  /** The latest month that has ended on the business date (the next one the job furnishes). */
  last_ended_period: z.string(),
  files: z.array(ZCreditReportingFile),
});
export type TCreditReportingFiles = z.infer<typeof ZCreditReportingFiles>;

/** POST /backoffice/credit_reporting/files */
export const ZGenerateCreditFile = z.object({ period: ZPeriod });
export type TGenerateCreditFile = z.infer<typeof ZGenerateCreditFile>;
export const ZGenerateCreditFileResponse = z.object({ file: ZCreditReportingFile, created: z.boolean() });
export type TGenerateCreditFileResponse = z.infer<typeof ZGenerateCreditFileResponse>;

export const ZCreditFileParams = z.object({ id: ZId });

export const ZCreditDispute = z.object({
  id: z.number().int(),
  loan_id: z.number().int(),
  status: z.enum(DISPUTE_STATUSES),
  opened_on: ZIsoDate,
  opened_by: z.string(),
  note: z.string(),
  resolved_on: ZIsoDate.nullable(),
  resolved_by: z.string().nullable(),
  outcome: z.enum(DISPUTE_OUTCOMES).nullable(),
  resolution_note: z.string().nullable(),
  /** The code the account carries in the next file because of this dispute (XB open, XH / XC resolved). */
  compliance_condition_code: z.enum(DISPUTE_COMPLIANCE_CODES),
});
export type TCreditDispute = z.infer<typeof ZCreditDispute>;

/** GET /backoffice/loans/{loanId}/disputes */
export const ZLoanDisputes = z.object({
  loan_id: z.number().int(),
  /** The code the next file reports for the loan (its latest dispute), or null. */
  compliance_condition_code: z.enum(DISPUTE_COMPLIANCE_CODES).nullable(),
  disputes: z.array(ZCreditDispute),
});
export type TLoanDisputes = z.infer<typeof ZLoanDisputes>;

/** POST /backoffice/loans/{loanId}/disputes */
export const ZOpenDispute = z.object({ note });
export type TOpenDispute = z.infer<typeof ZOpenDispute>;

/** POST /backoffice/loans/{loanId}/disputes/{disputeId}/resolve */
export const ZResolveDispute = z.object({ outcome: z.enum(DISPUTE_OUTCOMES, { error: FIELD_MSG.notIncluded }), note });
export type TResolveDispute = z.infer<typeof ZResolveDispute>;

export const ZDisputeParams = z.object({ loanId: ZId, disputeId: ZId });
