import { z } from 'zod';

/**
 * Borrower care (issue #13, docs/borrower-care.md): the requests inbox, the consent centre, the due-date
 * change and the hardship request. Not in the spec; money in cents, dates ISO.
 */

export const CARE_MSG = {
  nothingToRemind: 'This borrower has no open request to be reminded of.',
  borrowerNotFound: 'Borrower not found.',
} as const;

export const ZRequestKind = z.enum(['returned_payment', 'feedback', 'document', 'auto_debit_authorization', 'email_confirmation', 'phone_confirmation']);

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
  status: z.enum(['to_do', 'in_progress']),
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
