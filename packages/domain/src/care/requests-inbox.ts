/**
 * The borrower's requests inbox (issue #13): every open request Payrail has of the borrower, DERIVED
 * from facts that already exist (the open reviewer feedback request, uploaded documents, the e-mail and
 * phone confirmations, the loans' auto-debit authorizations, returned payments). Nothing here is stored:
 * a request disappears from the inbox as soon as the fact that closes it exists.
 */
import { DOCUMENT_NAMES } from '../engagement/notices';
import { cents, formatCents } from '../money';
import type { TransactionStatus } from '../loan/statuses';

/** Kinds of request, in the order the inbox lists them (most blocking first). */
export const REQUEST_KINDS = [
  'returned_payment',
  'hardship_information',
  'feedback',
  'document',
  'auto_debit_authorization',
  'email_confirmation',
  'phone_confirmation',
] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

/** `to_do`: the borrower must act. `in_progress`: the borrower acted in part, or Payrail is on it. */
export const REQUEST_STATUSES = ['to_do', 'in_progress'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** The one action of a request: a page of the borrower app, or the confirmation e-mail to resend. */
export type RequestAction = { kind: 'link'; label: string; to: string } | { kind: 'resend_confirmation'; label: string };

/** One open request. `key` is stable while the request is open (the SPA and the back office key rows by it). */
export type OpenRequest = {
  key: string;
  kind: RequestKind;
  title: string;
  detail: string;
  status: RequestStatus;
  /** When it was asked (ISO timestamp or date), null when it has always been open (an unconfirmed e-mail). */
  since: string | null;
  action: RequestAction;
};

/** What the inbox is derived from (the use case reads it; nothing here reads a clock or a database). */
export type InboxFacts = {
  email: string;
  emailConfirmed: boolean;
  /** The profile's phone (E.164) and whether it is verified; null when no phone was given yet. */
  phone: { number: string; confirmed: boolean } | null;
  /** The reviewer's open feedback request, if any (there is at most one open at a time). */
  feedback: {
    id: number;
    message: string;
    fields: readonly string[];
    documents: readonly string[];
    bankInformation: boolean;
    allotment: boolean;
    /** ISO timestamp. */
    createdAt: string;
  } | null;
  /** Non-deleted uploads: type and ISO timestamp. */
  uploads: readonly { type: string; createdAt: string }[];
  loans: readonly {
    id: number;
    identifier: string;
    /** Only `opened` loans can have requests. */
    status: string;
    /** The application's repayment method (auto_debit, split_direct_deposit, online…). */
    paymentMethod: string | null;
    hasActiveAutoDebit: boolean;
  }[];
  /** The loans' payment transactions (all statuses), to find returned payments and what fixed them. */
  transactions: readonly {
    id: number;
    loanId: number;
    status: TransactionStatus;
    amountCents: number;
    returnedOn: string | null;
    returnCode: string | null;
    retryOfId: number | null;
  }[];
  /** Hardship requests on which staff asked the borrower for more information (docs/hardship.md); absent: none. */
  hardshipQuestions?: readonly { id: number; loanId: number; identifier: string; message: string | null; since: string }[];
};

/** The readable meaning of the ACH return codes a borrower can fix. */
export const RETURN_REASONS: Readonly<Record<string, string>> = {
  R01: 'insufficient funds',
  R02: 'the account is closed',
  R03: 'no account was found',
  R04: 'the account number is invalid',
  R07: 'the authorization was revoked',
  R08: 'the payment was stopped',
  R09: 'the funds were not available',
  R10: 'the bank says the debit was not authorized',
  R16: 'the account is frozen',
  R20: 'the account does not accept debits',
};

const PAYMENTS_PAGE = '/dashboard/loans-and-payments';
/** Integer cents as `$1,234.56` (no float arithmetic). */
const usd = (c: number) => {
  const [dollars, rest] = formatCents(cents(c)).split('.') as [string, string];
  return `$${dollars.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${rest}`;
};

/**
 * A returned payment is fixed by ANY later money in motion on the same loan: a retry of it that is not
 * itself returned or canceled, or a later transaction (higher id) that is scheduled, pending or settled.
 * While only a retry is under way, Payrail is on it (`in_progress`).
 */
function returnedPayments(facts: InboxFacts, openLoanIds: ReadonlyMap<number, string>): OpenRequest[] {
  const out: OpenRequest[] = [];
  const live = (s: string) => s === 'scheduled' || s === 'pending' || s === 'settled';
  for (const t of facts.transactions) {
    if (t.status !== 'returned' || !openLoanIds.has(t.loanId)) continue;
    // A returned retry is reported through the payment it retried (one request per returned payment).
    if (t.retryOfId !== null && facts.transactions.some((o) => o.id === t.retryOfId && o.status === 'returned')) continue;
    const chain = new Set<number>([t.id]);
    for (const o of facts.transactions) if (o.retryOfId !== null && chain.has(o.retryOfId)) chain.add(o.id);
    const later = facts.transactions.filter((o) => o.loanId === t.loanId && o.id > t.id && !chain.has(o.id) && live(o.status));
    if (later.length > 0) continue;
    const retrying = facts.transactions.some((o) => chain.has(o.id) && o.id !== t.id && (o.status === 'scheduled' || o.status === 'pending'));
    const retriesSettled = facts.transactions.some((o) => chain.has(o.id) && o.id !== t.id && o.status === 'settled');
    if (retriesSettled) continue;
    const reason = t.returnCode ? (RETURN_REASONS[t.returnCode] ?? `return code ${t.returnCode}`) : 'a bank return';
    const identifier = openLoanIds.get(t.loanId)!;
    out.push({
      key: `returned_payment:${t.id}`,
      kind: 'returned_payment',
      title: 'Fix a returned payment',
      detail: retrying
        ? `Your payment of ${usd(t.amountCents)} on loan ${identifier} was returned (${reason}). We are presenting it again; keep the funds in your account.`
        : `Your payment of ${usd(t.amountCents)} on loan ${identifier} was returned (${reason}). Make the payment again, from another account if needed.`,
      status: retrying ? 'in_progress' : 'to_do',
      since: t.returnedOn,
      action: { kind: 'link', label: 'Make a payment', to: PAYMENTS_PAGE },
    });
  }
  return out;
}

/**
 * Every open request of the borrower, most blocking first (returned payments, the reviewer's feedback
 * and its documents, auto-debit authorizations, then the e-mail and phone to confirm). An empty list
 * means there is nothing Payrail needs from the borrower.
 */
export function openRequests(facts: InboxFacts): OpenRequest[] {
  const requests: OpenRequest[] = [];
  const openLoans = facts.loans.filter((l) => l.status === 'opened');
  requests.push(...returnedPayments(facts, new Map(openLoans.map((l) => [l.id, l.identifier]))));
  for (const h of facts.hardshipQuestions ?? []) {
    requests.push({
      key: `hardship_information:${h.id}`,
      kind: 'hardship_information',
      title: 'Answer our question about your hardship request',
      detail: [`We need more information to decide on your hardship request for loan ${h.identifier}.`, h.message?.trim() ?? '']
        .filter((s) => s.length > 0)
        .join(' '),
      status: 'to_do',
      since: h.since,
      action: { kind: 'link', label: 'Answer the question', to: `/dashboard/loans/${h.loanId}/hardship` },
    });
  }

  const fb = facts.feedback;
  if (fb) {
    const asks: string[] = [];
    if (fb.fields.length > 0) asks.push(`correct ${fb.fields.length === 1 ? 'one answer' : `${fb.fields.length} answers`}`);
    if (fb.bankInformation) asks.push('update your bank information');
    if (fb.allotment) asks.push('set up your allotment');
    const missing = fb.documents.filter((type) => !facts.uploads.some((u) => u.type === type && u.createdAt >= fb.createdAt));
    const uploaded = fb.documents.length - missing.length;
    requests.push({
      key: `feedback:${fb.id}`,
      kind: 'feedback',
      title: 'Answer your reviewer',
      detail: [fb.message.trim(), asks.length > 0 ? `You are asked to ${asks.join(', ')}.` : ''].filter((s) => s.length > 0).join(' '),
      status: uploaded > 0 ? 'in_progress' : 'to_do',
      since: fb.createdAt,
      action: { kind: 'link', label: 'Open the request', to: '/feedback' },
    });
    for (const type of missing) {
      const label = DOCUMENT_NAMES[type] ?? type.replaceAll('_', ' ');
      requests.push({
        key: `document:${fb.id}:${type}`,
        kind: 'document',
        title: `Upload your ${label}`,
        detail: `Your reviewer asked for your ${label}. Upload a clear PDF or photo.`,
        status: 'to_do',
        since: fb.createdAt,
        action: { kind: 'link', label: 'Upload the document', to: '/feedback' },
      });
    }
  }

  for (const loan of openLoans) {
    if (loan.paymentMethod !== 'auto_debit' || loan.hasActiveAutoDebit) continue;
    requests.push({
      key: `auto_debit_authorization:${loan.id}`,
      kind: 'auto_debit_authorization',
      title: 'Authorize your automatic payments',
      detail: `Loan ${loan.identifier} is repaid by auto-debit, but no account is authorized. Choose the account and accept the authorization so no payment is missed.`,
      status: 'to_do',
      since: null,
      action: { kind: 'link', label: 'Set up auto-debit', to: PAYMENTS_PAGE },
    });
  }

  if (!facts.emailConfirmed) {
    requests.push({
      key: 'email_confirmation',
      kind: 'email_confirmation',
      title: 'Confirm your e-mail',
      detail: `Open the link we sent to ${facts.email} to confirm it is yours.`,
      status: 'to_do',
      since: null,
      action: { kind: 'resend_confirmation', label: 'Send the e-mail again' },
    });
  }
  if (facts.phone && !facts.phone.confirmed) {
    requests.push({
      key: 'phone_confirmation',
      kind: 'phone_confirmation',
      title: 'Confirm your phone number',
      detail: `Enter the code we text to your phone ending ${facts.phone.number.slice(-4)} to confirm it.`,
      status: 'to_do',
      since: null,
      action: { kind: 'link', label: 'Confirm the phone', to: '/dashboard/personal-information' },
    });
  }
  return requests;
}

/** The notification a staff reminder writes: how many requests are open, and where to see them. */
export function requestsReminderNotice(open: number): string {
  return `Reminder: ${open === 1 ? '1 request is' : `${open} requests are`} waiting for you. Open Requests on your dashboard.`;
}
