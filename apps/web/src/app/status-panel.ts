import type { AlertKind } from '@payrail/ui/alert';
import { depositNoun, depositTitle } from '../lib/payroll-wording';

export interface StatusPanelEntry {
  title: string;
  kind: AlertKind;
  message: string;
}

export interface StatusPanelOptions {
  /** The employer's payment type: split_direct_deposit (non-federal) reads "Split Direct Deposit" for allotment (lib/payroll-wording). */
  paymentType?: string | null;
  /** The reapply date as shown (MM/DD/YYYY), for the canceled message. */
  reapplyOn?: string | null;
}

/** Messages of the panel (classic §2 "Messages exist for declined, dropped for inactivity, canceled (reapply on a date) and in analysis"). */
export const PANEL_MSG = {
  inAnalysis: 'We received your application and it is in analysis. Our customer service reviews applications within 24-48 hours.',
  declined: 'Unfortunately, we could not approve your application at this time.',
  dropped: 'Your application was dropped for inactivity.',
  canceled: 'Your application was canceled.',
  canceledReapply: (date: string) => `Your application was canceled. You can reapply on ${date}.`,
  paidOff: 'Loan paid in full',
} as const;

/**
 * Titles and colours of the home status panel (classic-application-flow.md §2, "Panel titles"); the
 * colours map onto the design system's alert kinds (green success, blue info, yellow warning, red
 * error). Non-federal employers read "Split Direct Deposit" where federal ones read "Allotment".
 */
export function statusPanelEntry(status: string | null | undefined, notQualifiedReason?: string | null, options: StatusPanelOptions = {}): StatusPanelEntry {
  const deposit = depositTitle(options.paymentType);
  const noun = depositNoun(options.paymentType);
  switch (status) {
    case 'approved':
    case 'refinancing_application':
      return { title: 'Approved', kind: 'success', message: 'Your loan was approved.' };
    case 'application_submitted':
      return { title: 'In Analysis', kind: 'info', message: PANEL_MSG.inAnalysis };
    case 'feedback_sent':
      return { title: 'Irregularities Found', kind: 'warning', message: 'Our review found something to correct in your application.' };
    case 'ready_for_review':
      return { title: 'Under Review', kind: 'info', message: 'Your application is with our reviewers. A review usually takes 24-48 hours.' };
    case 'employer_review':
      return { title: 'Employer Review', kind: 'info', message: 'We are confirming your employment with your employer.' };
    case 'declined':
      return { title: 'Declined', kind: 'error', message: PANEL_MSG.declined };
    case 'denied':
      return notQualifiedReason
        ? { title: 'Not Qualified', kind: 'error', message: notQualifiedReason }
        : { title: 'Declined', kind: 'error', message: PANEL_MSG.declined };
    case 'dropped':
      return { title: 'Dropped', kind: 'warning', message: PANEL_MSG.dropped };
    case 'canceled':
      return { title: 'Canceled', kind: 'warning', message: options.reapplyOn ? PANEL_MSG.canceledReapply(options.reapplyOn) : PANEL_MSG.canceled };
    case 'allotment_needed':
      return { title: `${deposit} Needed`, kind: 'warning', message: `We need your ${noun} to continue.` };
    case 'review_allotment':
      return { title: `${deposit} in analysis`, kind: 'warning', message: `We are checking your ${noun} document.` };
    default:
      return { title: 'Application in progress', kind: 'info', message: 'Your application is in progress.' };
  }
}

/** Statuses whose panel is the Approved one; only these offer the five-star rating (classic §2). */
export const APPROVED_STATUSES: ReadonlySet<string> = new Set(['approved', 'refinancing_application']);

/** Statuses whose panel shows the reapply date (Declined, Not Qualified) or a New Loan button (Dropped, Canceled). */
export const REAPPLY_STATUSES: ReadonlySet<string> = new Set(['declined', 'denied']);
export const NEW_LOAN_STATUSES: ReadonlySet<string> = new Set(['dropped', 'canceled']);

/** `could_reapply_on` as shown: 'today', 'never', or MM/DD/YYYY for a YYYY-MM-DD date. */
export function reapplyDateText(couldReapplyOn: string | null | undefined): string | null {
  if (!couldReapplyOn || couldReapplyOn === 'today' || couldReapplyOn === 'never') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(couldReapplyOn);
  return match ? `${match[2]}/${match[3]}/${match[1]}` : null;
}
