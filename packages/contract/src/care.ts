import { REQUEST_KINDS, REQUEST_STATUSES } from '@payrail/domain/care/requests-inbox';
import { ELECTRONIC_CONSENT_STATES } from '@payrail/domain/care/consents';
import { z } from 'zod';
import { ZCents } from './money';
import { isoDate, ZIsoDate } from './dates';
import { ZRescheduledRow } from './schedule';

/**
 * Borrower care (issue #13, docs/borrower-care.md): the requests inbox, the consent centre, the due-date
 * change and the hardship request. Not in the spec; money in cents, dates ISO.
 */

/** Staff reminders of the open requests one borrower may receive per business day (all staff together). */
export const REMINDERS_PER_BORROWER_PER_BUSINESS_DAY = 3;

export const CARE_MSG = {
  nothingToRemind: 'This borrower has no open request to be reminded of.',
  /** 429 when the borrower already had the day's reminders. */
  remindersCapped: `This borrower was already reminded ${String(REMINDERS_PER_BORROWER_PER_BUSINESS_DAY)} times today. You can send another reminder on the next business day.`,
  borrowerNotFound: 'Borrower not found.',
} as const;

/** The kinds are the domain's (`REQUEST_KINDS`, in inbox order). */
export const ZRequestKind = z.enum(REQUEST_KINDS);

/** The one action of a request: a page of the borrower app, or resending the confirmation e-mail. */
export const ZRequestAction = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('link'), label: z.string(), to: z.string() }),
  z.object({ kind: z.literal('resend_confirmation'), label: z.string() }),
]);

/** One open request to the borrower (derived on every read; nothing is stored). */
export const ZOpenRequest = z.object({
  key: z.string(),
  kind: ZRequestKind,
  title: z.string(),
  detail: z.string(),
  status: z.enum(REQUEST_STATUSES),
  /** ISO timestamp or date the request was made; null when it was always open. */
  since: z.string().nullable(),
  action: ZRequestAction,
});
export type TOpenRequest = z.infer<typeof ZOpenRequest>;

/** GET /dashboard/requests (borrower) and GET /backoffice/members/{id}/requests (staff). */
export const ZRequestsInbox = z.object({ requests: z.array(ZOpenRequest) });
export type TRequestsInbox = z.infer<typeof ZRequestsInbox>;

/** POST /backoffice/members/{id}/requests/remind: the reminder notification written. */
export const ZRequestsReminder = z.object({ message: z.string(), open_requests: z.number().int() });
export type TRequestsReminder = z.infer<typeof ZRequestsReminder>;

/** One agreement or disclosure the borrower accepted or signed, with its evidence. */
export const ZConsentRecord = z.object({
  key: z.string(),
  kind: z.enum(['agreement', 'esignature', 'ach_authorization', 'auto_debit_authorization', 'due_date_change']),
  /** The agreement document's name (privacy_notice, consent_eletronic_comunications, promissory_note_terms…). */
  name: z.string(),
  title: z.string(),
  version: z.string(),
  /** ISO timestamp of the acceptance or signature. */
  accepted_at: z.string(),
  ip: z.string().nullable(),
  /** A fact of the record worth showing (the name signed, the account), or null. */
  detail: z.string().nullable(),
  /** When an authorization was revoked, else null. */
  revoked_at: z.string().nullable(),
  /**
   * The document's id for GET /borrower_agreement_documents/{id} (a signed note answers the signed PDF);
   * for a due-date change, the loan document's id (GET /loans/documents/download/{id}).
   */
  document_id: z.number().int(),
});
export type TConsentRecord = z.infer<typeof ZConsentRecord>;

/** The E-SIGN consent to electronic communications and what withdrawing it means now. */
export const ZElectronicConsent = z.object({
  state: z.enum(ELECTRONIC_CONSENT_STATES),
  delivery: z.enum(['electronic', 'paper']),
  withdrawn_at: z.string().nullable(),
  /** Where paper goes while the consent is withdrawn (the profile's address at the withdrawal). */
  mailing_address: z.string().nullable(),
  consequences: z.array(z.string()),
  history: z.array(z.object({ withdrawn_at: z.string(), restored_at: z.string().nullable(), recorded_by_staff: z.boolean() })),
});

/** GET /dashboard/consents (borrower) and GET /backoffice/members/{id}/consents (staff). */
export const ZConsentCentre = z.object({ records: z.array(ZConsentRecord), electronic_communications: ZElectronicConsent });
export type TConsentCentre = z.infer<typeof ZConsentCentre>;

/** POST …/consents/electronic_communications/withdraw: the borrower (or staff) confirms the consequences were read. */
export const ZWithdrawConsentRequest = z.object({ confirm: z.boolean().optional() });

/** GET /dashboard/loans/{loanId}/due_date_change?date=YYYY-MM-DD: the re-disclosed schedule a change would give (nothing is changed). */
export const ZDueDateChangeQuery = z.object({ date: isoDate('is invalid') });
export const ZDueDateChangePreview = z.object({
  loan_id: z.number().int(),
  current_due_date: ZIsoDate,
  new_due_date: ZIsoDate,
  shift_days: z.number().int(),
  old_apr: z.string(),
  new_apr: z.string(),
  apr_changed: z.boolean(),
  total_of_payments: ZCents,
  finance_charge: ZCents,
  schedule: z.array(ZRescheduledRow),
  /** The re-disclosure the borrower signs (the signed PDF prints the same paragraphs). */
  disclosure: z.array(z.string()),
});
export type TDueDateChangePreview = z.infer<typeof ZDueDateChangePreview>;

/** POST /dashboard/loans/{loanId}/due_date_change: the borrower signs the re-disclosed schedule of a change to `date`. */
export const ZDueDateChangeRequest = z.object({
  date: isoDate('is invalid'),
  /** The borrower's full legal name, typed as their signature. */
  signature_name: z.string().max(200, { message: 'is too long' }),
  /** Consent to sign the agreement electronically (must be true). */
  agree: z.boolean(),
});
export type TDueDateChangeRequest = z.infer<typeof ZDueDateChangeRequest>;

/** One applied due-date change with its signed agreement. */
export const ZDueDateChange = z.object({
  id: z.number().int(),
  loan_id: z.number().int(),
  status: z.enum(['applied']),
  requested_date: ZIsoDate,
  signed_at: z.string(),
  signature_name: z.string(),
  ip: z.string().nullable(),
  agreement_version: z.string(),
  old_apr: z.string(),
  new_apr: z.string(),
  apr_changed: z.boolean(),
  finance_charge: ZCents,
  total_of_payments: ZCents,
  schedule: z.array(ZRescheduledRow),
  /** The signed "Due date change agreement" PDF, a loan document. */
  document: z.object({ id: z.number().int(), file_name: z.string(), file_url: z.string() }),
});
export type TDueDateChange = z.infer<typeof ZDueDateChange>;

/**
 * GET /dashboard/loans/{loanId}/due_date_changes: the dates a change may choose now (null when none), why a
 * change is refused now (with the date it is available again, for the 12-month rule), the re-disclosure
 * text, and the loan's applied changes (newest first).
 */
export const ZDueDateChangeOverview = z.object({
  loan_id: z.number().int(),
  loan_number: z.string(),
  window: z.object({ current_due_date: ZIsoDate, earliest: z.string(), latest: z.string() }).nullable(),
  refusal: z.string().nullable(),
  available_on: ZIsoDate.nullable(),
  changes: z.array(ZDueDateChange),
});
export type TDueDateChangeOverview = z.infer<typeof ZDueDateChangeOverview>;

/** What revised a loan's dates: a due-date change or a hardship deferral. */
export const SCHEDULE_REVISION_KINDS = ['due_date_change', 'hardship'] as const;

/** GET /backoffice/loans/{loanId}/schedule_revisions: every revision of the loan's dates, and its due-date change requests. */
export const ZScheduleRevision = z.object({
  id: z.number().int(),
  kind: z.enum(SCHEDULE_REVISION_KINDS),
  source_id: z.number().int(),
  created_at: z.string(),
  /** How many payments got a new date. */
  dates_moved: z.number().int(),
  due_dates_before: z.array(ZIsoDate),
  due_dates_after: z.array(ZIsoDate),
  apr_before: z.string(),
  apr_after: z.string(),
  staff: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type TScheduleRevision = z.infer<typeof ZScheduleRevision>;
export const ZScheduleRevisions = z.object({
  revisions: z.array(ZScheduleRevision),
  due_date_changes: z.array(ZDueDateChange.extend({ user_agent: z.string().nullable() })),
});
export type TScheduleRevisions = z.infer<typeof ZScheduleRevisions>;
