/**
 * What the borrower's notification menu says when something happens to their application or loan
 * (newflow-and-dashboard.md §3 Notification; issue #16 "notifications created by real events"). Pure
 * text builders: the server's one notification function stores them, in the same transaction as the
 * event whenever the event is a database write.
 */
import type { Actor } from '../workflow/machine';
import type { WorkflowStatus } from '../workflow/statuses';

/**
 * The notice of a workflow move that matters to the borrower, or null. Only moves the borrower did not
 * make themselves are told (a reviewer's decision, the system dropping an application): the borrower
 * already sees their own steps. feedback_sent has its own notice naming what the reviewer asks for.
 */
export const STATUS_NOTICES: Readonly<Partial<Record<WorkflowStatus, string>>> = {
  ready_for_review: 'Your application is back in review. We will let you know when it moves.',
  review_application: 'A reviewer is now looking at your application.',
  application_submitted: 'Your application was submitted and is in analysis.',
  employer_review: 'Your application is with your employer for review.',
  loan_amount_changed: 'Your loan amount changed. Please review your new loan terms.',
  allotment_needed: 'Your payroll repayment needs your attention: please upload a new proof.',
  review_allotment: 'Your payroll repayment proof is in analysis.',
  esignature_needed: 'Your loan is ready for your signature.',
  approved: 'Good news: your application was approved!',
  declined: 'Your application was declined. Open your dashboard to see when you can reapply.',
  denied: 'Your application was not approved. Open your dashboard to see when you can reapply.',
  reconsider_declined: 'Your application is being reconsidered.',
  dropped: 'Your application was dropped for inactivity. You can start a new loan from your dashboard.',
  canceled: 'Your application was canceled. You can start a new loan from your dashboard.',
};

/** The notice of a move to `to` made by `actor`, or null when the borrower need not be told. */
export function statusNotice(to: string, actor: Actor): string | null {
  if (actor === 'borrower') return null;
  return STATUS_NOTICES[to as WorkflowStatus] ?? null;
}

/** Names of the document types a reviewer can request (classic §2 Reviewer feedback). */
export const DOCUMENT_NAMES: Readonly<Record<string, string>> = {
  pay_stub: 'pay stub',
  driver_license: "driver's license",
  proof_of_address: 'proof of address',
  allotment: 'allotment',
  w2: 'W-2',
  bank_statement: 'bank statement',
  social_security_document: 'social security document',
  selfie_photo: 'selfie photo',
};

/** The notice of a reviewer's feedback: the documents requested by name, else a request to review the answers. */
export function feedbackNotice(documents: readonly string[]): string {
  const names = [...new Set(documents)].map((d) => DOCUMENT_NAMES[d] ?? d.replaceAll('_', ' '));
  if (names.length === 0) return 'Our reviewer asked you to review your application. Please open it to see what to correct.';
  const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]!}`;
  return `Documents requested: please upload your ${list}.`;
}

/** A payment the bank settled. `amount` is already formatted ($1,234.56). */
export const paymentSettledNotice = (amount: string, loanIdentifier: string): string => `Your payment of ${amount} on loan ${loanIdentifier} has settled.`;

/** The loan is closed at a zero balance. */
export const PAID_OFF_NOTICE = 'Your loan is paid in full. Thank you!';
