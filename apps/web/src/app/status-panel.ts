import type { AlertKind } from '../components/ui/alert';

export interface StatusPanelEntry {
  title: string;
  kind: AlertKind;
  message: string;
}

/**
 * Titles and colours of the home status panel (classic-application-flow.md §2, "Panel titles"); the
 * colours map onto the design system's alert kinds (green success, blue info, yellow warning, red
 * error). The non-federal wording of the allotment rows needs the employer, which comes later.
 */
export function statusPanelEntry(status: string | null | undefined, notQualifiedReason?: string | null): StatusPanelEntry {
  switch (status) {
    case 'approved':
    case 'refinancing_application':
      return { title: 'Approved', kind: 'success', message: 'Your loan was approved.' };
    case 'application_submitted':
      return { title: 'In Analysis', kind: 'info', message: 'We received your signed application and are reviewing it.' };
    case 'feedback_sent':
      return { title: 'Irregularities Found', kind: 'warning', message: 'Our review found something to correct in your application.' };
    case 'ready_for_review':
      return { title: 'Under Review', kind: 'info', message: 'Your application is with our reviewers. A review usually takes 24-48 hours.' };
    case 'employer_review':
      return { title: 'Employer Review', kind: 'info', message: 'We are confirming your employment with your employer.' };
    case 'declined':
      return { title: 'Declined', kind: 'error', message: 'Your application was not approved.' };
    case 'denied':
      return notQualifiedReason
        ? { title: 'Not Qualified', kind: 'error', message: notQualifiedReason }
        : { title: 'Declined', kind: 'error', message: 'Your application was not approved.' };
    case 'dropped':
      return { title: 'Dropped', kind: 'warning', message: 'Your application was closed because it was inactive for too long.' };
    case 'canceled':
      return { title: 'Canceled', kind: 'warning', message: 'Your application was canceled.' };
    case 'allotment_needed':
      return { title: 'Allotment Needed', kind: 'warning', message: 'We need your allotment to continue.' };
    case 'review_allotment':
      return { title: 'Allotment in analysis', kind: 'warning', message: 'We are checking your allotment document.' };
    default:
      return { title: 'Application in progress', kind: 'info', message: 'Your application is in progress.' };
  }
}
